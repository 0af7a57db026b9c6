import type { Request } from 'autocannon';
import { SEARCH_TERMS } from '../scripts/seed/vocabulary';
import { rotatingGet } from './load';
import type pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { idsOf, NO_IDS, searchSql, type Corrections, type ListIds } from '../src/server/modules/search/search.repo';
import { DASHBOARD_STATS_SQL, startOfMonth } from '../src/server/modules/dashboard/dashboard.repo';
import { countedSearchQuery, type SearchFilters } from '../src/server/modules/assets/list-search';
import { listItemJson } from '../src/server/modules/assets/list-columns';
import { actionJson } from '../src/server/modules/actions/actions.repo';
import { SEARCH_RESULTS_PER_LIST } from '../src/shared/domain/search';

/** One statement the endpoint runs, with the values it binds (fresh per run where they vary). */
export interface SqlStep {
  text: string;
  values: () => unknown[];
  /** Set for a statement the app prepares by name (PostgreSQL may then keep a generic plan). */
  name?: string;
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
  /** searchFollowUp() of each global-search term, keyed by the term. */
  searches: Map<string, SearchFollowUp>;
}

const get = (path: string): Request => ({ method: 'GET', path });
const fixed = (...values: unknown[]) => () => values;

const dialect = new PgDialect();
// assets.repo.ts list(): each row as the list item's JSON text, newest first, limit + 1.
const ITEM_JSON = dialect.sqlToQuery(listItemJson().json).sql;
const ASSET_LIST = `select ${ITEM_JSON} from "assets"`;
const NEWEST_FIRST = `order by "assets"."created_at" desc, "assets"."id" desc`;
const PAGE = 50;
// assets.repo.ts list() with a search word (list-search.ts): one named statement per filter shape.
const listSearch = (search: string, filters: SearchFilters): SqlStep => namedStep(countedSearchQuery(search, filters, PAGE + 1)!);

/** A statement built by a repository, as text and values for `pg`: exactly what the app sends. */
function step(query: SQL): SqlStep {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: () => params };
}

/**
 * search.repo.ts: the exact-match statement; for a query that finds less than a page, also the
 * correction lookup and the statement for the corrected spellings (those the lookup returns on this
 * estate, found once when the bench starts).
 */
function searchSteps(q: string, { corrections, exactIds }: SearchFollowUp): SqlStep[] {
  const terms = searchSql.terms(q);
  const steps = [exactStep(terms)];
  if (corrections.size === 0) return steps;
  const countedFixes = searchSql.countedCorrected(terms, corrections);
  if (countedFixes) {
    // The counted exact statement brought the corrections with it.
    steps.push(namedStep(searchSql.counted(countedFixes, exactIds)));
  } else {
    const lookup = searchSql.corrections(terms);
    if (lookup) steps.push(step(lookup), step(searchSql.lists(searchSql.corrected(terms, corrections, exactIds), SEARCH_RESULTS_PER_LIST)));
  }
  return steps;
}

/** search.repo.ts's first statement for a query: its exact matches (and a counted word's corrections). */
function exactStep(terms: string[]): SqlStep {
  const counted = searchSql.countedExact(terms);
  return counted
    ? namedStep(searchSql.counted(counted, NO_IDS, counted[0]))
    : step(searchSql.lists(searchSql.exact(terms), SEARCH_RESULTS_PER_LIST));
}

function namedStep({ name, text, values }: { name: string; text: string; values: unknown[] }): SqlStep {
  return { name, text, values: () => values };
}

/** What search.repo.ts does after the exact statement for `q`: the corrections, and the ids it leaves out. */
export interface SearchFollowUp {
  corrections: Corrections;
  exactIds: ListIds;
}

/** The corrections search.repo.ts would use for `q` when its exact matches are fewer than a page. */
export async function searchFollowUp(pool: pg.Pool, q: string): Promise<SearchFollowUp> {
  const terms = searchSql.terms(q);
  const corrections: Corrections = new Map();
  const exact = exactStep(terms);
  const [row] = (await pool.query(exact.text, exact.values())).rows;
  const exactIds = idsOf(row);
  const total = Number(row.assets_total) + Number(row.actions_total) + Number(row.meters_total);
  if (total >= SEARCH_RESULTS_PER_LIST) return { corrections, exactIds };
  if (row.corrections?.length) return { corrections: corrections.set(terms[0]!, row.corrections), exactIds };
  const lookup = searchSql.corrections(terms);
  if (!lookup) return { corrections, exactIds };
  const { text, values } = step(lookup);
  for (const { term, word } of (await pool.query<{ term: string; word: string }>(text, values())).rows) {
    corrections.set(term, [...(corrections.get(term) ?? []), word]);
  }
  return { corrections, exactIds };
}

export function readScenarios({ assetIds, searches }: ReadFixtures): ReadScenario[] {
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
      // dashboard.repo.ts stats(): sums of the trigger-kept counts.
      sql: [{ name: 'bench_dashboard_stats', text: DASHBOARD_STATS_SQL, values: fixed(startOfMonth(new Date())) }],
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
      sql: [listSearch(term, {})],
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
      sql: [listSearch(term, { condition: 'good', type: 'other' })],
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
        sql: searchSteps(q, searches.get(q) ?? { corrections: new Map(), exactIds: { assets: [], actions: [], meters: [] } }),
      }),
    ),
    {
      name: 'GET /api/actions?status=open&priority=high&limit=50',
      group: 'actions',
      request: get('/api/actions?status=open&priority=high&limit=50'),
      // actions.repo.ts list(): each action as JSON text, with its copy of the asset's code (ADR 017).
      sql: [
        {
          name: 'bench_action_browse',
          text: `select ${dialect.sqlToQuery(actionJson().json).sql}
                 from "actions"
                 where ("actions"."status" = $1 and "actions"."priority" = $2)
                 order by "actions"."created_at" desc, "actions"."id" desc limit $3`,
          values: fixed('open', 'high', PAGE + 1),
        },
      ],
    },
  ];
}
