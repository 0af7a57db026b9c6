/**
 * How a search reads its matches, chosen from a sample of the list (README.md, "How a query is
 * answered"). Every plan gives the same rows and count; they differ in what they read:
 * - `walk`: the list's own index, in its order, testing each row until enough match. Costs rows
 *   walked = needed ÷ share of rows matching: cheap for common queries, ruinous for rare ones.
 * - `bitmap`: every record an index finds for one index part (the driver), tested and sorted.
 *   Costs the driver's records: cheap for rare parts, ruinous for common ones.
 * - `scan`: every row of the table, for a rare query with no part an index can look up (`3`).
 * A counted list (the global search's, to 101) may also walk for its page and count through the
 * index with `countBy`, stopping at the count's limit: for a query in a few per cent of rows that
 * reads far fewer rows than walking to the 101st match or reading every match.
 */
export type SearchPlan = { kind: 'walk'; countBy?: number } | { kind: 'scan' } | { kind: 'bitmap'; driver: number };

/** What the sample of the list's first rows found. */
export interface SampleCounts {
  /** Rows sampled: fewer than asked means the sample was the whole list. */
  seen: number;
  /** Sampled rows matching the whole query. */
  hits: number;
  /** Sampled rows holding each index part (driver candidate). */
  parts: number[];
  /** Rows in the table, from PostgreSQL's statistics scaled to the table's current size. */
  tableRows: number;
}

/**
 * Relative cost of what each plan reads, measured on 100,000 assets (PostgreSQL 15, 2 vCPUs): a
 * walked row is an index step and the test (~0.5 µs); a bitmap row a heap page visit, the index's
 * recheck, the test and the sort (~1.5 µs); a scanned row a sequential read and the test (~0.45 µs).
 * Before its first row, a bitmap reads the driver's whole entry in the index (~0.2 µs per record
 * holding it), however few rows it then needs. A filtered list's index (a condition, a type) leads
 * to rows spread over the whole table, each on a page of its own: ~4 µs per row walked there
 * (`condition=poor`, 2,040 rows in 9 ms).
 */
const COST = { walkRow: 1, filteredWalkRow: 8, bitmapRow: 3, scanRow: 0.9, indexEntry: 0.4 };

/** The sample's size: enough to tell a query in 2 % of rows from one in 0.2 %, at ~0.2 ms. */
export const SAMPLE_ROWS = 200;

/**
 * The cheapest plan for a page of `rows` (and, with `countTo`, the count up to countTo + 1) of a
 * list (`filtered`: by a filter's index), estimated from the sample. A part no sampled row holds is taken as held by half a row (a rate too
 * small to see is not a rate of zero), but a query no sampled row matches may need the whole list
 * walked: then a sequential scan, at half the cost per row, bounds the worst case.
 */
export function choosePlan(
  sample: SampleCounts,
  options: { rows: number; countTo?: number; filtered?: boolean },
  sampleRows = SAMPLE_ROWS,
): SearchPlan {
  const { rows, countTo } = options;
  const needed = Math.max(rows, countTo === undefined ? 0 : countTo + 1);
  if (sample.seen < sampleRows) return { kind: 'walk' };
  const tableRows = Math.max(sample.tableRows, sample.seen);
  const share = (count: number) => Math.max(count, 0.5) / sample.seen;
  const walkRow = options.filtered ? COST.filteredWalkRow : COST.walkRow;
  const walk = (n: number) => walkRow * (sample.hits === 0 ? tableRows : Math.min(tableRows, n / share(sample.hits)));

  const plans: Array<{ plan: SearchPlan; cost: number }> = [
    { plan: { kind: 'walk' }, cost: walk(needed) },
    { plan: { kind: 'scan' }, cost: COST.scanRow * tableRows },
  ];
  sample.parts.forEach((count, driver) => {
    const driverRecords = tableRows * share(count);
    const lookup = COST.indexEntry * driverRecords;
    plans.push({ plan: { kind: 'bitmap', driver }, cost: lookup + COST.bitmapRow * driverRecords });
    if (countTo !== undefined && sample.hits > 0) {
      // The count reads the driver's records until countTo + 1 of them match.
      const countRead = Math.min(driverRecords, ((countTo + 1) * share(count)) / share(sample.hits));
      plans.push({ plan: { kind: 'walk', countBy: driver }, cost: walk(rows) + lookup + COST.bitmapRow * countRead });
    }
  });
  return plans.reduce((best, option) => (option.cost < best.cost ? option : best)).plan;
}
