import { createHash } from 'node:crypto';
import { getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { jsonObject } from '../../db/json-rows';
import { AMBIGUOUS_HITS, chosenPlanSql, codeOfPlan, planOfCode, SAMPLE_ROWS, WIDE_SAMPLE_ROWS, type SearchPlan } from './plan';
import { numberLiteral, parameterRef, renderedSql, tableNameLiteral } from './raw-sql';
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
   * Set when `where` holds filters an index of their own serves (a condition, a type, a location):
   * the list is then walked through that index, whose rows are spread over the table, so a walked
   * row costs more (plan.ts, COST.filteredWalkRow).
   */
  filtered?: boolean;
  /**
   * Those of the filters an index of their own serves (a condition, a type), each alone; `where`
   * holds them too. The bitmap plan of a filtered list may AND their indexes into the driver's
   * bitmap, as PostgreSQL does, or test them on the driver's records (plan.ts, `alone`): which is
   * cheaper depends on their shares of the whole table and the driver's, so a filtered list also
   * samples the whole table (sampleSql()).
   */
  indexedFilters?: SQL[];
  /**
   * The filtered list's share of the table's rows, when the caller knows it (an area's, from the
   * counts kept per location) and the list has no `indexedFilters`: the whole table is then not
   * sampled, each part taken to be as common in the table as in the list's sample.
   */
  share?: number;
  /**
   * With `share`: the list is a small part of the table that its filters reach directly (a small
   * area, through the location index), so walking the table in the list's order to find its rows is
   * never the cheaper read, and neither is sampling its first rows that way. The sample is then the
   * whole table's first rows, and the plan either reads the list whole (scan) or reads a driver's
   * records in the whole table and keeps the list's (bitmap), whichever reads fewer rows: a rare
   * word's few records, or a common word's area. Without a `share` the list is read whole.
   */
  reachedDirectly?: boolean;
  /**
   * Set when the list's filters keep its rows in the list's order through one index (a single
   * filter with an index on (column, created_at DESC, id DESC)), or admit so few rows that sorting
   * them costs nothing (one asset's actions): the wide sample then reads on in order. Other
   * filtered lists keep to their first rows (sampleSql()).
   */
  ordered?: boolean;
  /** A plan for this list, chosen by the caller instead of from the sample (area-plan.ts). */
  plan?: SearchPlan;
  /**
   * Fields of each row worked out as it is answered, beside the source's columns: their SQL over
   * those columns and the request's values (an action's `overdue`, from today's date). Rendered with
   * the filters, so their values are parameters and their text part of the statement's shape.
   */
  computed?: Record<string, SQL>;
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
  /** Rows of the list the plan was chosen from (sampleSql()); 0 for a plan the caller chose. */
  sampled: number;
}

/** What a statement's lists share. */
export interface FindOptions {
  /** One plan forced on every list (the tests read every query by every plan). */
  plan?: SearchPlan;
}

/**
 * The matches of one or more lists in one statement, however many lists: for each list it samples
 * the first rows, chooses a plan from the sample (plan.ts) and reads the matches by that plan.
 */
export async function findMatches(db: Db, requests: FindRequest[], options: FindOptions = {}): Promise<Found[]> {
  return (await run(db, requests, options)).found;
}

/**
 * A last answer the statement computes only when its lists together hold fewer than `below`
 * matches, from `words`: the global search's spelling corrections, looked up in the same round trip
 * as the exact matches.
 */
export interface WhenFew {
  /** Names the column in the statement's shape. */
  name: string;
  below: number;
  words: string[];
  /** The answer as JSON, from the words (a text[] parameter). */
  column: (words: SQL) => SQL;
}

/** findMatches(), and `whenFew`'s answer when the lists hold fewer than its `below` matches. */
export async function findMatchesOrFew(db: Db, requests: FindRequest[], whenFew: WhenFew, options: FindOptions = {}): Promise<{ found: Found[]; few: unknown }> {
  return run(db, requests, options, whenFew);
}

async function run(db: Db, requests: FindRequest[], options: FindOptions, whenFew?: WhenFew): Promise<{ found: Found[]; few: unknown }> {
  const statement = statementOf(requests, options, whenFew);
  // Every list on the search's own sessions, which keep each statement's generic plan
  // (SEARCH_SESSION_OPTIONS): the statement's shape fixes its plans, filtered lists included (their
  // filters are index conditions of the list's own index and of the bitmap's).
  type Answer = Record<string, { plan: number; sampled: number; found: { rows: string[]; total: number } }> & { few?: unknown };
  const { rows } = await db.$search.query<Answer>(statement);
  const row = rows[0]!;
  const found = requests.map((_, i) => {
    const { plan, sampled, found } = row[`m${i}`]!;
    return { rows: found.rows.map((json) => ({ json })), total: found.total, plan: planOfCode(plan), sampled };
  });
  return { found, few: row.few ?? null };
}

const dialect = new PgDialect();

/**
 * The statement for these requests: its text depends only on their shape (lists, filters present,
 * number of terms and parts, counted or not), so it is built and rendered once per shape and named
 * by its text, and PostgreSQL parses it once per connection. The values are parameters: the
 * lists' filters' first ($1…, rendered together), then each list's own (slots()).
 */
function statementOf(requests: FindRequest[], options: FindOptions, whenFew?: WhenFew): { name: string; text: string; values: unknown[] } {
  const filters = renderFilters(requests);
  const values = [...filters.params];
  const slot = (value: unknown, type: string) => {
    values.push(value);
    return parameterRef(values.length, type);
  };
  const listSlots = requests.map((request) => slots(request, options.plan, slot));
  const few = whenFew && { below: slot(whenFew.below, 'int'), words: slot(whenFew.words, 'text[]') };
  const key = [JSON.stringify(filters.texts), ...requests.map(shapeOf), whenFew?.name ?? ''].join('\n');
  let built = statements.get(key);
  if (!built) {
    const lists = requests.map((request, i) => sql`(${listSql(request, filters.texts[i]!, listSlots[i]!)}) AS ${sql.identifier(`m${i}`)}`);
    let statement = sql`SELECT ${sql.join(lists, sql`, `)}`;
    if (whenFew && few) {
      // Each list's answer is computed once (an uncorrelated subquery), then read twice here.
      const total = sql.join(requests.map((_, i) => sql`(lists.${sql.identifier(`m${i}`)} #>> '{found,total}')::int`), sql` + `);
      statement = sql`SELECT lists.*, CASE WHEN ${total} < ${few.below} THEN (${whenFew.column(few.words)}) END AS few
        FROM (${statement} OFFSET 0) AS lists`;
    }
    const rendered = dialect.sqlToQuery(statement);
    if (rendered.params.length > 0) throw new Error('A search statement takes its values through slots only');
    built = { name: `search_${createHash('sha1').update(rendered.sql).digest('base64url').slice(0, 20)}`, text: rendered.sql };
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    statements.set(key, built);
  }
  return { ...built, values };
}

/** Rendered statements by shape. The shapes are few (each list's filter combinations × terms). */
const statements = new Map<string, { name: string; text: string }>();
const STATEMENTS_KEPT = 1_000;

const FILTERS_APART = ' /* next list */ ';

/** A request's filters (and computed fields) as SQL text, their values numbered parameters of the statement. */
interface RenderedFilters {
  where: string;
  indexed: string[];
  computed: Record<string, string>;
}

/**
 * Each request's filters (`where`, then each of `indexedFilters`) and computed fields as text with
 * $1… for their values, and the values, in one rendering.
 */
function renderFilters(requests: FindRequest[]): { texts: RenderedFilters[]; params: unknown[] } {
  if (requests.every((r) => r.where === undefined && !r.indexedFilters?.length && !r.computed)) {
    return { texts: requests.map(() => ({ where: 'true', indexed: [], computed: {} })), params: [] };
  }
  const pieces = requests.map((r) => [r.where ?? sql`true`, ...(r.indexedFilters ?? []), ...Object.values(r.computed ?? {})]);
  const rendered = dialect.sqlToQuery(sql.join(pieces.flat(), renderedSql(FILTERS_APART)));
  const texts = rendered.sql.split(FILTERS_APART);
  let next = 0;
  return {
    texts: requests.map((r, i) => {
      const [where, ...rest] = texts.slice(next, (next += pieces[i]!.length));
      const indexed = rest.slice(0, r.indexedFilters?.length ?? 0);
      const computedTexts = rest.slice(indexed.length);
      const computed = Object.fromEntries(Object.keys(r.computed ?? {}).map((name, k) => [name, computedTexts[k]!]));
      return { where: where!, indexed, computed };
    }),
    params: rendered.params,
  };
}

/** Each source's order as text: two lists of one table in different orders are different statements. */
const orderTexts = new WeakMap<SearchSource, string>();
function orderTextOf(source: SearchSource): string {
  let text = orderTexts.get(source);
  if (text === undefined) orderTexts.set(source, (text = dialect.sqlToQuery(source.order).sql));
  return text;
}

/** What fixes a request's part of the statement's text, beyond its filters. */
function shapeOf(r: FindRequest): string {
  const parts = r.match.parts.map((p) => `${p.bigram ? 'b' : 't'}${p.texts.length}`);
  return `${getTableName(r.source.table)} ${orderTextOf(r.source)} ${r.match.groups.map((g) => g.length).join(',')} ${parts.join(',')} ${r.countTo === undefined ? '' : 'counted'} ${r.filtered ? 'filtered' : ''} ${r.ordered ? 'ordered' : ''} ${sharedOf(r) ? 'share' : ''} ${directOf(r) ? 'direct' : ''}`;
}

/** A filtered list whose share of the table the caller gave (FindRequest.share). */
function sharedOf(r: FindRequest): boolean {
  return r.filtered === true && r.share !== undefined && !r.indexedFilters?.length;
}

/** A small part of the table its filters reach directly, planned from the whole table (FindRequest.reachedDirectly). */
function directOf(r: FindRequest): boolean {
  return r.reachedDirectly === true && sharedOf(r);
}

/** A request's values, each as a reference to its parameter. */
interface Slots {
  /** Rows of the page; matches needed (the page's, or the count's limit + 1); the count's limit + 1. */
  rows: SQL;
  needed: SQL;
  countLimit?: SQL;
  /** The forced plan's code, or -1 to choose. */
  plan: SQL;
  /** FindRequest.share, when given. */
  share?: SQL;
  /** The texts of each group of the match. */
  groups: SQL[][];
  /** Each index part's texts and, for the trigram index, their LIKE patterns. */
  parts: { texts: SQL[]; patterns?: SQL }[];
}

/**
 * The plans of a list reached directly (FindRequest.reachedDirectly): read whole, or a driver's
 * records in the whole table with the list's filters tested on them alone (in the driver's own
 * WHERE, a generic plan would read the area's rows and test the driver on them, a scan by another
 * name). Never a walk (chosenPlanSql()), so its statement holds no walk: PostgreSQL sets up every
 * branch of a statement's plan each time it runs it, chosen or not.
 */
const directPlans = (request: FindRequest): SearchPlan[] => [{ kind: 'scan' }, ...request.match.parts.map((_, driver): SearchPlan => ({ kind: 'bitmap', driver, alone: true }))];

function slots(r: FindRequest, forced: SearchPlan | undefined, slot: (value: unknown, type: string) => SQL): Slots {
  // A list reached directly whose share is not known is read whole.
  const plan = forced ?? r.plan ?? (r.reachedDirectly && !directOf(r) ? ({ kind: 'scan' } as const) : undefined);
  if (plan && directOf(r) && !directPlans(r).some((direct) => codeOfPlan(direct) === codeOfPlan(plan))) {
    throw new Error(`A list reached directly is read whole or through a driver alone, not by ${JSON.stringify(plan)}`);
  }
  return {
    rows: slot(r.rows, 'int'),
    needed: slot(needed(r), 'int'),
    // Only values the statement uses (PostgreSQL must find each parameter's type in the text): the
    // count's limit prices counting through an index part (never for a list reached directly).
    ...(r.countTo === undefined || r.match.parts.length === 0 || directOf(r) ? {} : { countLimit: slot(r.countTo + 1, 'int') }),
    plan: slot(plan ? codeOfPlan(plan) : -1, 'int'),
    ...(sharedOf(r) ? { share: slot(r.share, 'float8') } : {}),
    groups: r.match.groups.map((group) => group.map((text) => slot(text, 'text'))),
    parts: r.match.parts.map((part) => ({
      texts: part.texts.map((text) => slot(text, 'text')),
      ...(part.bigram ? {} : { patterns: slot(part.texts.map(likePattern), 'text[]') }),
    })),
  };
}

/** Matches to read: the rows, or the count's limit and one more. */
const needed = (r: FindRequest) => Math.max(r.rows, r.countTo === undefined ? 0 : r.countTo + 1);

/**
 * `text` holds one text of every group. strpos() compares bytes with no pattern to interpret (a
 * third of LIKE's cost per row) and no index serves it, so PostgreSQL never turns a walk's or a
 * bitmap's test into an index condition of its own.
 */
function holdsAll(text: SQL, groups: SQL[][]): SQL {
  if (groups.length === 0) return sql`true`;
  return sql.join(groups.map((group) => sql`(${holdsAny(text, group)})`), sql` AND `);
}

const holdsAny = (text: SQL, texts: SQL[]) => sql.join(texts.map((t) => sql`strpos(${text}, ${t}) > 0`), sql` OR `);

/**
 * One list's answer as {plan, sampled: rows sampled, found: {rows: the first `rows` matches' JSON,
 * total: matches read, up to needed}}: its sample, the plan chosen from it, and every plan's read as a branch of a CASE, of
 * which PostgreSQL runs only the chosen one (an uncorrelated subquery runs when first needed).
 */
function listSql(request: FindRequest, filters: RenderedFilters, s: Slots): SQL {
  const where = renderedSql(filters.where);
  const holdsPart = (text: SQL) => s.parts.map((part, i) => sql`count(*) FILTER (WHERE ${holdsAny(text, part.texts)}) AS ${sql.identifier(`p${i}`)}`);
  const partColumns = (from: string) => s.parts.map((_, i) => sql`${sql.identifier(from)}.${sql.identifier(`p${i}`)}`);
  // A filtered list is sampled in the whole table too, unless its share of it is given: each part
  // is then as common in the table as in the list's sample.
  const sampledTable = request.filtered && !s.share;
  const table = s.share
    ? { seen: sql`sample.seen`, listed: sql`(sample.seen * ${s.share})`, parts: partColumns('sample'), filters: [] }
    : sampledTable
      ? { seen: sql`whole_table.seen`, listed: sql`whole_table.listed`, parts: partColumns('whole_table'), filters: filters.indexed.map((_, k) => sql`whole_table.${sql.identifier(`f${k}`)}`) }
      : undefined;
  const direct = directOf(request);
  const chosen = chosenPlanSql(
    { seen: sql`sample.seen`, whole: sql`sample.whole`, hits: sql`sample.hits`, parts: partColumns('sample'), tableRows: sql`sample.table_rows`, table },
    { rows: s.rows, needed: s.needed, countLimit: s.countLimit, filtered: request.filtered, direct },
  );
  const plans: SearchPlan[] = direct
    ? directPlans(request)
    : [
        { kind: 'walk' },
        { kind: 'scan' },
        ...request.match.parts.flatMap((_, driver): SearchPlan[] => [
          { kind: 'bitmap', driver },
          ...(request.countTo !== undefined ? [{ kind: 'walk', countBy: driver } as const] : []),
          ...(table && filters.indexed.length > 0 ? [{ kind: 'bitmap', driver, alone: true } as const] : []),
        ]),
      ];
  const computed = Object.fromEntries(Object.entries(filters.computed).map(([name, text]) => [name, renderedSql(text)]));
  const branches = plans.map((plan) => sql`WHEN ${numberLiteral(codeOfPlan(plan))} THEN (${readSql(request, where, s, plan, computed)})`);
  // A filtered list's second sample: the whole table's first rows, in the list's order.
  const wholeTable = sampledTable
    ? sql`, whole_table AS MATERIALIZED (SELECT ${sql.join(
        [
          sql`count(*) AS seen`,
          sql`count(*) FILTER (WHERE ${where}) AS listed`,
          ...holdsPart(sql`${request.source.searchText}`),
          ...filters.indexed.map((f, k) => sql`count(*) FILTER (WHERE ${renderedSql(f)}) AS ${sql.identifier(`f${k}`)}`),
        ],
        sql`, `,
      )}
        FROM (SELECT * FROM ${request.source.table} ORDER BY ${request.source.order} LIMIT ${numberLiteral(SAMPLE_ROWS)}) AS ${sql.identifier(getTableName(request.source.table))})`
    : sql``;
  // A plan the caller chose is read without the samples: each branch's one-time filter settles
  // which runs, and a CTE no running branch reads is never computed.
  // A list reached directly is planned from the whole table's first rows (its share says how many are its own).
  const sample = direct ? sampleSql({ ...request, filtered: false }, sql`true`, s, holdsPart(sql`r.search_text`)) : sampleSql(request, where, s, holdsPart(sql`r.search_text`));
  return sql`WITH sample AS MATERIALIZED (${sample})${wholeTable},
      chosen AS MATERIALIZED (
        SELECT ${s.plan} AS plan, 0::bigint AS seen WHERE ${s.plan} >= 0
        UNION ALL
        SELECT ${chosen}, sample.seen FROM sample${sampledTable ? sql`, whole_table` : sql``} WHERE ${s.plan} < 0)
    SELECT json_build_object('plan', chosen.plan, 'sampled', chosen.seen, 'found', CASE chosen.plan ${sql.join(branches, sql` `)} END) FROM chosen`;
}

/**
 * The list's first rows (its own index, in its order): how many were read, whether they were the
 * whole list, how many match the query and each part, and the table's size.
 *
 * First SAMPLE_ROWS rows. When as few as 1 to AMBIGUOUS_HITS of them match, the query sits near
 * where walking and the index cost the same, and so few hits can over- or understate its share
 * several-fold by chance (2 of the newest 200 for a query in 2.6 % of rows sent it through the
 * index, to read 4,163 records where a walk of 1,741 rows would do): then the first
 * WIDE_SAMPLE_ROWS rows of an unfiltered list, or of a list its filter's index keeps in order
 * (`ordered`), are counted instead.
 *
 * The table's size is the larger of PostgreSQL's count at its last VACUUM or ANALYZE scaled to the
 * table's pages now (as the planner scales it) and the live rows its statistics have counted since:
 * a table filled since either ran (none has, right after a TRUNCATE or a restore) is not taken for
 * small, which would make a scan of it look cheap.
 */
function sampleSql({ source, filtered, ordered }: FindRequest, where: SQL, s: Slots, parts: SQL[]): SQL {
  // Counts of the rows r: how many, how many match the query, how many hold each part.
  const counts = sql.join([sql`count(*) AS seen`, sql`count(*) FILTER (WHERE ${holdsAll(sql`r.search_text`, s.groups)}) AS hits`, ...parts], sql`, `);
  const columns = ['seen', 'hits', ...s.parts.map((_, i) => `p${i}`)].map((name) => sql.identifier(name));
  const tableRows = sql`(SELECT greatest(
          CASE WHEN c.relpages > 0 THEN c.reltuples / c.relpages ELSE 0 END
            * (pg_relation_size(c.oid) / current_setting('block_size')::float8),
          pg_stat_get_live_tuples(c.oid))
       FROM pg_class AS c WHERE c.oid = ${tableNameLiteral(getTableName(source.table))}::regclass)`;
  const ambiguous = sql`first.hits BETWEEN 1 AND ${numberLiteral(AMBIGUOUS_HITS)} AND first.seen = ${numberLiteral(SAMPLE_ROWS)}`;
  // The wide sample adds the counts of the rows after the first ones. OFFSET 0 keeps it a subquery
  // of its own under the one-time filter, so it is not computed at all when the first rows settle
  // the question.
  const sum = (name: ReturnType<typeof sql.identifier>) => sql`first.${name} + rest.${name}`;
  const head = (offset: number, limit: number) =>
    sql`SELECT ${source.searchText} AS search_text FROM ${source.table} WHERE ${where} ORDER BY ${source.order} OFFSET ${numberLiteral(offset)} LIMIT ${numberLiteral(limit)}`;
  const firstOnly = sql`SELECT first.*, first.seen < ${numberLiteral(SAMPLE_ROWS)} AS whole, ${tableRows} AS table_rows FROM first`;
  // A filtered list whose rows no one index keeps in order keeps to its first rows: to read 800
  // more rows of two broad filters (condition=good&type=other), PostgreSQL sorts all of them rather
  // than walk an index (8,225 rows, more than a misjudged plan there costs).
  if (filtered && !ordered) return sql`WITH first AS MATERIALIZED (SELECT ${counts} FROM (${head(0, SAMPLE_ROWS)}) AS r) ${firstOnly}`;
  return sql`WITH first AS MATERIALIZED (SELECT ${counts} FROM (${head(0, SAMPLE_ROWS)}) AS r)
    ${firstOnly} WHERE NOT (${ambiguous})
    UNION ALL
    SELECT ${sql.join(columns.map(sum), sql`, `)},
        ${sum(columns[0]!)} < ${numberLiteral(WIDE_SAMPLE_ROWS)}, ${tableRows}
      FROM first, (SELECT ${counts} FROM (${head(SAMPLE_ROWS, WIDE_SAMPLE_ROWS - SAMPLE_ROWS)}) AS r OFFSET 0) AS rest
      WHERE (SELECT ${ambiguous} FROM first)`;
}

/**
 * The list's page and count by `plan`, as {rows, total}. The test (strpos) sits in the scan itself,
 * so rows that fail it are never projected, and no index can serve it; the rest of each shape keeps
 * PostgreSQL to the plan:
 * - walk: the list in its order with a LIMIT the planner cannot see (it plans to read a tenth of
 *   the matches, for which the index walk is cheapest whatever the test's selectivity);
 * - bitmap: the driver is the only index condition (trigram or bigram index), fenced by OFFSET 0
 *   so the sort above cannot turn it into a walk;
 * - scan: the list's filters alone, fenced the same way.
 * A walk with `countBy` walks for the page only and counts through that driver's bitmap, stopping
 * at needed() matches (fenced by a CTE, see there).
 */
function readSql(request: FindRequest, where: SQL, s: Slots, plan: SearchPlan, computed: Record<string, SQL>): SQL {
  const { source, match } = request;
  const self = sql.identifier(getTableName(source.table));
  // Rows carry only the fields the page shows (and sorts by) through the sort and the window.
  const fields = sql.join(Object.values(source.fields), sql`, `);
  const tested = sql`${holdsAll(sql`${source.searchText}`, s.groups)} AND ${where}`;
  const lookup = (driver: number) =>
    match.parts[driver]!.bigram
      ? sql`${source.bigrams} @> ARRAY[${s.parts[driver]!.texts[0]!}]`
      : sql`${source.searchText} LIKE ANY (${s.parts[driver]!.patterns!})`;
  const walk = (limit: SQL) => sql`SELECT ${fields} FROM ${source.table} WHERE ${tested} ORDER BY ${source.order} LIMIT (SELECT ${limit})`;
  const fenced = (condition: SQL) =>
    sql`SELECT * FROM (SELECT ${fields} FROM ${source.table} WHERE ${condition} AND ${tested} OFFSET 0) AS ${self} ORDER BY ${source.order} LIMIT ${s.needed}`;
  // `alone`: the list's filters are tested above a second fence, on the records the driver finds;
  // in the same WHERE, PostgreSQL would AND the filters' own indexes into the bitmap.
  const driven = (condition: SQL) =>
    sql`SELECT * FROM (SELECT ${fields} FROM (SELECT * FROM ${source.table} WHERE ${condition} AND ${holdsAll(sql`${source.searchText}`, s.groups)} OFFSET 0) AS ${self}
        WHERE ${where} OFFSET 0) AS ${self} ORDER BY ${source.order} LIMIT ${s.needed}`;

  let found: SQL;
  let total = sql`count(*)`;
  if (plan.kind === 'walk' && plan.countBy !== undefined) {
    found = walk(s.rows);
    // Planned for every record the driver finds, so through its index whatever the statistics say
    // (under a LIMIT, PostgreSQL may take a scan that stops early for cheaper), and run only until
    // the count's limit is reached: a CTE is computed as its reader asks for rows.
    total = sql`(WITH driven AS MATERIALIZED (SELECT 1 FROM ${source.table} WHERE ${lookup(plan.countBy)} AND ${tested})
      SELECT count(*) FROM (SELECT 1 FROM driven LIMIT ${s.needed}) AS counted)`;
  } else if (plan.kind === 'walk') {
    found = walk(s.needed);
  } else if (plan.kind === 'scan' && directOf(request)) {
    found = keyedScan(request, tested, s.needed);
  } else {
    found = plan.kind === 'scan' ? fenced(sql`true`) : plan.alone ? driven(lookup(plan.driver)) : fenced(lookup(plan.driver));
  }
  // The JSON is built for the page's rows only, after the sort: a count's other rows need none.
  return sql`SELECT json_build_object(
      'rows', coalesce(json_agg(${jsonObject({ ...source.fields, ...computed })} ORDER BY search_n) FILTER (WHERE search_n <= ${s.rows}), '[]'),
      'total', ${total})
    FROM (SELECT *, row_number() OVER (ORDER BY ${source.order}) AS search_n FROM (${found}) AS ${self}) AS ${self}`;
}

/**
 * A small area's list read whole (FindRequest.reachedDirectly): its matches' keys first, then the
 * rows of the first `needed` of them. The location index carries each row's search_text and the
 * list's order (schema.ts), so the keys come from the index alone, location by location, and only
 * the rows kept are read from the table: a few sites' 3,300 assets lie on as many pages, which a
 * read of whole rows visits one by one.
 */
function keyedScan({ source }: FindRequest, tested: SQL, needed: SQL): SQL {
  const self = sql.identifier(getTableName(source.table));
  const id = source.fields.id;
  if (!id) throw new Error(`A search source needs an id field: ${getTableName(source.table)}`);
  const keys = sql.join([id, ...orderColumnsOf(source).filter((column) => column !== id)], sql`, `);
  return sql`SELECT ${sql.join(Object.values(source.fields), sql`, `)} FROM ${source.table} WHERE ${id} IN (
      SELECT ${id} FROM (SELECT ${keys} FROM ${source.table} WHERE ${tested} OFFSET 0) AS ${self} ORDER BY ${source.order} LIMIT ${needed})`;
}

/** The columns a source's order reads. */
const orderColumns = new WeakMap<SearchSource, PgColumn[]>();
function orderColumnsOf(source: SearchSource): PgColumn[] {
  let columns = orderColumns.get(source);
  if (!columns) orderColumns.set(source, (columns = [...new Set(columnsIn(source.order))]));
  return columns;
}

function columnsIn(chunk: SQL): PgColumn[] {
  return chunk.queryChunks.flatMap((part) => (is(part, PgColumn) ? [part] : is(part, SQL) ? columnsIn(part) : []));
}
