import { createHash } from 'node:crypto';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { choosePlan, SAMPLE_ROWS, type SampleCounts, type SearchPlan } from './plan';

/**
 * A list the search box searches (sources.ts): its table, its lower-cased `search_text`, the
 * list's order and each row's JSON. Statements name the table's columns as drizzle renders them
 * ("assets"."created_at"), so every subquery here keeps the table's name as its alias.
 */
export interface SearchSource {
  table: PgTable;
  searchText: PgColumn;
  /** The list's order, served by an index when walking. */
  order: SQL;
  /** A row as the API's JSON object, as text. */
  item: SQL<string>;
  /** search_bigrams(search_text), the bigram index's expression. */
  bigrams: SQL;
}

/**
 * What to find (query.ts): every group must match one of its LIKE patterns (a term as typed, or a
 * mistyped term and its corrections). `parts` are what the bitmap plan may look up (terms.ts,
 * indexParts()).
 */
export interface Match {
  groups: string[][];
  parts: MatchPart[];
}

/**
 * LIKE patterns one of which every match contains, found through the trigram index; or, with
 * `bigram`, those two characters, found through the bigram index.
 */
export interface MatchPart {
  patterns: string[];
  bigram?: string;
}

export interface FindRequest {
  source: SearchSource;
  match: Match;
  /** The list's own filters (and cursor), over the source table's columns. */
  where?: SQL;
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
  const samples = await sampleLists(db, requests);
  return readMatches(db, requests, samples.map((sample, i) => choosePlan(sample, needed(requests[i]!))));
}

/** What the first rows of each request's list hold. */
export async function sampleLists(db: Db, requests: FindRequest[]): Promise<SampleCounts[]> {
  const row = await oneRow<Record<string, SampleCounts>>(db, sql.join(requests.map((r, i) => sql`(${sampleSql(r)}) AS ${sql.identifier(`s${i}`)}`), sql`, `));
  return requests.map((_, i) => row[`s${i}`]!);
}

/** Each request's matches by its plan; exported for the tests, which force every plan. */
export async function readMatches(db: Db, requests: FindRequest[], plans: SearchPlan[]): Promise<Found[]> {
  const row = await oneRow<Record<string, { json: string | null }[]>>(
    db,
    sql.join(requests.map((r, i) => sql`(${readSql(r, plans[i]!)}) AS ${sql.identifier(`m${i}`)}`), sql`, `),
  );
  return requests.map((r, i) => {
    const matches = row[`m${i}`]!;
    return { rows: matches.slice(0, r.rows).map((m) => ({ json: m.json! })), total: matches.length, plan: plans[i]! };
  });
}

const dialect = new PgDialect();

/**
 * SELECT `columns` as a statement named by its text. Values reach it only as parameters, so each
 * shape of search (list, filters present, plan, number of terms) is one statement, parsed once per
 * connection, and PostgreSQL may keep a generic plan for it: planning these cost as much as running
 * them. The shapes are few (each list's filter combinations × three plans), so the statements each
 * connection keeps stay few too.
 */
async function oneRow<T>(db: Db, columns: SQL): Promise<T> {
  const { sql: text, params } = dialect.sqlToQuery(sql`SELECT ${columns}`);
  const name = `search_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  const { rows } = await db.$client.query({ name, text, values: params });
  return rows[0] as T;
}

/** Matches to read: the rows, or the count's limit and one more. */
const needed = (r: FindRequest) => Math.max(r.rows, r.countTo === undefined ? 0 : r.countTo + 1);

/**
 * `text` matches every group. Groups of one pattern (a query without corrections) are one
 * `LIKE ALL` over an array, so the statement's text is the same for any number of terms.
 */
function matchesAll(text: SQL, groups: string[][]): SQL {
  if (groups.every((group) => group.length === 1)) return sql`${text} LIKE ALL (${sql.param(groups.flat())}::text[])`;
  return sql.join(
    groups.map((group) => sql`${text} LIKE ANY (${sql.param(group)}::text[])`),
    sql` AND `,
  );
}

/** How many of `rows` (with column search_text) hold each part, as an array in the parts' order. */
function partCounts(rows: SQL, parts: MatchPart[]): SQL {
  if (parts.every((part) => part.patterns.length === 1)) {
    return sql`(SELECT coalesce(array_agg(n ORDER BY i), '{}') FROM (
        SELECT p.i, count(*) FILTER (WHERE r.search_text LIKE p.pattern) AS n
        FROM ${rows} AS r CROSS JOIN unnest(${sql.param(parts.map((part) => part.patterns[0]!))}::text[]) WITH ORDINALITY AS p(pattern, i)
        GROUP BY p.i) AS counts)`;
  }
  const counts = parts.map((part) => sql`(SELECT count(*) FROM ${rows} AS r WHERE r.search_text LIKE ANY (${sql.param(part.patterns)}::text[]))`);
  return sql`ARRAY[${sql.join(counts, sql`, `)}]::bigint[]`;
}

const and = (where: SQL | undefined) => (where ? sql` AND ${where}` : sql``);

/**
 * The first SAMPLE_ROWS rows of the list (its own index, in its order): how many there are, how
 * many match the query and each index part, and the table's size, as one JSON object. The size is
 * PostgreSQL's count at its last VACUUM or ANALYZE scaled to the table's pages now, as the planner
 * scales it, so a table just filled is not taken for small.
 */
function sampleSql({ source, match, where }: FindRequest): SQL {
  const table = getTableName(source.table);
  return sql`WITH sample AS MATERIALIZED (
      SELECT ${source.searchText} AS search_text FROM ${source.table}
      WHERE true${and(where)} ORDER BY ${source.order} LIMIT ${sql.param(SAMPLE_ROWS)}::int)
    SELECT json_build_object(
      'seen', (SELECT count(*) FROM sample),
      'hits', (SELECT count(*) FROM sample AS r WHERE ${matchesAll(sql`r.search_text`, match.groups)}),
      'parts', ${partCounts(sql`sample`, match.parts)},
      'tableRows', (SELECT CASE WHEN c.relpages > 0 THEN c.reltuples / c.relpages ELSE 0 END
                      * (pg_relation_size(c.oid) / current_setting('block_size')::float8)
                    FROM pg_class AS c WHERE c.oid = ${sql.param(table)}::regclass))`;
}

/**
 * The list's first needed() matches by `plan`, as a JSON array of {json}: the row's JSON for the
 * first `rows`, null after (counted only). Each plan's shape keeps PostgreSQL to that plan:
 * - walk: the list in its order with a LIMIT the planner cannot see (it plans for a tenth of the
 *   table, so it walks the index), filtered outside;
 * - bitmap: only the driver in the index condition (trigram or bigram index), the query tested on
 *   `search_text || ''` (which no index serves), the matches fenced by OFFSET 0 and sorted;
 * - scan: the filters alone inside the fence, the query tested on every row.
 */
function readSql(request: FindRequest, plan: SearchPlan): SQL {
  const { source, match, where, rows } = request;
  const self = sql.identifier(getTableName(source.table));
  const text = sql`${source.searchText}`;
  let from: SQL;
  if (plan.kind === 'walk') {
    from = sql`(SELECT * FROM ${source.table} WHERE true${and(where)} ORDER BY ${source.order} LIMIT (SELECT NULL::bigint)) AS ${self}
      WHERE ${matchesAll(text, match.groups)}`;
  } else if (plan.kind === 'bitmap') {
    const driver = match.parts[plan.driver]!;
    const lookup = driver.bigram
      ? sql`${source.bigrams} @> ARRAY[${sql.param(driver.bigram)}::text]`
      : sql`${text} LIKE ANY (${sql.param(driver.patterns)}::text[])`;
    from = sql`(SELECT * FROM ${source.table} WHERE ${lookup}${and(where)} OFFSET 0) AS ${self}
      WHERE ${matchesAll(sql`(${text} || '')`, match.groups)}`;
  } else {
    from = sql`(SELECT * FROM ${source.table} WHERE true${and(where)} OFFSET 0) AS ${self}
      WHERE ${matchesAll(sql`(${text} || '')`, match.groups)}`;
  }
  // The JSON is built for the returned rows only, after the sort: a count's other rows need none.
  return sql`SELECT coalesce(json_agg(json_build_object('json', CASE WHEN search_n <= ${sql.param(rows)}::int THEN ${source.item} END) ORDER BY search_n), '[]')
    FROM (SELECT *, row_number() OVER (ORDER BY ${source.order}) AS search_n
          FROM (SELECT * FROM ${from} ORDER BY ${source.order} LIMIT ${sql.param(needed(request))}::int) AS ${self}) AS ${self}`;
}
