import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsLowered } from '../../db/like';
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
 * Plans at 100,000 assets: a common word walks `assets_created_at_id_idx` and stops after 20 matches;
 * a rare one takes `Bitmap Index Scan on assets_search_text_trgm_idx` and sorts the few rows it finds.
 * Each phase is one statement, so a search holds one pooled connection for one round trip.
 */
export function searchRepo(db: Db) {
  const run = async (where: Where, limit: number): Promise<Lists> => {
    const result = await db.execute<ListsRow>(searchSql.lists(where, limit));
    const row = result.rows[0]!;
    return {
      assets: row.assets,
      actions: row.actions,
      meters: row.meters,
      totals: { assets: Number(row.assets_total), actions: Number(row.actions_total), meters: Number(row.meters_total) },
    };
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
      const found = await run(searchSql.exact(terms), SEARCH_RESULTS_PER_LIST);
      const response = { ...found, totalLimit: SEARCH_COUNT_LIMIT };
      const exactTotal = found.totals.assets + found.totals.actions + found.totals.meters;
      if (exactTotal >= SEARCH_RESULTS_PER_LIST) return response;

      const fixes = await corrections(terms);
      if (fixes.size === 0) return response;
      // Fewer than a page was found in all lists together, so each list has room for the rest, and
      // the lists hold every exact match: the corrected search leaves those out by id.
      const more = await run(searchSql.corrected(terms, fixes, idsOf(found)), SEARCH_RESULTS_PER_LIST);
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

type ListName = 'assets' | 'actions' | 'meters';
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
    const words = terms.filter((t) => /^\p{L}{3,}$/u.test(t));
    if (words.length === 0) return undefined;
    return sql`
      SELECT t.term, w.word
      FROM unnest(${sql.param(words)}::text[]) AS t(term)
      CROSS JOIN LATERAL (
        SELECT word FROM search_words
        WHERE word % t.term AND word <> t.term
        ORDER BY similarity(word, t.term) DESC, word LIMIT 3
      ) AS w`;
  },

  /** One statement for the three lists: each list's first `limit` matches and its capped count. */
  lists(where: Where, limit: number): SQL {
    const assetsWhere = where({ name: 'assets', searchText: sql`search_text`, id: sql`id` });
    const actionsWhere = where({ name: 'actions', searchText: sql`a.search_text`, id: sql`a.id` });
    const metersWhere = where({ name: 'meters', searchText: sql`search_text`, id: sql`id` });
    return sql`
      SELECT
        (SELECT coalesce(json_agg(r ORDER BY r."createdAt" DESC, r.id DESC), '[]') FROM (
           SELECT id, asset_id AS "assetId", type, make, model, serial, condition, status,
                  location_id AS "locationId", location_path AS "locationPath", ${iso(sql`created_at`)} AS "createdAt"
           FROM assets WHERE ${assetsWhere}
           ORDER BY created_at DESC, id DESC LIMIT ${limit}) AS r) AS assets,
        (SELECT count(*) FROM (SELECT 1 FROM assets WHERE ${assetsWhere} LIMIT ${SEARCH_COUNT_LIMIT + 1}) AS c) AS assets_total,
        (SELECT coalesce(json_agg(r ORDER BY r."createdAt" DESC, r.id DESC), '[]') FROM (
           SELECT a.id, a.action_id AS "actionId", a.asset_id AS "assetId",
                  (SELECT s.asset_id FROM assets s WHERE s.id = a.asset_id) AS "assetCode",
                  a.assessment_id AS "assessmentId", a.title, a.description, a.category, a.priority, a.status,
                  a.assignee, a.target_date AS "targetDate", a.completed_date AS "completedDate",
                  a.created_by AS "createdBy", ${iso(sql`a.created_at`)} AS "createdAt", ${iso(sql`a.updated_at`)} AS "updatedAt"
           FROM actions a WHERE ${actionsWhere}
           ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}) AS r) AS actions,
        (SELECT count(*) FROM (SELECT 1 FROM actions a WHERE ${actionsWhere} LIMIT ${SEARCH_COUNT_LIMIT + 1}) AS c) AS actions_total,
        (SELECT coalesce(json_agg(r ORDER BY r."meterNumber"), '[]') FROM (
           SELECT id, meter_number AS "meterNumber", type, unit, multiplier, location_id AS "locationId",
                  location_path AS "locationPath", last_reading AS "lastReading",
                  ${iso(sql`last_reading_date`)} AS "lastReadingDate", ${iso(sql`created_at`)} AS "createdAt"
           FROM meters WHERE ${metersWhere}
           ORDER BY meter_number LIMIT ${limit}) AS r) AS meters,
        (SELECT count(*) FROM (SELECT 1 FROM meters WHERE ${metersWhere} LIMIT ${SEARCH_COUNT_LIMIT + 1}) AS c) AS meters_total`;
  },
};

/** A timestamp as the ISO text the API uses everywhere (UTC, milliseconds). */
function iso(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
