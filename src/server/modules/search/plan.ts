/**
 * How a search reads its matches, chosen from a sample of the list (README.md, "How a query is
 * answered"). Every plan gives the same rows; they differ in what they read:
 * - `walk`: the list's own index, newest first, testing each row until enough match. Costs rows
 *   walked = needed ÷ share of rows that match: cheap for common queries, ruinous for rare ones.
 * - `bitmap`: every record the trigram index finds for one index part (the driver), tested and
 *   sorted. Costs the driver's matches: cheap for rare parts, ruinous for common ones.
 * - `scan`: every row of the table, for a rare query with no part the index can look up (`3`, `qz`).
 */
export type SearchPlan = { kind: 'walk' } | { kind: 'scan' } | { kind: 'bitmap'; driver: number };

/** What the sample of the list's first rows found. */
export interface SampleCounts {
  /** Rows sampled: fewer than asked means the sample was the whole list. */
  seen: number;
  /** Sampled rows matching the whole query. */
  hits: number;
  /** Sampled rows matching each index part (driver candidate). */
  parts: number[];
  /** Rows in the table, from PostgreSQL's statistics scaled to the table's current size. */
  tableRows: number;
}

/**
 * Relative cost of one row read by each plan, measured on 100,000 assets (PostgreSQL 15): a walked
 * row is an index step and a LIKE (~1 µs); a bitmap row a heap page visit, the recheck and the
 * sort (~2.5 µs); a scanned row a sequential read and a LIKE (~0.5 µs).
 */
const COST = { walkRow: 1, bitmapRow: 2.5, scanRow: 0.5 };

/** The sample's size: enough to tell a query in 2 % of rows from one in 0.2 %, at ~0.2 ms. */
export const SAMPLE_ROWS = 200;

/**
 * The cheapest plan for reading `needed` matches (a page, or the count's limit), estimated from the
 * sample. A part no sampled row holds is taken as held by half a row (a rate too small to see is
 * not a rate of zero), but a query no sampled row matches may need the whole list walked: then a
 * sequential scan, at half the cost per row, bounds the worst case.
 */
export function choosePlan(sample: SampleCounts, needed: number, sampleRows = SAMPLE_ROWS): SearchPlan {
  if (sample.seen < sampleRows) return { kind: 'walk' };
  const rows = Math.max(sample.tableRows, sample.seen);
  const share = (count: number) => Math.max(count, 0.5) / sample.seen;
  const walk = COST.walkRow * (sample.hits === 0 ? rows : Math.min(rows, needed / share(sample.hits)));
  const scan = COST.scanRow * rows;
  let best: SearchPlan = walk <= scan ? { kind: 'walk' } : { kind: 'scan' };
  let bestCost = Math.min(walk, scan);
  sample.parts.forEach((count, driver) => {
    const cost = COST.bitmapRow * rows * share(count);
    if (cost < bestCost) [best, bestCost] = [{ kind: 'bitmap', driver }, cost];
  });
  return best;
}
