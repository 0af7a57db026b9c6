import { sql, type SQL } from 'drizzle-orm';
import { numberLiteral } from './raw-sql';

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
export type SearchPlan = { kind: 'walk'; countBy?: number } | { kind: 'scan' } | { kind: 'bitmap'; driver: number; alone?: boolean };

/**
 * A plan as the statement numbers its branches: walk 0, scan 1, then for each index part i a bitmap
 * driven by it (2 + 3i), a walk counted through it (3 + 3i) and, for a filtered list, a bitmap
 * driven by it alone (4 + 3i): its records are tested for the list's filters, whose own indexes
 * the plain bitmap may AND into the driver's. The order breaks ties between equal costs.
 */
export function codeOfPlan(plan: SearchPlan): number {
  if (plan.kind === 'scan') return 1;
  if (plan.kind === 'bitmap') return (plan.alone ? 4 : 2) + 3 * plan.driver;
  return plan.countBy === undefined ? 0 : 3 + 3 * plan.countBy;
}

export function planOfCode(code: number): SearchPlan {
  if (code === 0) return { kind: 'walk' };
  if (code === 1) return { kind: 'scan' };
  const driver = Math.floor((code - 2) / 3);
  const kind = (code - 2) % 3;
  if (kind === 1) return { kind: 'walk', countBy: driver };
  return kind === 0 ? { kind: 'bitmap', driver } : { kind: 'bitmap', driver, alone: true };
}

/** What the sample of the list's first rows found, as columns of the statement's sample. */
export interface SampleColumns {
  /** Rows sampled. */
  seen: SQL;
  /** The sample held the whole list (fewer rows than it asked for). */
  whole: SQL;
  /** Sampled rows matching the whole query. */
  hits: SQL;
  /** Sampled rows holding each index part (driver candidate). */
  parts: SQL[];
  /** Rows in the table, from PostgreSQL's statistics scaled to the table's current size. */
  tableRows: SQL;
  /**
   * A filtered list's second sample, of the whole table's first rows: how many, how many are in the
   * list, how many hold each part, and how many pass each filter an index of its own serves.
   */
  table?: { seen: SQL; listed: SQL; parts: SQL[]; filters: SQL[] };
}

export interface PlanOptions {
  /** Rows of the page (its size + 1), and the matches needed: the page's, or the count's limit + 1. */
  rows: SQL;
  needed: SQL;
  /** Counted lists: the count's limit + 1. */
  countLimit?: SQL;
  /** The list is read through a filter's index (FindRequest.filtered). */
  filtered?: boolean;
  /**
   * The list is a small part of the table its filters reach directly, sampled in the whole table
   * (FindRequest.reachedDirectly): read whole (each of its rows through the filter's index) or
   * through a driver's bitmap of the whole table; never walked, never counted by a walk.
   */
  direct?: boolean;
}

/**
 * Relative cost of what each plan reads, a walked row being 1 (measured on 100,000 assets; ADR 021
 * has the figures, in its History): a walked row is an index step and the test; a bitmap
 * record a heap page visit, the index's recheck, the test and the sort, plus its share of the
 * driver's whole index entry, read before the first row; a scanned row a sequential read and the
 * test. A filtered list's index (a condition, a type) leads to rows spread over the table, so its
 * walked rows cost more. A filter's index entry, read into a bitmap, is cheaper than a trigram's.
 * A small area read whole costs an entry of its location index (which carries the text) and the
 * test for each of its rows, and a bitmap record's read for each match kept (matches.ts,
 * keyedScan()).
 */
const COST = { walkRow: 1, filteredWalkRow: 2.5, bitmapRow: 3, scanRow: 1.6, indexEntry: 0.4, filterIndexEntry: 0.15, keyedRow: 1.4 };

/** The sample's size: enough to tell a query in 2 % of rows from one in 0.2 %, and cheap to read. */
export const SAMPLE_ROWS = 200;
/**
 * Hits among SAMPLE_ROWS too few to tell walking from the index (a page's plans cross between 3 and
 * 6 hits, plan.test.ts): the sample is then widened to WIDE_SAMPLE_ROWS (matches.ts, sampleSql()).
 */
export const AMBIGUOUS_HITS = 8;
export const WIDE_SAMPLE_ROWS = 1_000;

const number = numberLiteral;

/**
 * The cheapest plan's code (codeOfPlan) for a list, estimated from its sample, as an expression of
 * the sample's columns: the statement chooses its own plan, so a search is one round trip (each
 * costs as much CPU as a small statement). A part no sampled row holds is taken as held by half a
 * row (a rate too small to see is not a rate of zero), but a query no sampled row matches may need
 * the whole list walked. A filtered list's walk then costs more than a scan, which PostgreSQL may
 * run through the filter's index too.
 */
export function chosenPlanSql(sample: SampleColumns, options: PlanOptions): SQL {
  const walkRow = number(options.filtered ? COST.filteredWalkRow : COST.walkRow);
  const table = sample.table;
  // Over the sample's one row: t = table rows (never fewer than sampled), n = rows sampled; with a
  // sample of the whole table, u = its rows and listed = the list's rows in the table.
  const share = (count: SQL) => sql`(greatest(${count}, 0.5) / s.n)`;
  const tableShare = (count: SQL) => sql`(greatest(${count}, 0.5) / s.u)`;
  const listRows = table ? sql`least(s.t, s.t * ${tableShare(table.listed)})` : sql`s.t`;
  // A walk's cost grows as 1 ÷ the share matching, so a sample that overstates the share (newest
  // rows unlike the rest) underprices it most: it is priced at the share less one standard error
  // (hits − √hits of the sample), the pessimistic end of what the sample says. It reads at most
  // the list's rows.
  const walk = (rows: SQL) => sql`${walkRow} * CASE WHEN s.hits = 0 THEN ${listRows} ELSE least(${listRows}, ${rows} / ${share(sql`(s.hits - sqrt(s.hits))`)}) END`;
  const kept = sql`least(${options.needed}, ${listRows} * ${share(sql`s.hits`)})`;
  const options_: SQL[] = options.direct
    ? [sql`(1, ${number(COST.keyedRow)} * ${listRows} + ${number(COST.bitmapRow)} * ${kept})`]
    : [sql`(0, ${walk(options.needed)})`, sql`(1, ${number(COST.scanRow)} * s.t)`];
  sample.parts.forEach((count, driver) => {
    // Records holding the part: in the list, and (with a sample of the whole table) in the table,
    // which the index reads.
    const listRecords = sql`(${listRows} * ${share(sql`${count}::float8`)})`;
    const driverRecords = table ? sql`(s.t * ${tableShare(table.parts[driver]!)})` : listRecords;
    const lookup = sql`${number(COST.indexEntry)} * ${driverRecords}`;
    const alone = sql`${lookup} + ${number(COST.bitmapRow)} * ${driverRecords}`;
    if (options.direct) {
      // The driver's records, then the list's filters tested on them (FindRequest.reachedDirectly).
      options_.push(sql`(${number(4 + 3 * driver)}, ${alone})`);
    } else if (table && table.filters.length > 0) {
      // PostgreSQL ANDs the filters' own indexes into the bitmap: it reads their entries and
      // visits only the list's records.
      const filterEntries = sql.join(table.filters.map((f) => sql`s.t * ${tableShare(f)}`), sql` + `);
      options_.push(sql`(${number(2 + 3 * driver)}, ${lookup} + ${number(COST.filterIndexEntry)} * (${filterEntries}) + ${number(COST.bitmapRow)} * ${listRecords})`);
      options_.push(sql`(${number(4 + 3 * driver)}, ${alone})`);
    } else {
      options_.push(sql`(${number(2 + 3 * driver)}, ${alone})`);
    }
    if (options.countLimit && !options.direct) {
      // The count reads the driver's records until the count's limit of them match.
      const countRead = sql`least(${driverRecords}, ${options.countLimit} * ${share(sql`${count}::float8`)} / ${share(sql`(s.hits - sqrt(s.hits))`)})`;
      options_.push(sql`(${number(3 + 3 * driver)}, CASE WHEN s.hits > 0 THEN ${walk(options.rows)} + ${lookup} + ${number(COST.bitmapRow)} * ${countRead} END)`);
    }
  });
  const tableColumns = table ? sql`, greatest(${table.seen}, 1)::float8 AS u` : sql``;
  // A sample that held the whole list (a table of fewer rows than it read) has read what a walk
  // would; a list reached directly is read whole instead, never walked.
  return sql`CASE WHEN ${sample.whole} THEN ${number(options.direct ? codeOfPlan({ kind: 'scan' }) : codeOfPlan({ kind: 'walk' }))} ELSE (
      SELECT option.code
      FROM (SELECT greatest(${sample.tableRows}, ${sample.seen})::float8 AS t, ${sample.seen}::float8 AS n, ${sample.hits}::float8 AS hits${tableColumns}) AS s,
           LATERAL (VALUES ${sql.join(options_, sql`, `)}) AS option(code, cost)
      ORDER BY option.cost, option.code LIMIT 1) END`;
}
