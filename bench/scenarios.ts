import type { Request } from 'autocannon';
import { SEARCH_TERMS } from '../scripts/seed/vocabulary';
import { rotatingGet } from './load';
import type pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { and, is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { globalSearch } from '../src/server/modules/search/global-search';
import { DASHBOARD_STATS_SQL, organisationToday, startOfMonth } from '../src/server/modules/dashboard/dashboard.repo';
import { assetsRepo, type AssetListFilter } from '../src/server/modules/assets/assets.repo';
import type { Db } from '../src/server/db/client';
import { actions } from '../src/server/db/schema';
import { listItemJson } from '../src/server/modules/assets/list-columns';
import { actionJson } from '../src/server/modules/actions/actions.repo';
import { encodeTargetCursor, overdueCondition, TARGET_ORDER, targetRunCondition, type TargetPosition } from '../src/server/modules/actions/due-dates';

/** One statement the endpoint runs, with the values it binds (fresh per run where they vary). */
export interface SqlStep {
  text: string;
  values: () => unknown[];
  /** Set for a statement the app prepares by name (PostgreSQL may then keep a generic plan). */
  name?: string;
  /** Sent on the search's own pool (db.$search), whose sessions keep generic plans. */
  searchPool?: boolean;
}

/**
 * A read endpoint under load, and the SQL it sends to PostgreSQL: built by the repository's own
 * exported statement where it has one (search, dashboard), otherwise written out here from the
 * repository's query (keep those in step with it). The app
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
  /**
   * Places in the list by target date to page on from (fixtures drawn from the register): of
   * overdue actions, and of any dated action. Undated actions are one range of the same index.
   */
  targetPositions: { overdue: TargetPosition[]; dated: TargetPosition[] };
  /** The statements each search scenario sends (recordSearches()), keyed by its path. */
  searches: Map<string, SqlStep[]>;
}

const get = (path: string): Request => ({ method: 'GET', path });
const fixed = (...values: unknown[]) => () => values;

const dialect = new PgDialect();
// assets.repo.ts list(): each row as the list item's JSON text, newest first, limit + 1.
const ITEM_JSON = dialect.sqlToQuery(listItemJson().json).sql;
const ASSET_LIST = `select ${ITEM_JSON} from "assets"`;
const NEWEST_FIRST = `order by "assets"."created_at" desc, "assets"."id" desc`;
const PAGE = 50;

/**
 * A statement of the actions list as actions.repo.ts builds it, from the same pieces: each row's JSON
 * on today's date, `where`, the order and the page + 1. Placeholders take `values()` by name.
 */
function actionListStep(name: string, where: SQL, order: SQL[], values: () => Record<string, unknown>): SqlStep {
  const query = dialect.sqlToQuery(
    sql`select ${actionJson(sql.placeholder('today')).json} from ${actions} where ${where} order by ${sql.join(order, sql`, `)} limit ${sql.placeholder('limit')}`,
  );
  return {
    name,
    text: query.sql,
    values: () => {
      const named = { ...values(), limit: PAGE + 1 };
      return query.params.map((p) => (is(p, Placeholder) ? named[p.name as keyof typeof named] : p));
    },
  };
}

/** Paths and SQL values rotating in step through positions in the list by target date. */
function rotatingTargetPages(positions: TargetPosition[], query: string) {
  let nextPath = 0;
  let nextSql = 0;
  const cursor = () => sql.placeholder('cursorDate');
  return {
    request: rotatingGet(() => `/api/actions?${query}&cursor=${encodeTargetCursor(positions[nextPath++ % positions.length]!)}`),
    values: () => {
      const position = positions[nextSql++ % positions.length]!;
      return { today: organisationToday(new Date()), cursorDate: position.targetDate, cursorId: position.id };
    },
    after: () => targetRunCondition('dated', { targetDate: cursor(), id: sql.placeholder('cursorId') }),
  };
}

/**
 * The search scenarios: each path with the call the app makes for it. The search module chooses its
 * statements from what the register holds (modules/search/README.md), so the bench records them by
 * running the module itself against the bench database.
 */
export const SEARCH_CALLS: Array<{ path: string; run: (db: Db) => Promise<unknown> }> = [
  ...[SEARCH_TERMS.listTerm].flatMap((term) => [
    { path: `/api/assets?limit=50&search=${term}`, run: listSearch({ search: term, limit: PAGE }) },
    {
      path: `/api/assets?limit=50&search=${term}&condition=good&type=other`,
      run: listSearch({ search: term, condition: 'good', type: 'other', limit: PAGE }),
    },
  ]),
  ...[SEARCH_TERMS.common, SEARCH_TERMS.rare, SEARCH_TERMS.typo].map((q) => ({
    path: `/api/search?q=${q}`,
    run: (db: Db) => globalSearch(db, () => new Date()).search(q),
  })),
];

function listSearch(filter: AssetListFilter) {
  return (db: Db) => assetsRepo(db).list(filter);
}

/** The statements `run` sends, as the bench replays them: text, values, name and pool, in order. */
export async function recordSteps(pools: { pool: pg.Pool; searchPool: pg.Pool }, run: (db: Db) => Promise<unknown>): Promise<SqlStep[]> {
  const steps: SqlStep[] = [];
  const record = (target: { query: (...args: never[]) => unknown }, searchPool: boolean) => (query: string | { name?: string; text: string; values?: unknown[] }, values?: unknown[]) => {
    const step = typeof query === 'string' ? { text: query, params: values ?? [] } : { name: query.name, text: query.text, params: query.values ?? values ?? [] };
    steps.push({ name: step.name, text: step.text, values: () => step.params, ...(searchPool ? { searchPool } : {}) });
    return target.query(query as never, values as never);
  };
  const recording = (pool: pg.Pool, searchPool: boolean) =>
    new Proxy(pool, {
      get(target, key, receiver) {
        if (key === 'query') return record(target, searchPool);
        if (key !== 'connect') return Reflect.get(target, key, receiver);
        return async () => {
          const client = await target.connect();
          return new Proxy(client, { get: (c, k, r) => (k === 'query' ? record(c, searchPool) : Reflect.get(c, k, r)) });
        };
      },
    });
  await run(Object.assign(drizzle(recording(pools.pool, false)), { $search: recording(pools.searchPool, true) }) as unknown as Db);
  return steps;
}

export function readScenarios({ assetIds, searches, targetPositions }: ReadFixtures): ReadScenario[] {
  const term = SEARCH_TERMS.listTerm;
  let next = 0;
  const nextAssetId = () => assetIds[next++ % assetIds.length]!;
  let nextSql = 0;
  const nextSqlAssetId = () => assetIds[nextSql++ % assetIds.length]!;
  const today = () => ({ today: organisationToday(new Date()) });
  const overduePages = rotatingTargetPages(targetPositions.overdue, `overdue=true&sort=target&limit=${PAGE}`);
  const datedPages = rotatingTargetPages(targetPositions.dated, `sort=target&limit=${PAGE}`);

  return [
    {
      name: 'GET /api/dashboard/stats',
      group: 'dashboard',
      request: get('/api/dashboard/stats'),
      // dashboard.repo.ts stats(): sums of the trigger-kept counts.
      // dashboard.repo.ts stats(): and the overdue actions' index-only count.
      sql: [{ name: 'bench_dashboard_stats', text: DASHBOARD_STATS_SQL, values: () => [startOfMonth(new Date()), organisationToday(new Date())] }],
    },
    {
      name: 'GET /api/assets?limit=50',
      group: 'list',
      request: get('/api/assets?limit=50'),
      sql: [{ name: 'bench_asset_browse', text: `${ASSET_LIST} ${NEWEST_FIRST} limit $1`, values: fixed(PAGE + 1) }],
    },
    {
      name: `GET /api/assets?limit=50&search=${term}`,
      group: 'list',
      request: get(`/api/assets?limit=50&search=${term}`),
      sql: searches.get(`/api/assets?limit=50&search=${term}`) ?? [],
    },
    {
      name: 'GET /api/assets?limit=50&condition=poor',
      group: 'list',
      request: get('/api/assets?limit=50&condition=poor'),
      sql: [{ name: 'bench_asset_browse_condition', text: `${ASSET_LIST} where "assets"."condition" = $1 ${NEWEST_FIRST} limit $2`, values: fixed('poor', PAGE + 1) }],
    },
    {
      name: 'GET /api/assets?limit=50&type=hvac',
      group: 'list',
      request: get('/api/assets?limit=50&type=hvac'),
      sql: [{ name: 'bench_asset_browse_type', text: `${ASSET_LIST} where "assets"."type" = $1 ${NEWEST_FIRST} limit $2`, values: fixed('hvac', PAGE + 1) }],
    },
    {
      name: `GET /api/assets?limit=50&search=${term}&condition=good&type=other`,
      group: 'list',
      request: get(`/api/assets?limit=50&search=${term}&condition=good&type=other`),
      sql: searches.get(`/api/assets?limit=50&search=${term}&condition=good&type=other`) ?? [],
    },
    {
      name: 'GET /api/assets/{id}',
      group: 'byId',
      request: rotatingGet(() => `/api/assets/${nextAssetId()}`),
      // assets.repo.ts findById(): every column plus the creator's name.
      sql: [
        {
          name: 'bench_asset_by_id',
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
        sql: searches.get(`/api/search?q=${q}`) ?? [],
      }),
    ),
    {
      name: 'GET /api/actions?status=open&priority=high&limit=50',
      group: 'actions',
      request: get('/api/actions?status=open&priority=high&limit=50'),
      // actions.repo.ts list(): each action as JSON text, with its copy of the asset's code (ADR 017).
      sql: [
        actionListStep(
          'bench_action_browse',
          and(sql`${actions.status} = ${'open'}`, sql`${actions.priority} = ${'high'}`)!,
          [sql`${actions.createdAt} desc`, sql`${actions.id} desc`],
          today,
        ),
      ],
    },
    {
      // What the dashboard's overdue count links to: the overdue, newest first.
      name: 'GET /api/actions?overdue=true&limit=50',
      group: 'actions',
      request: get('/api/actions?overdue=true&limit=50'),
      sql: [actionListStep('bench_action_overdue', overdueCondition(sql.placeholder('today')), [sql`${actions.createdAt} desc`, sql`${actions.id} desc`], today)],
    },
    {
      name: 'GET /api/actions?overdue=true&sort=target&limit=50&cursor=<an overdue action>',
      group: 'actions',
      request: overduePages.request,
      // The dated run of the order (due-dates.ts): overdue actions all have a date.
      sql: [actionListStep('bench_action_overdue_by_target', and(overdueCondition(sql.placeholder('today')), overduePages.after())!, TARGET_ORDER, overduePages.values)],
    },
    {
      name: 'GET /api/actions?sort=target&limit=50&cursor=<a dated action>',
      group: 'actions',
      request: datedPages.request,
      sql: [actionListStep('bench_action_by_target', datedPages.after(), TARGET_ORDER, datedPages.values)],
    },
  ];
}
