import { is, sql } from 'drizzle-orm';
import { PgDialect, PgTimestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { cursorValues } from '../../db/keyset';
import { isoTimestamp, jsonObject } from '../../db/json-rows';
import { containsPattern } from '../../db/like';
import { firstOfEachRun, MAX_RUN_WORDS, runsContaining } from '../../db/search-runs';
import { assets } from '../../db/schema';
import type { AssetStatus, AssetType, Condition } from '../../../shared/domain';
import { letterRuns } from './word-counts';
import { listColumns } from './list-columns';

/** The list's optional filters beside the search; each combination is its own prepared statement. */
export interface SearchFilters {
  cursor?: string;
  condition?: Condition;
  type?: AssetType;
  status?: AssetStatus;
}

/**
 * The asset list with a search that has letters to count (ADR 013, ADR 015): one prepared statement
 * per combination of filters, planned once per connection.
 *
 * A search that is one word of 3–40 letters a–z, in a list with no filter but the cursor, comes from
 * the letter-run index (ADR 016): the first page of each run containing it. Otherwise:
 *
 * Whether to walk the newest-first index (cheap when many assets match) or read every match through
 * the trigram index and sort them (cheap when few do) is decided inside the statement, from the
 * word counts: every asset that contains the search contains each of its runs of 3 or more letters,
 * so it holds a counted word containing that run, and the fewest assets for any run bound the
 * matches (`bound`). At or below √(page rows × assets) (2,260 at 100,000 assets), where both plans
 * read about as many rows, the page comes from the trigram index; above it, from the walk. Both
 * branches are in the plan and a one-time filter runs one of them.
 *
 * Every value reaches the plan only through the `q` and `f` CTEs, so PostgreSQL plans the statement
 * the same for any value and keeps its generic plan after five executions. Planning a custom plan
 * for every request cost more than the bound lookup and the page together. The walking branch tests
 * `(search_text || '')`, which no index serves, so it cannot become a bitmap scan, and the trigram
 * branch's matches sit in a subquery fenced by `OFFSET 0`, so no filter or order from outside turns
 * them into a walk or ANDs them with a filter's index.
 *
 * Null when the search has no run to count (digits, one or two letters): the caller lets PostgreSQL
 * plan that one for its own values.
 */
export function countedSearchPage(db: Db, search: string, filters: SearchFilters, pageRows: number): Promise<{ json: string }[]> | null {
  const query = countedSearchQuery(search, filters, pageRows);
  return query && db.$client.query<{ json: string }>(query).then((result) => result.rows);
}

/** The statement countedSearchPage() sends, with its name and values; exported for the bench. */
export function countedSearchQuery(search: string, filters: SearchFilters, pageRows: number) {
  const runs = letterRuns(search);
  if (runs.length === 0) return null;
  const { text, name } = statementFor(filters);
  const { cursorAt, cursorId } = cursorValues(filters.cursor);
  const values: unknown[] = [containsPattern(search), runs.map(containsPattern), pageRows];
  if (filters.cursor) values.push(cursorAt, cursorId);
  for (const key of FILTER_KEYS) if (filters[key]) values.push(filters[key]);
  return { name, text, values };
}

/**
 * The statement's choice: the search's LIKE pattern, the page's rows, whether the letter-run index
 * answers it (`use_runs`, lists without other filters only: see buildStatement) and otherwise whether
 * the counts call it rare. $1: containsPattern(search); $2: containsPattern() of each letter run; $3:
 * rows to fetch. `LIST_SEARCH_CHOICE` is the filtered lists' version, exported for the tests.
 */
export function listSearchChoice(withRuns: boolean): string {
  return `
  SELECT pattern, page_rows, runs, use_runs, NOT use_runs AND bound * bound <= page_rows * asset_rows AS rare
  FROM (
    SELECT r.*,
           CASE WHEN r.use_runs THEN 0 ELSE (SELECT min(n) FROM (
              SELECT (SELECT coalesce(sum(c.assets), 0) FROM asset_word_counts AS c WHERE c.word LIKE run)::float8 AS n
              FROM unnest((SELECT $2::text[])) AS run) AS runs)
           END AS bound,
           (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'assets'::regclass)::float8 AS asset_rows
    FROM (
      SELECT w.*, coalesce(cardinality(w.runs) <= ${MAX_RUN_WORDS}, false) AS use_runs
      FROM (
        SELECT p.pattern, $3::int AS page_rows, ${withRuns ? runsContaining('ARRAY[p.pattern]') : 'NULL::text[]'} AS runs
        FROM (SELECT lower($1::text) AS pattern) AS p
        OFFSET 0
      ) AS w
    ) AS r
    OFFSET 0
  ) AS b`;
}
export const LIST_SEARCH_CHOICE = listSearchChoice(false);

const FILTER_KEYS = ['condition', 'type', 'status'] as const;
const COLUMNS = Object.values(listColumns).map((column) => column.name).join(', ');

/** A page row as the list item's JSON (assetListItemSchema), from the subquery `page`. */
const PAGE_JSON = new PgDialect().sqlToQuery(
  jsonObject(
    Object.fromEntries(
      Object.entries(listColumns).map(([key, column]) => {
        const value = sql`page.${sql.identifier(column.name)}`;
        return [key, is(column, PgTimestamp) ? isoTimestamp(value) : value];
      }),
    ),
  ),
).sql;

const made = new Map<string, { name: string; text: string }>();

function statementFor(filters: SearchFilters): { name: string; text: string } {
  const present = [...(filters.cursor ? ['cursor'] : []), ...FILTER_KEYS.filter((key) => filters[key])];
  const name = ['asset_search', ...present].join('_');
  let statement = made.get(name);
  if (!statement) made.set(name, (statement = { name, text: buildStatement(present) }));
  return statement;
}

function buildStatement(present: string[]): string {
  // The filters' values, after $1–$3 in the order countedSearchPage() binds them.
  const values: string[] = [];
  let next = 4;
  if (present.includes('cursor')) values.push(`$${next++}::timestamptz AS cursor_at`, `$${next++}::uuid AS cursor_id`);
  for (const key of FILTER_KEYS) if (present.includes(key)) values.push(`$${next++}::${assets[key].getSQLType()} AS ${key}`);
  const where = (alias: string) => {
    const conditions: string[] = [];
    if (present.includes('cursor')) {
      conditions.push(
        `(${alias}.created_at < (SELECT cursor_at FROM f) OR (${alias}.created_at = (SELECT cursor_at FROM f) AND ${alias}.id < (SELECT cursor_id FROM f)))`,
      );
    }
    for (const key of FILTER_KEYS) if (present.includes(key)) conditions.push(`${alias}.${key} = (SELECT ${key} FROM f)`);
    return conditions;
  };
  const and = (conditions: string[]) => conditions.map((c) => ` AND ${c}`).join('');
  const pageOf = (rows: string) => `SELECT ${PAGE_JSON} AS json, page.created_at, page.id FROM (${rows}) AS page`;
  const newestFirst = (alias: string) => `ORDER BY ${alias}.created_at DESC, ${alias}.id DESC LIMIT (SELECT page_rows FROM q)`;
  const rare = where('matches');
  // Without other filters, the page is the first page of each run containing the search. With them,
  // the runs would be read until enough of their records pass, however few do, so the counts choose.
  const withRuns = !FILTER_KEYS.some((key) => present.includes(key));
  const fromRuns = `
  UNION ALL
  ${pageOf(`
    SELECT ${COLUMNS} FROM assets AS indexed
    WHERE indexed.id IN (${firstOfEachRun('assets', '(SELECT runs FROM q)', where('r').join(' AND '), '(SELECT page_rows FROM q)')})
    ${newestFirst('indexed')}`)}
  WHERE (SELECT use_runs FROM q)`;
  return `
WITH q AS MATERIALIZED (${listSearchChoice(withRuns)}),
f AS MATERIALIZED (SELECT ${values.length > 0 ? values.join(', ') : 'NULL AS nothing'})
SELECT json FROM (
  ${pageOf(`
    SELECT ${COLUMNS} FROM (
      SELECT ${COLUMNS} FROM assets WHERE search_text LIKE (SELECT pattern FROM q) OFFSET 0) AS matches
    ${rare.length > 0 ? `WHERE ${rare.join(' AND ')}` : ''}
    ${newestFirst('matches')}`)}
  WHERE (SELECT rare FROM q)
  UNION ALL
  ${pageOf(`
    SELECT ${COLUMNS} FROM assets AS walked
    WHERE (walked.search_text || '') LIKE (SELECT pattern FROM q)${and(where('walked'))}
    ${newestFirst('walked')}`)}
  WHERE NOT (SELECT rare OR use_runs FROM q)${withRuns ? fromRuns : ''}
) AS pages
ORDER BY created_at DESC, id DESC`;
}
