import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsLowered, containsPattern } from '../../db/like';
import { firstOfEachRun, MAX_RUN_WORDS, RUNS_OF, runsContaining } from '../../db/search-runs';
import { SEARCH_COUNT_LIMIT, SEARCH_MAX_TERMS, SEARCH_RESULTS_PER_LIST } from '../../../shared/domain/search';
import type { SearchResponse } from '../../../shared/contract/search';
import type { AssetListItem } from '../../../shared/contract/assets';
import type { Action } from '../../../shared/contract/actions';
import type { Meter } from '../../../shared/contract/meters';

type Lists = Pick<SearchResponse, 'assets' | 'actions' | 'meters' | 'totals'>;

/**
 * Global search over the lower-cased `search_text` columns (trigram GIN indexes). Every word of the
 * query must occur in a record (substring, any case). Matches come newest first, and each list's
 * count stops at SEARCH_COUNT_LIMIT + 1, so a common word costs about as much as a rare one: no query
 * ranks or counts the whole register (docs/performance.md, "Global search").
 *
 * When that finds fewer than a page, mistyped words are looked up among the register's own words
 * (`search_words`, trigram similarity) and records matching a correction follow the exact matches.
 *
 * Plans at 100,000 assets: a word of letters reads its records from the letter-run index
 * (`asset_search_runs_word_created_at_id_pk`, 20 rows per run); a common fragment walks
 * `assets_created_at_id_idx` and stops after 20 matches; a rare one takes `Bitmap Index Scan on
 * assets_search_text_trgm_idx` and sorts the few rows it finds. Each phase is one statement, so a
 * search holds one pooled connection for one round trip.
 */
export function searchRepo(db: Db) {
  const run = async (where: Where, limit: number): Promise<Lists> => {
    const result = await db.execute<ListsRow>(searchSql.lists(where, limit));
    return listsOf(result.rows[0]!);
  };

  /**
   * ONE_RUN_LISTS when it applies and answers, else COUNTED_LISTS; with `correct`, also that word's
   * corrections when the lists hold less than a page.
   */
  const runCounted = async (spellings: string[], skip: ListIds, correct?: string) => {
    type Row = ListsRow & { corrections: string[] | null; answered?: boolean };
    let row = (await db.$client.query<Row>(searchSql.counted(spellings, skip, correct))).rows[0]!;
    if (row.answered === false) row = (await db.$client.query<Row>(searchSql.countedLists(spellings, skip, correct))).rows[0]!;
    return { lists: listsOf(row), corrections: correct && row.corrections?.length ? new Map([[correct, row.corrections]]) : undefined };
  };

  const corrections = async (terms: string[]): Promise<Corrections> => {
    const found: Corrections = new Map();
    const query = searchSql.corrections(terms);
    if (!query) return found;
    const result = await db.execute<{ term: string; word: string }>(query);
    for (const { term, word } of result.rows) found.set(term, [...(found.get(term) ?? []), word]);
    return found;
  };

  return {
    async search(q: string): Promise<SearchResponse> {
      const terms = searchSql.terms(q);
      const counted = searchSql.countedExact(terms);
      // A counted word's statement also brings its corrections when it finds less than a page.
      const exact = counted ? await runCounted(counted, NO_IDS, counted[0]) : undefined;
      const found = exact?.lists ?? (await run(searchSql.exact(terms), SEARCH_RESULTS_PER_LIST));
      const response = { ...found, totalLimit: SEARCH_COUNT_LIMIT };
      const exactTotal = found.totals.assets + found.totals.actions + found.totals.meters;
      if (exactTotal >= SEARCH_RESULTS_PER_LIST) return response;

      const fixes = exact ? (exact.corrections ?? new Map()) : await corrections(terms);
      if (fixes.size === 0) return response;
      // Fewer than a page was found in all lists together, so each list has room for the rest, and
      // the lists hold every exact match: the corrected search leaves those out by id.
      const countedFixes = searchSql.countedCorrected(terms, fixes);
      const more = countedFixes
        ? (await runCounted(countedFixes, idsOf(found))).lists
        : await run(searchSql.corrected(terms, fixes, idsOf(found)), SEARCH_RESULTS_PER_LIST);
      const take = <T>(first: T[], then: T[]) => first.concat(then).slice(0, SEARCH_RESULTS_PER_LIST);
      return {
        assets: take(found.assets, more.assets),
        actions: take(found.actions, more.actions),
        meters: take(found.meters, more.meters),
        totals: {
          assets: found.totals.assets + more.totals.assets,
          actions: found.totals.actions + more.totals.actions,
          meters: found.totals.meters + more.totals.meters,
        },
        totalLimit: SEARCH_COUNT_LIMIT,
      };
    },
  };
}

function listsOf(row: ListsRow): Lists {
  return {
    assets: row.assets,
    actions: row.actions,
    meters: row.meters,
    totals: { assets: Number(row.assets_total), actions: Number(row.actions_total), meters: Number(row.meters_total) },
  };
}

/**
 * A word of 3 or more letters and nothing else: every record containing it holds a word (as
 * register_words() splits them) that contains it, so the word counts bound its matches. Words with
 * digits or over 40 characters are not counted; that undercount costs speed, never an answer.
 */
function isCountable(word: string): boolean {
  return /^\p{L}{3,}$/u.test(word);
}

/** A word the letter-run index can answer: 3–40 letters a–z, whatever their case (ADR 016). */
function isRunWord(word: string): boolean {
  return /^[a-z]{3,40}$/.test(word.toLowerCase());
}

type ListName = 'assets' | 'actions' | 'meters';
export const NO_IDS: ListIds = { assets: [], actions: [], meters: [] };
/** The ids in each list of a search's answer. */
export type ListIds = Record<ListName, string[]>;

export function idsOf(lists: Pick<SearchResponse, ListName>): ListIds {
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  return { assets: ids(lists.assets), actions: ids(lists.actions), meters: ids(lists.meters) };
}

/** A match condition for one list, given its table's columns as the statement names them. */
type Where = (table: { name: ListName; searchText: SQL; id: SQL }) => SQL;
/** Each mistyped term with the register's words most like it. */
export type Corrections = Map<string, string[]>;
interface ListsRow extends Record<string, unknown> {
  assets: AssetListItem[];
  actions: Action[];
  meters: Meter[];
  assets_total: string;
  actions_total: string;
  meters_total: string;
}

/** The statements of a search, exported so the benchmark measures exactly what the app sends. */
export const searchSql = {
  /** The query's distinct words, lower-cased; each must occur in a record. */
  terms(q: string): string[] {
    return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, SEARCH_MAX_TERMS);
  },

  /**
   * The spellings COUNTED_LISTS searches for a query's exact matches: a query of one word of letters,
   * which the word counts cover. Anything else (several words, digits, symbols) goes to `exact`, and
   * PostgreSQL plans it for its own values.
   */
  countedExact(terms: string[]): string[] | undefined {
    return terms.length === 1 && isCountable(terms[0]!) ? terms : undefined;
  },

  /** The spellings COUNTED_LISTS searches after a one-word query's exact matches: its corrections. */
  countedCorrected(terms: string[], fixes: Corrections): string[] | undefined {
    if (!this.countedExact(terms)) return undefined;
    const spellings = fixes.get(terms[0]!);
    return spellings && spellings.length > 0 && spellings.every(isCountable) ? spellings : undefined;
  },

  /**
   * The first statement for the records containing any of `spellings`, leaving out those in `skip`;
   * with `correct`, also the corrections of that word when the lists hold less than a page. One
   * spelling of letters a–z goes to ONE_RUN_LISTS, which answers when it is in at most one letter run
   * (`answered`); anything else, and what that does not answer, to COUNTED_LISTS (`countedLists`).
   */
  counted(spellings: string[], skip: ListIds, correct?: string): { name: string; text: string; values: unknown[] } {
    if (spellings.length === 1 && isRunWord(spellings[0]!)) {
      return { name: 'search_one_run', text: ONE_RUN_LISTS, values: this.countedLists(spellings, skip, correct).values };
    }
    return this.countedLists(spellings, skip, correct);
  },

  /** COUNTED_LISTS for `spellings` (see `counted`). */
  countedLists(spellings: string[], skip: ListIds, correct?: string): { name: string; text: string; values: unknown[] } {
    return {
      name: 'search_counted_lists',
      text: COUNTED_LISTS,
      values: [spellings.map(containsPattern), skip.assets, skip.actions, skip.meters, correct ?? null],
    };
  },

  /** Every term as typed. */
  exact(terms: string[]): Where {
    return ({ searchText }) => sql.join(terms.map((term) => containsLowered(searchText, term)), sql` AND `);
  },

  /**
   * Every term as typed or as one of its corrections, leaving out the exact matches (`exactIds`, all
   * of them: the caller corrects only when the exact search found less than a page). A one-word
   * query's matches as typed are exactly those, so only its corrections are searched: fewer patterns
   * to plan and to test on each row.
   */
  corrected(terms: string[], fixes: Corrections, exactIds: ListIds): Where {
    const keepTyped = terms.length > 1;
    return ({ name, searchText, id }) => {
      const each = terms.map((term) => {
        const spellings = [...(keepTyped ? [term] : []), ...(fixes.get(term) ?? [])];
        return sql`(${sql.join(spellings.map((s) => containsLowered(searchText, s)), sql` OR `)})`;
      });
      const ids = exactIds[name];
      const others = ids.length > 0 ? sql` AND ${id} <> ALL(${sql.param(ids)}::uuid[])` : sql``;
      return sql`${sql.join(each, sql` AND `)}${others}`;
    };
  },

  /** Up to 3 of the register's words most like each term (pg_trgm similarity ≥ its 0.3 threshold). */
  corrections(terms: string[]): SQL | undefined {
    const words = terms.filter(isCountable);
    if (words.length === 0) return undefined;
    return sql`
      SELECT t.term, w.word
      FROM unnest(${sql.param(words)}::text[]) AS t(term)
      CROSS JOIN LATERAL (${constantSql(CORRECTIONS_OF('t.term'))}) AS w`;
  },

  /** One statement for the three lists: each list's first `limit` matches and its capped count. */
  lists(where: Where, limit: number): SQL {
    const assetsWhere = where({ name: 'assets', searchText: sql`search_text`, id: sql`id` });
    const actionsWhere = where({ name: 'actions', searchText: sql`a.search_text`, id: sql`a.id` });
    const metersWhere = where({ name: 'meters', searchText: sql`search_text`, id: sql`id` });
    return sql`
      SELECT
        (SELECT coalesce(json_agg(r ORDER BY r."createdAt" DESC, r.id DESC), '[]') FROM (
           SELECT ${constantSql(ASSET_ITEM)} FROM assets WHERE ${assetsWhere}
           ORDER BY created_at DESC, id DESC LIMIT ${limit}) AS r) AS assets,
        (SELECT count(*) FROM (SELECT 1 FROM assets WHERE ${assetsWhere} LIMIT ${SEARCH_COUNT_LIMIT + 1}) AS c) AS assets_total,
        (SELECT coalesce(json_agg(r ORDER BY r."createdAt" DESC, r.id DESC), '[]') FROM (
           SELECT ${constantSql(ACTION_ITEM)} FROM actions a WHERE ${actionsWhere}
           ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}) AS r) AS actions,
        (SELECT count(*) FROM (SELECT 1 FROM actions a WHERE ${actionsWhere} LIMIT ${SEARCH_COUNT_LIMIT + 1}) AS c) AS actions_total,
        (SELECT coalesce(json_agg(r ORDER BY r."meterNumber"), '[]') FROM (
           SELECT ${constantSql(METER_ITEM)} FROM meters WHERE ${metersWhere}
           ORDER BY meter_number LIMIT ${limit}) AS r) AS meters,
        (SELECT count(*) FROM (SELECT 1 FROM meters WHERE ${metersWhere} LIMIT ${SEARCH_COUNT_LIMIT + 1}) AS c) AS meters_total`;
  },
};

/** A timestamp as the ISO text the API uses everywhere (UTC, milliseconds). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL text written out in this module (never input), for the statements built with sql``. */
function constantSql(text: string): SQL {
  // eslint-disable-next-line no-restricted-syntax -- constant text from this module, never input
  return sql.raw(text);
}

/** Up to 3 of the register's words most like `term` (pg_trgm similarity ≥ its 0.3 threshold). */
const CORRECTIONS_OF = (term: string) => `
  SELECT word FROM search_words
  WHERE word % ${term} AND word <> ${term}
  ORDER BY similarity(word, ${term}) DESC, word LIMIT 3`;

/** Each list's item as the API shows it (contract/search.ts), from its table (actions as `a`). */
const ASSET_ITEM = `id, asset_id AS "assetId", type, make, model, serial, condition, status,
  location_id AS "locationId", location_path AS "locationPath", ${iso('created_at')} AS "createdAt"`;
const ACTION_ITEM = `a.id, a.action_id AS "actionId", a.asset_id AS "assetId",
  a.asset_code AS "assetCode",
  a.assessment_id AS "assessmentId", a.title, a.description, a.category, a.priority, a.status,
  a.assignee, a.target_date AS "targetDate", a.completed_date AS "completedDate",
  a.created_by AS "createdBy", ${iso('a.created_at')} AS "createdAt", ${iso('a.updated_at')} AS "updatedAt"`;
const METER_ITEM = `id, meter_number AS "meterNumber", type, unit, multiplier, location_id AS "locationId",
  location_path AS "locationPath", last_reading AS "lastReading",
  ${iso('last_reading_date')} AS "lastReadingDate", ${iso('created_at')} AS "createdAt"`;

/**
 * The parameters of COUNTED_LISTS and, per list, which plan its words' counts choose (see there).
 * Exported for the tests.
 */
export const PLAN_CHOICE = `
  SELECT patterns, skip_assets, skip_actions, skip_meters, correct, runs, use_runs, one_run,
         asset_bound * asset_bound > ${SEARCH_RESULTS_PER_LIST} * asset_rows AS walk_assets,
         asset_bound * asset_bound > ${2 * (SEARCH_COUNT_LIMIT + 1)} * asset_rows AS scan_assets,
         action_bound * action_bound > ${SEARCH_RESULTS_PER_LIST} * action_rows AS walk_actions,
         action_bound * action_bound > ${2 * (SEARCH_COUNT_LIMIT + 1)} * action_rows AS scan_actions
  FROM (
    SELECT r.*,
           CASE WHEN cardinality(r.runs) <= 1 THEN 0
             ELSE (SELECT coalesce(sum(c.assets), 0) FROM asset_word_counts AS c WHERE c.word LIKE ANY (r.patterns))
           END::float8 AS asset_bound,
           CASE WHEN cardinality(r.runs) <= 1 THEN 0
             ELSE (SELECT coalesce(sum(c.actions), 0) FROM action_word_counts AS c WHERE c.word LIKE ANY (r.patterns))
           END::float8 AS action_bound,
           (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'assets'::regclass)::float8 AS asset_rows,
           (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'actions'::regclass)::float8 AS action_rows
    FROM (
      SELECT w.*, coalesce(cardinality(w.runs) <= ${MAX_RUN_WORDS}, false) AS use_runs,
             coalesce(cardinality(w.runs) = 1, false) AS one_run
      FROM (
        SELECT p.patterns, $2::uuid[] AS skip_assets, $3::uuid[] AS skip_actions, $4::uuid[] AS skip_meters,
               $5::text AS correct,
               ${runsContaining('p.patterns')} AS runs
        FROM (SELECT array(SELECT lower(t) FROM unnest($1::text[]) AS t) AS patterns) AS p
        OFFSET 0
      ) AS w
    ) AS r
    OFFSET 0
  ) AS b`;

/**
 * The lists for one word (or a mistyped word's corrections) as a prepared statement whose plan is
 * made once per connection: planning the LIKE statements above costs ~0.45 ms per search, as much
 * as running them. PostgreSQL can keep one plan only if that plan suits every word, so the statement
 * holds several plans per list and chooses one at execution:
 * - `runs` (ADR 016): a word of 3–40 letters a–z occurs in a record exactly when it occurs in one of
 *   the record's letter runs. The statement finds the runs containing it in `search_runs` (trigram
 *   index over ~80,000 runs). In at most MAX_RUN_WORDS runs, each list is the first page of each
 *   run's records (`<table>_search_runs`, in the list's order), and in exactly one run, the count
 *   is that run's records up to 101: index reads only, however common the word or new its records;
 * - otherwise the word counts choose (ADR 015). `bound`: every record matching a spelling holds a
 *   word containing it, so the counted records of those words bound the matches (a word not yet
 *   counted adds nothing: it is taken as rare). A list walks the newest-first index when bound² >
 *   page × rows (20 × 100,000: bound over 1,414), where the walk reads fewer rows than the trigram
 *   bitmap, and otherwise reads every match through the trigram index (`<table>_matching`) and sorts
 *   them. A count scans the table until it has 101 when bound² > 2 × 101 × rows (bound over 4,494),
 *   and otherwise counts through the trigram index: its cost follows the matches (0.9 ms for 3,637)
 *   and the scan's follows 101 × rows ÷ matches, a row scanned costing about twice a match counted.
 *   Meters (a few thousand at most) go through the trigram index.
 * The walking and scanning side tests `(search_text || '')`, which no index can serve, so its plan
 * cannot turn into the bitmap. Every parameter reaches the plan only through `q`, so the plan
 * PostgreSQL makes for these values is the plan for any values, and it keeps that generic plan after
 * five executions.
 * A list shorter than a page is its own count, and with $5 the statement also brings that word's
 * corrections when its lists hold less than a page.
 * $1: LIKE patterns (containsPattern), any of which matches; $2–$4: ids of assets, actions and meters
 * to leave out (those a corrected search already listed); $5: the word to correct, or null.
 */
export const COUNTED_LISTS = `
WITH q AS MATERIALIZED (${PLAN_CHOICE}),
${matches('assets', 'skip_assets')},
${matches('actions', 'skip_actions')},
${matches('meters', 'skip_meters')},
lists AS MATERIALIZED (
  SELECT
    CASE WHEN (SELECT use_runs FROM q)
      THEN ${page('assets', ASSET_ITEM, firstOfRuns('assets', 'skip_assets'), 'created_at DESC, id DESC', 'r."createdAt" DESC, r.id DESC')}
      WHEN (SELECT walk_assets FROM q)
      THEN ${page('assets', ASSET_ITEM, walking('assets', 'skip_assets'), 'created_at DESC, id DESC', 'r."createdAt" DESC, r.id DESC')}
      ELSE ${page('assets', ASSET_ITEM, 'assets_matching', 'created_at DESC, id DESC', 'r."createdAt" DESC, r.id DESC')}
    END AS assets,
    CASE WHEN (SELECT use_runs FROM q)
      THEN ${page('a', ACTION_ITEM, firstOfRuns('actions', 'skip_actions'), 'a.created_at DESC, a.id DESC', 'r."createdAt" DESC, r.id DESC')}
      WHEN (SELECT walk_actions FROM q)
      THEN ${page('a', ACTION_ITEM, walking('actions', 'skip_actions'), 'a.created_at DESC, a.id DESC', 'r."createdAt" DESC, r.id DESC')}
      ELSE ${page('a', ACTION_ITEM, 'actions_matching', 'a.created_at DESC, a.id DESC', 'r."createdAt" DESC, r.id DESC')}
    END AS actions,
    CASE WHEN (SELECT use_runs FROM q)
      THEN ${page('meters', METER_ITEM, firstOfRuns('meters', 'skip_meters'), 'meter_number', 'r."meterNumber"')}
      ELSE ${page('meters', METER_ITEM, 'meters_matching', 'meter_number', 'r."meterNumber"')}
    END AS meters
)
SELECT assets, actions, meters,
  CASE WHEN json_array_length(assets) < ${SEARCH_RESULTS_PER_LIST} THEN json_array_length(assets)
       WHEN (SELECT one_run FROM q) THEN ${count(ofOneRun('assets', 'skip_assets'))}
       WHEN (SELECT scan_assets FROM q) THEN ${count(walking('assets', 'skip_assets'))}
       ELSE ${count('assets_matching')}
  END AS assets_total,
  CASE WHEN json_array_length(actions) < ${SEARCH_RESULTS_PER_LIST} THEN json_array_length(actions)
       WHEN (SELECT one_run FROM q) THEN ${count(ofOneRun('actions', 'skip_actions'))}
       WHEN (SELECT scan_actions FROM q) THEN ${count(walking('actions', 'skip_actions'))}
       ELSE ${count('actions_matching')}
  END AS actions_total,
  CASE WHEN json_array_length(meters) < ${SEARCH_RESULTS_PER_LIST} THEN json_array_length(meters)
       WHEN (SELECT one_run FROM q) THEN ${count(ofOneRun('meters', 'skip_meters'))}
       ELSE ${count('meters_matching')}
  END AS meters_total,
  CASE WHEN json_array_length(assets) + json_array_length(actions) + json_array_length(meters) < ${SEARCH_RESULTS_PER_LIST}
    THEN array(${CORRECTIONS_OF('(SELECT correct FROM q)')})
  END AS corrections
FROM lists`;

/** The matching rows of `table` as its walk or scan reads them: a filter no index can serve. */
function walking(table: string, skip: string): string {
  return `(SELECT * FROM ${table} WHERE (search_text || '') LIKE ANY ((SELECT patterns FROM q)::text[])
     AND id <> ALL ((SELECT ${skip} FROM q)::uuid[]))`;
}

/** The first page of each run containing the spellings: the rows of the list's first page. */
function firstOfRuns(table: keyof typeof RUNS_OF, skip: string): string {
  const notSkipped = `r.id <> ALL ((SELECT ${skip} FROM q)::uuid[])`;
  return `(SELECT * FROM ${table} WHERE id IN (
     ${firstOfEachRun(table, '(SELECT runs FROM q)', notSkipped, String(SEARCH_RESULTS_PER_LIST))}))`;
}

/** The records holding the one run that contains the spellings: each record holds it once. */
function ofOneRun(table: keyof typeof RUNS_OF, skip: string, limit?: number): string {
  const { runs, order } = RUNS_OF[table];
  return `(SELECT r.id FROM ${runs} AS r
     WHERE r.word = (SELECT runs[1] FROM q) AND r.id <> ALL ((SELECT ${skip} FROM q)::uuid[])${limit ? `
     ORDER BY ${order} LIMIT ${limit}` : ''})`;
}

/** The first page of the one run containing the spelling, as rows of `table`. */
function firstOfOneRun(table: keyof typeof RUNS_OF, skip: string): string {
  return `(SELECT * FROM ${table} WHERE id IN ${ofOneRun(table, skip, SEARCH_RESULTS_PER_LIST)})`;
}

/**
 * The lists for one spelling of letters a–z in at most one letter run, the usual case of a word
 * someone types (ADR 016): the pages and counts of COUNTED_LISTS with none of its other plans.
 * PostgreSQL sets up every node of a plan on each execution, branches not taken too, so this short
 * statement runs in ~0.15 ms less. `answered` is false when the spelling is in several runs: the
 * caller then runs COUNTED_LISTS. Parameters as COUNTED_LISTS.
 */
export const ONE_RUN_LISTS = `
WITH q AS MATERIALIZED (
  SELECT CASE WHEN cardinality(found) <= 1 THEN found END AS runs, coalesce(cardinality(found) <= 1, false) AS answered,
         $2::uuid[] AS skip_assets, $3::uuid[] AS skip_actions, $4::uuid[] AS skip_meters, $5::text AS correct
  FROM (SELECT ${runsContaining('(SELECT $1::text[])')} AS found OFFSET 0) AS w
),
lists AS MATERIALIZED (
  SELECT
    ${page('assets', ASSET_ITEM, firstOfOneRun('assets', 'skip_assets'), 'created_at DESC, id DESC', 'r."createdAt" DESC, r.id DESC')} AS assets,
    ${page('a', ACTION_ITEM, firstOfOneRun('actions', 'skip_actions'), 'a.created_at DESC, a.id DESC', 'r."createdAt" DESC, r.id DESC')} AS actions,
    ${page('meters', METER_ITEM, firstOfOneRun('meters', 'skip_meters'), 'meter_number', 'r."meterNumber"')} AS meters
)
SELECT (SELECT answered FROM q) AS answered, assets, actions, meters,
  CASE WHEN json_array_length(assets) < ${SEARCH_RESULTS_PER_LIST} THEN json_array_length(assets)
       ELSE ${count(ofOneRun('assets', 'skip_assets'))} END AS assets_total,
  CASE WHEN json_array_length(actions) < ${SEARCH_RESULTS_PER_LIST} THEN json_array_length(actions)
       ELSE ${count(ofOneRun('actions', 'skip_actions'))} END AS actions_total,
  CASE WHEN json_array_length(meters) < ${SEARCH_RESULTS_PER_LIST} THEN json_array_length(meters)
       ELSE ${count(ofOneRun('meters', 'skip_meters'))} END AS meters_total,
  CASE WHEN (SELECT answered FROM q)
        AND json_array_length(assets) + json_array_length(actions) + json_array_length(meters) < ${SEARCH_RESULTS_PER_LIST}
    THEN array(${CORRECTIONS_OF('(SELECT correct FROM q)')})
  END AS corrections
FROM lists`;

/**
 * `<table>_matching`: every matching row of `table`, through its trigram index. A CTE is planned
 * to be read in full, so the LIMIT of a count above it cannot turn its plan into a scan that stops
 * early (as it did from a subquery once the table grew), and the list and the count read it once.
 */
function matches(table: string, skip: string): string {
  return `${table}_matching AS MATERIALIZED (
  SELECT * FROM ${table} WHERE search_text LIKE ANY ((SELECT patterns FROM q)::text[])
    AND id <> ALL ((SELECT ${skip} FROM q)::uuid[]))`;
}

/** The first page of `rows` (as `alias`) in `order`, as a JSON array of `item`s. */
function page(alias: string, item: string, rows: string, order: string, jsonOrder: string): string {
  return `(SELECT coalesce(json_agg(r ORDER BY ${jsonOrder}), '[]') FROM (
       SELECT ${item} FROM ${rows} AS ${alias} ORDER BY ${order} LIMIT ${SEARCH_RESULTS_PER_LIST}) AS r)`;
}

/** How many `rows` there are, up to the limit + 1. */
function count(rows: string): string {
  return `(SELECT count(*) FROM (SELECT 1 FROM ${rows} AS m LIMIT ${SEARCH_COUNT_LIMIT + 1}) AS c)`;
}
