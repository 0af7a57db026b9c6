import type { Request } from 'autocannon';
import { SEARCH_TERMS } from '../scripts/seed/vocabulary';
import { rotatingGet } from './load';

/** One statement the endpoint runs, with the values it binds (fresh per run where they vary). */
export interface SqlStep {
  text: string;
  values: () => unknown[];
}

/**
 * A read endpoint under load, and the SQL it sends to PostgreSQL (written out here by hand from its
 * repository, so a reader sees what is being measured; keep it in step with the repo). The app
 * also looks up the session on every request: that query is part of the app's overhead and is
 * deliberately not in `sql`.
 */
export interface ReadScenario {
  name: string;
  group: 'dashboard' | 'list' | 'byId' | 'search' | 'actions';
  request: Request;
  sql: SqlStep[];
}

export interface ReadFixtures {
  assetIds: string[];
}

const get = (path: string): Request => ({ method: 'GET', path });
const fixed = (...values: unknown[]) => () => values;
const contains = (text: string) => `%${text}%`;

// assets.repo.ts list(): the list columns, newest first, limit + 1.
const ASSET_LIST = `select "id", "asset_id", "type", "make", "model", "serial", "condition", "status", "location_id", "location_path", "created_at" from "assets"`;
const NEWEST_FIRST = `order by "assets"."created_at" desc, "assets"."id" desc`;
const PAGE = 50;

// search.repo.ts: three queries (the app runs them in parallel on three connections).
const searchSql = (q: string): SqlStep[] => {
  const text = q.toLowerCase();
  const values = fixed(contains(text), text);
  return [
    {
      text: `SELECT id, asset_id AS "assetId", type, make, model, serial, condition, status, location_id AS "locationId", location_path AS "locationPath",
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", count(*) OVER () AS total
             FROM assets WHERE (search_text ILIKE $1 OR $2 <% search_text)
             ORDER BY (search_text ILIKE $1) DESC, word_similarity($2, search_text) DESC, created_at DESC, id DESC LIMIT 20`,
      values,
    },
    {
      text: `SELECT a.id, a.action_id AS "actionId", a.asset_id AS "assetId", s.asset_id AS "assetCode", a.assessment_id AS "assessmentId",
               a.title, a.description, a.category, a.priority, a.status, a.assignee, a.target_date AS "targetDate",
               a.completed_date AS "completedDate", a.created_by AS "createdBy",
               to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
               to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt", count(*) OVER () AS total
             FROM actions a LEFT JOIN assets s ON s.id = a.asset_id
             WHERE (a.search_text ILIKE $1 OR $2 <% a.search_text)
             ORDER BY (a.search_text ILIKE $1) DESC, word_similarity($2, a.search_text) DESC, a.created_at DESC, a.id DESC LIMIT 20`,
      values,
    },
    {
      text: `SELECT id, meter_number AS "meterNumber", type, unit, multiplier, location_id AS "locationId", location_path AS "locationPath",
               last_reading AS "lastReading", to_char(last_reading_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastReadingDate",
               to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", count(*) OVER () AS total
             FROM meters WHERE (search_text ILIKE $1 OR $2 <% search_text)
             ORDER BY (search_text ILIKE $1) DESC, word_similarity($2, search_text) DESC, meter_number LIMIT 20`,
      values,
    },
  ];
};

/** The first of this month (UTC), as dashboard.repo.ts computes it. */
function startOfMonth(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function readScenarios({ assetIds }: ReadFixtures): ReadScenario[] {
  const term = SEARCH_TERMS.listTerm;
  let next = 0;
  const nextAssetId = () => assetIds[next++ % assetIds.length]!;
  let nextSql = 0;
  const nextSqlAssetId = () => assetIds[nextSql++ % assetIds.length]!;

  return [
    {
      name: 'GET /api/dashboard/stats',
      group: 'dashboard',
      request: get('/api/dashboard/stats'),
      sql: [
        {
          text: `SELECT count(*) AS total, count(*) FILTER (WHERE created_at < $1) AS at_end_of_last_month,
                   count(*) FILTER (WHERE condition = 'excellent') AS excellent, count(*) FILTER (WHERE condition = 'good') AS good,
                   count(*) FILTER (WHERE condition = 'fair') AS fair, count(*) FILTER (WHERE condition = 'poor') AS poor,
                   count(*) FILTER (WHERE condition = 'unsafe') AS unsafe
                 FROM assets`,
          values: () => [startOfMonth()],
        },
        {
          text: `SELECT count(*) FILTER (WHERE status = 'open') AS open,
                   count(*) FILTER (WHERE status = 'open' AND priority IN ('critical', 'high')) AS high_open
                 FROM actions`,
          values: fixed(),
        },
      ],
    },
    {
      name: 'GET /api/assets?limit=50',
      group: 'list',
      request: get('/api/assets?limit=50'),
      sql: [{ text: `${ASSET_LIST} ${NEWEST_FIRST} limit $1`, values: fixed(PAGE + 1) }],
    },
    {
      name: `GET /api/assets?limit=50&search=${term}`,
      group: 'list',
      request: get(`/api/assets?limit=50&search=${term}`),
      sql: [{ text: `${ASSET_LIST} where "assets"."search_text" ilike $1 ${NEWEST_FIRST} limit $2`, values: fixed(contains(term), PAGE + 1) }],
    },
    {
      name: 'GET /api/assets?limit=50&condition=poor',
      group: 'list',
      request: get('/api/assets?limit=50&condition=poor'),
      sql: [{ text: `${ASSET_LIST} where "assets"."condition" = $1 ${NEWEST_FIRST} limit $2`, values: fixed('poor', PAGE + 1) }],
    },
    {
      name: 'GET /api/assets?limit=50&type=hvac',
      group: 'list',
      request: get('/api/assets?limit=50&type=hvac'),
      sql: [{ text: `${ASSET_LIST} where "assets"."type" = $1 ${NEWEST_FIRST} limit $2`, values: fixed('hvac', PAGE + 1) }],
    },
    {
      name: `GET /api/assets?limit=50&search=${term}&condition=good&type=other`,
      group: 'list',
      request: get(`/api/assets?limit=50&search=${term}&condition=good&type=other`),
      sql: [
        {
          text: `${ASSET_LIST} where ("assets"."condition" = $1 and "assets"."type" = $2 and "assets"."search_text" ilike $3) ${NEWEST_FIRST} limit $4`,
          values: fixed('good', 'other', contains(term), PAGE + 1),
        },
      ],
    },
    {
      name: 'GET /api/assets/{id}',
      group: 'byId',
      request: rotatingGet(() => `/api/assets/${nextAssetId()}`),
      // assets.repo.ts findById(): every column plus the creator's name.
      sql: [
        {
          text: `select "assets".*, "users"."full_name" from "assets" left join "users" on "users"."id" = "assets"."created_by" where "assets"."id" = $1 limit $2`,
          values: () => [nextSqlAssetId(), 1],
        },
      ],
    },
    ...([
      ['common', SEARCH_TERMS.common],
      ['rare', SEARCH_TERMS.rare],
      ['typo', SEARCH_TERMS.typo],
    ] as const).map(
      ([kind, q]): ReadScenario => ({
        name: `GET /api/search?q=${q} (${kind})`,
        group: 'search',
        request: get(`/api/search?q=${q}`),
        sql: searchSql(q),
      }),
    ),
    {
      name: 'GET /api/actions?status=open&priority=high&limit=50',
      group: 'actions',
      request: get('/api/actions?status=open&priority=high&limit=50'),
      // actions.repo.ts list(): every column plus the asset's code.
      sql: [
        {
          text: `select "actions"."id", "actions"."action_id", "actions"."asset_id", "assets"."asset_id", "actions"."assessment_id", "actions"."title",
                   "actions"."description", "actions"."category", "actions"."priority", "actions"."status", "actions"."assignee",
                   "actions"."target_date", "actions"."completed_date", "actions"."created_by", "actions"."created_at", "actions"."updated_at"
                 from "actions" left join "assets" on "assets"."id" = "actions"."asset_id"
                 where ("actions"."status" = $1 and "actions"."priority" = $2)
                 order by "actions"."created_at" desc, "actions"."id" desc limit $3`,
          values: fixed('open', 'high', PAGE + 1),
        },
      ],
    },
  ];
}
