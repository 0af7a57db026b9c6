import { createHash } from 'node:crypto';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import type { Db } from '../../db/client';
import { choosePlan, SAMPLE_ROWS, type SampleCounts, type SearchPlan } from './plan';
import { jsonObject } from '../../db/json-rows';
import { likePattern } from './terms';

/**
 * A list the search box searches (sources.ts): its table, its lower-cased `search_text`, the
 * list's order and each row's JSON. Statements name the table's columns as drizzle renders them
 * ("assets"."created_at"), so every subquery here keeps the table's name as its alias.
 */
export interface SearchSource {
  table: PgTable;
  searchText: PgColumn;
  /** The list's order (over columns among `fields`), served by an index when walking. */
  order: SQL;
  /** A row as the API shows it: its JSON object's keys and columns (jsonObject()). */
  fields: Record<string, PgColumn>;
  /** search_bigrams(search_text), the bigram index's expression. */
  bigrams: SQL;
}

/**
 * What to find (query.ts): a record matches when its search_text contains one text of every group
 * (a term as typed, or a mistyped term and its corrections). `parts` are what the bitmap plan may
 * look up (terms.ts, indexParts()).
 */
export interface Match {
  groups: string[][];
  parts: MatchPart[];
}

/**
 * Texts one of which every match contains, looked up in the trigram index; with `bigram`, a single
 * pair of characters looked up in the bigram index.
 */
export interface MatchPart {
  texts: string[];
  bigram?: boolean;
}

export interface FindRequest {
  source: SearchSource;
  match: Match;
  /** The list's own filters (and cursor), over the source table's columns. */
  where?: SQL;
  /**
   * Set when `where` holds filters whose values choose the index (a condition, a type, a
   * location): PostgreSQL then plans each search for its values, as a generic plan would walk the
   * newest-first index and test the filter on every row.
   */
  filtered?: boolean;
  /** Rows to return, in the list's order. */
  rows: number;
  /** Also count the matches up to this many and one more. */
  countTo?: number;
}

export interface Found {
  /** The first `rows` matches as JSON text, in the list's order. */
  rows: { json: string }[];
  /** Matches counted, up to countTo + 1 (when counting). */
  total: number;
  plan: SearchPlan;
}

/**
 * The matches of one or more lists in two statements, however many lists: one samples each list's
 * first rows to choose its plan (plan.ts), one reads each list's matches by its plan.
 */
export async function findMatches(db: Db, requests: FindRequest[]): Promise<Found[]> {
  return onSearchConnection(db, { filtered: requests.some((r) => r.filtered) }, async (client) => {
    const samples = await sampleLists(client, requests);
    return readMatches(client, requests, samples.map((sample, i) => choosePlan(sample, requests[i]!)));
  });
}

/**
 * Runs `work` on one pooled connection: the search's own (`db.$search`, whose sessions keep each
 * statement's generic plan: its shape fixes the plan, see readSql), or with `filtered` the app's,
 * where PostgreSQL plans a statement for its filter values (FindRequest.filtered). No transaction:
 * the sample only chooses the plan, so it need not see the read's snapshot.
 */
export async function onSearchConnection<T>(db: Db, options: { filtered: boolean }, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await (options.filtered ? db.$client : db.$search).connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

/** What the first rows of each request's list hold. */
export async function sampleLists(client: PoolClient, requests: FindRequest[]): Promise<SampleCounts[]> {
  const row = await oneRow<Record<string, SampleCounts>>(client, sql.join(requests.map((r, i) => sql`(${sampleSql(r)}) AS ${sql.identifier(`s${i}`)}`), sql`, `));
  return requests.map((_, i) => row[`s${i}`]!);
}

/** Each request's matches by its plan; exported for the tests, which force every plan. */
export async function readMatches(client: PoolClient, requests: FindRequest[], plans: SearchPlan[]): Promise<Found[]> {
  const row = await oneRow<Record<string, { rows: string[] | null; total: number }>>(
    client,
    sql.join(requests.map((r, i) => sql`(${readSql(r, plans[i]!)}) AS ${sql.identifier(`m${i}`)}`), sql`, `),
  );
  return requests.map((_, i) => {
    const found = row[`m${i}`]!;
    return { rows: (found.rows ?? []).map((json) => ({ json })), total: found.total, plan: plans[i]! };
  });
}

const dialect = new PgDialect();

/**
 * SELECT `columns` as a statement named by its text. Values reach it only as parameters, so each
 * shape of search (list, filters present, plan, number of terms) is one statement, parsed once per
 * connection. The shapes are few (each list's filter combinations × the plans × terms), so the
 * statements each connection keeps stay few too.
 */
async function oneRow<T>(client: PoolClient, columns: SQL): Promise<T> {
  const { sql: text, params } = dialect.sqlToQuery(sql`SELECT ${columns}`);
  const name = `search_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  const { rows } = await client.query({ name, text, values: params });
  return rows[0] as T;
}

/** Matches to read: the rows, or the count's limit and one more. */
const needed = (r: FindRequest) => Math.max(r.rows, r.countTo === undefined ? 0 : r.countTo + 1);

/**
 * `text` holds one text of every group. strpos() compares bytes with no pattern to interpret (a
 * third of LIKE's cost per row) and no index serves it, so PostgreSQL never turns a walk's or a
 * bitmap's test into an index condition of its own.
 */
function holdsAll(text: SQL, groups: string[][]): SQL {
  if (groups.length === 0) return sql`true`;
  return sql.join(groups.map((group) => sql`(${sql.join(group.map((t) => holds(text, t)), sql` OR `)})`), sql` AND `);
}

const holds = (text: SQL, t: string) => sql`strpos(${text}, ${sql.param(t)}::text) > 0`;

const and = (where: SQL | undefined) => (where ? sql` AND ${where}` : sql``);

/**
 * The first SAMPLE_ROWS rows of the list (its own index, in its order), in one pass: how many
 * there are, how many match the query and each part, and the table's size, as one JSON object.
 * The size is the larger of PostgreSQL's count at its last VACUUM or ANALYZE scaled to the table's
 * pages now (as the planner scales it) and the live rows its statistics have counted since: a
 * table filled since either ran (none has, right after a TRUNCATE or a restore) is not taken for
 * small, which would make a scan of it look cheap.
 */
function sampleSql({ source, match, where }: FindRequest): SQL {
  const table = getTableName(source.table);
  const text = sql`r.search_text`;
  const parts = match.parts.map((part) => sql`count(*) FILTER (WHERE ${sql.join(part.texts.map((t) => holds(text, t)), sql` OR `)})`);
  return sql`SELECT json_build_object(
      'seen', count(*),
      'hits', count(*) FILTER (WHERE ${holdsAll(text, match.groups)}),
      'parts', ARRAY[${sql.join(parts, sql`, `)}]::bigint[],
      'tableRows', (SELECT greatest(
                        CASE WHEN c.relpages > 0 THEN c.reltuples / c.relpages ELSE 0 END
                          * (pg_relation_size(c.oid) / current_setting('block_size')::float8),
                        pg_stat_get_live_tuples(c.oid))
                    FROM pg_class AS c WHERE c.oid = ${sql.param(table)}::regclass))
    FROM (SELECT ${source.searchText} AS search_text FROM ${source.table}
          WHERE true${and(where)} ORDER BY ${source.order} LIMIT ${sql.param(SAMPLE_ROWS)}::int) AS r`;
}

/**
 * The list's page and count by `plan`, as {rows: the first `rows` matches' JSON, total: matches
 * read, up to needed()}. The test (strpos) sits in the scan itself, so rows that fail it are never
 * projected, and no index can serve it; the rest of each shape keeps PostgreSQL to the plan:
 * - walk: the list in its order with a LIMIT the planner cannot see (it plans to read a tenth of
 *   the matches, for which the index walk is cheapest whatever the test's selectivity);
 * - bitmap: the driver is the only index condition (trigram or bigram index), fenced by OFFSET 0
 *   so the sort above cannot turn it into a walk;
 * - scan: the list's filters alone, fenced the same way.
 * A walk with `countBy` walks for the page only and counts through that driver's bitmap, stopping
 * at needed() matches.
 */
function readSql(request: FindRequest, plan: SearchPlan): SQL {
  const { source, match, where, rows } = request;
  const self = sql.identifier(getTableName(source.table));
  // Rows carry only the fields the page shows (and sorts by) through the sort and the window.
  const fields = sql.join(Object.values(source.fields), sql`, `);
  const tested = sql`${holdsAll(sql`${source.searchText}`, match.groups)}${and(where)}`;
  const lookup = (part: MatchPart) =>
    part.bigram
      ? sql`${source.bigrams} @> ARRAY[${sql.param(part.texts[0])}::text]`
      : sql`${source.searchText} LIKE ANY (${sql.param(part.texts.map(likePattern))}::text[])`;
  const walk = (limit: number) => sql`SELECT ${fields} FROM ${source.table} WHERE ${tested} ORDER BY ${source.order} LIMIT (SELECT ${sql.param(limit)}::int)`;
  const fenced = (condition: SQL, limit: number) =>
    sql`SELECT * FROM (SELECT ${fields} FROM ${source.table} WHERE ${condition} AND ${tested} OFFSET 0) AS ${self} ORDER BY ${source.order} LIMIT ${sql.param(limit)}::int`;

  let found: SQL;
  let total = sql`count(*)`;
  if (plan.kind === 'walk' && plan.countBy !== undefined) {
    found = walk(rows);
    total = sql`(SELECT count(*) FROM (SELECT 1 FROM ${source.table} WHERE ${lookup(match.parts[plan.countBy]!)} AND ${tested} LIMIT ${sql.param(needed(request))}::int) AS counted)`;
  } else if (plan.kind === 'walk') {
    found = walk(needed(request));
  } else {
    found = fenced(plan.kind === 'bitmap' ? lookup(match.parts[plan.driver]!) : sql`true`, needed(request));
  }
  // The JSON is built for the page's rows only, after the sort: a count's other rows need none.
  return sql`SELECT json_build_object(
      'rows', coalesce(json_agg(${jsonObject(source.fields)} ORDER BY search_n) FILTER (WHERE search_n <= ${sql.param(rows)}::int), '[]'),
      'total', ${total})
    FROM (SELECT *, row_number() OVER (ORDER BY ${source.order}) AS search_n FROM (${found}) AS ${self}) AS ${self}`;
}
