import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { SEARCH_RESULTS_PER_LIST } from '../../../shared/domain/search';
import type { SearchResponse } from '../../../shared/contract/search';
import type { AssetListItem } from '../../../shared/contract/assets';
import type { Action } from '../../../shared/contract/actions';
import type { Meter } from '../../../shared/contract/meters';

/**
 * Global search over the lower-cased `search_text` columns (trigram GIN indexes): a row matches when
 * it contains the text, or when pg_trgm's word similarity (`<%`) finds it despite a small typo.
 * Substring matches rank first, then by similarity, then newest. count(*) OVER () gives the total.
 */
export function searchRepo(db: Db) {
  return {
    async search(q: string): Promise<SearchResponse> {
      const text = q.toLowerCase();
      const pattern = containsPattern(q);
      const matches = sql`(search_text ILIKE ${pattern} OR ${text} <% search_text)`;
      const rank = sql`(search_text ILIKE ${pattern}) DESC, word_similarity(${text}, search_text) DESC`;

      const [assets, actions, meters] = await Promise.all([
        db.execute<AssetListItem & { total: string }>(sql`
          SELECT id, asset_id AS "assetId", type, make, model, serial, condition, status,
                 location_id AS "locationId", location_path AS "locationPath",
                 to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                 count(*) OVER () AS total
          FROM assets WHERE ${matches}
          ORDER BY ${rank}, created_at DESC, id DESC
          LIMIT ${SEARCH_RESULTS_PER_LIST}`),
        db.execute<Action & { total: string }>(sql`
          SELECT a.id, a.action_id AS "actionId", a.asset_id AS "assetId", s.asset_id AS "assetCode",
                 a.assessment_id AS "assessmentId", a.title, a.description, a.category, a.priority, a.status,
                 a.assignee, a.target_date AS "targetDate", a.completed_date AS "completedDate",
                 a.created_by AS "createdBy",
                 to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                 to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
                 count(*) OVER () AS total
          FROM actions a LEFT JOIN assets s ON s.id = a.asset_id
          WHERE (a.search_text ILIKE ${pattern} OR ${text} <% a.search_text)
          ORDER BY (a.search_text ILIKE ${pattern}) DESC, word_similarity(${text}, a.search_text) DESC, a.created_at DESC, a.id DESC
          LIMIT ${SEARCH_RESULTS_PER_LIST}`),
        db.execute<Meter & { total: string }>(sql`
          SELECT id, meter_number AS "meterNumber", type, unit, multiplier, location_id AS "locationId",
                 location_path AS "locationPath", last_reading AS "lastReading",
                 to_char(last_reading_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastReadingDate",
                 to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                 count(*) OVER () AS total
          FROM meters WHERE ${matches}
          ORDER BY ${rank}, meter_number
          LIMIT ${SEARCH_RESULTS_PER_LIST}`),
      ]);

      const strip = <T extends { total: string }>(rows: T[]) => rows.map(({ total: _total, ...row }) => row);
      const total = (rows: Array<{ total: string }>) => Number(rows[0]?.total ?? 0);
      return {
        assets: strip(assets.rows),
        actions: strip(actions.rows),
        meters: strip(meters.rows),
        totals: { assets: total(assets.rows), actions: total(actions.rows), meters: total(meters.rows) },
      };
    },
  };
}
