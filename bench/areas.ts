import type { Request } from 'autocannon';
import { BENCH_USER } from '../scripts/seed/users';
import { assetsRepo } from '../src/server/modules/assets/assets.repo';
import { actionsRepo } from '../src/server/modules/actions/actions.repo';
import { dashboardRepo } from '../src/server/modules/dashboard/dashboard.repo';
import { locationsRepo } from '../src/server/modules/locations/locations.repo';
import { metersRepo } from '../src/server/modules/meters/meters.repo';
import { globalSearch } from '../src/server/modules/search/global-search';
import { liesInAreas } from '../src/server/policy/areas';
import type { Db } from '../src/server/db/client';
import { startCpuCount, type CpuPerRequest } from './cpu';
import { explain, explainGeneric, type BenchDatabase } from './database';
import { latencyByName, rotatingGet, runLoad, type LoadResult, type MixLatency, type MixTimings } from './load';
import { recordSteps } from './scenarios';
import { buildSearchCorpus, CORPUS_CLASSES, type CorpusQuery } from './search-corpus';
import { areaManagerOf, assetIdsIn, holdings, limitAreaManager, pickAreaShapes, type AreaHoldings } from './area-shapes';
import { signIn } from './server';

/**
 * The area manager's reads (ADR 024): a user limited to location subtrees takes other code paths
 * than everyone else (the dashboard counts the areas' rows instead of reading the kept counts;
 * lists and search add `location_id IN (SELECT * FROM area_locations($roots))`; a record by id
 * runs one more query to check it lies in the areas). Each line is measured for the whole estate
 * (the bench's org admin, the paths the other phases measure) and for each area shape of
 * area-shapes.ts, one after the other, so the comparison is made minutes apart on the same server.
 */

/**
 * Which whole-estate budget a line is held to (budgets.ts): the dashboard, the asset list, the
 * actions list and the record by id have the reads' budgets; the searches over the corpus sample
 * the search corpus's p95 at load. The meters and locations lists have no budget.
 */
export type AreaBudget = 'dashboard' | 'list' | 'actions' | 'byId' | 'search';

/** What a scope (the estate, or an area) gives a line: its asset ids and the queries' sample. */
interface Scope {
  key: string;
  label: string;
  roots: string[] | null;
  cookie: string;
  assetIds: string[];
  holds: AreaHoldings;
}

interface AreaLineSpec {
  name: string;
  budget?: AreaBudget;
  /** Rotates through the corpus sample, timing each class (`timings`). */
  searches?: (q: string) => string;
  request?: (scope: Scope) => Request;
  /** What the app runs for one request, for --explain (the session lookup aside, as in scenarios.ts). */
  run: (roots: string[] | null, q: string, assetId: string) => (db: Db) => Promise<unknown>;
}

const PAGE = 50;
/** What the Locations page's "all rooms" dialog asks for (client: use-locations-of-type.ts). */
const LOCATIONS_OF_TYPE = 500;
const q = encodeURIComponent;

const LINES: AreaLineSpec[] = [
  { name: 'GET /api/dashboard/stats', budget: 'dashboard', request: () => get('/api/dashboard/stats'), run: (roots) => (db) => dashboardRepo(db).stats(new Date(), roots) },
  {
    name: `GET /api/assets?limit=${PAGE}`,
    budget: 'list',
    request: () => get(`/api/assets?limit=${PAGE}`),
    run: (roots) => (db) => assetsRepo(db).list({ limit: PAGE, areaRoots: roots }),
  },
  {
    name: `GET /api/assets?limit=${PAGE}&search=<sample>`,
    budget: 'search',
    searches: (text) => `/api/assets?limit=${PAGE}&search=${q(text)}`,
    run: (roots, text) => (db) => assetsRepo(db).list({ limit: PAGE, search: text, areaRoots: roots }),
  },
  {
    name: 'GET /api/search?q=<sample>',
    budget: 'search',
    searches: (text) => `/api/search?q=${q(text)}`,
    run: (roots, text) => (db) => globalSearch(db, () => new Date()).search(text, roots),
  },
  {
    name: `GET /api/actions?limit=${PAGE}`,
    budget: 'actions',
    request: () => get(`/api/actions?limit=${PAGE}`),
    run: (roots) => (db) => actionsRepo(db, () => new Date()).list({ areaRoots: roots }, PAGE),
  },
  {
    name: `GET /api/actions?overdue=true&sort=target&limit=${PAGE}`,
    budget: 'actions',
    request: () => get(`/api/actions?overdue=true&sort=target&limit=${PAGE}`),
    run: (roots) => (db) => actionsRepo(db, () => new Date()).list({ areaRoots: roots, overdue: true, sort: 'target' }, PAGE),
  },
  {
    name: `GET /api/actions?limit=${PAGE}&search=<sample>`,
    budget: 'search',
    searches: (text) => `/api/actions?limit=${PAGE}&search=${q(text)}`,
    run: (roots, text) => (db) => actionsRepo(db, () => new Date()).list({ search: text, areaRoots: roots }, PAGE),
  },
  { name: 'GET /api/meters', request: () => get('/api/meters'), run: (roots) => (db) => metersRepo(db).list(roots) },
  {
    name: `GET /api/locations?type=area&limit=${LOCATIONS_OF_TYPE}`,
    request: () => get(`/api/locations?type=area&limit=${LOCATIONS_OF_TYPE}`),
    run: (roots) => (db) => locationsRepo(db).list({ types: ['area'], areaRoots: roots, limit: LOCATIONS_OF_TYPE + 1 }),
  },
  { name: 'GET /api/locations/summary', request: () => get('/api/locations/summary'), run: (roots) => (db) => locationsRepo(db).groups(roots) },
  {
    name: 'GET /api/assets/{id}',
    budget: 'byId',
    request: (scope) => rotatingGet(cycle(scope.assetIds.map((id) => `/api/assets/${id}`))),
    run: (roots, _text, assetId) => async (db) => {
      // route-permissions.ts preHandler, then the handler.
      if (roots) await liesInAreas(db, roots, 'asset', assetId);
      return assetsRepo(db).findById(assetId);
    },
  },
];

export interface AreaScopeResult {
  key: string;
  label: string;
  roots: string[] | null;
  holds: AreaHoldings;
}

export interface AreaLineResult {
  name: string;
  /** `estate` or an area shape's key. */
  scope: string;
  budget?: AreaBudget;
  load: LoadResult;
  cpu?: CpuPerRequest;
  /** The corpus lines: each class of query, slowest p95 first. */
  byClass?: MixLatency[];
  /** Non-2xx answers of the unmeasured warm-up (counted against the line's non-2xx budget). */
  warmUpNon2xx?: number;
}

export interface AreasResult {
  /** Queries per class of the search corpus sample, and how many in all. */
  perClass: number;
  queries: number;
  scopes: AreaScopeResult[];
  lines: AreaLineResult[];
}

export async function runAreas(options: {
  db: BenchDatabase;
  baseUrl: string;
  serverPid: number;
  adminCookie: string;
  connections: number;
  duration: number;
  perClass: number;
  /** Only the lines whose name holds this text (`--area-lines`), when iterating on one of them. */
  lines?: string;
  explain: boolean;
  print: (name: string, result: LoadResult, cpu?: CpuPerRequest) => void;
}): Promise<{ result: AreasResult; plans: string[] }> {
  const { db, baseUrl } = options;
  const shapes = await pickAreaShapes(db.pool);
  const scopes: Scope[] = [
    {
      key: 'estate',
      label: `whole estate (${BENCH_USER.username}, org admin)`,
      roots: null,
      cookie: options.adminCookie,
      assetIds: await assetIdsIn(db.pool, null, 2_000),
      holds: await holdings(db.pool, null),
    },
  ];
  for (const shape of shapes) {
    await limitAreaManager(baseUrl, options.adminCookie, shape);
    const cookie = await signIn(baseUrl, areaManagerOf(shape));
    scopes.push({ key: shape.key, label: `${shape.label}, ${areaManagerOf(shape).username}`, roots: shape.roots, cookie, assetIds: await assetIdsIn(db.pool, shape.roots, 2_000), holds: shape.holds });
  }
  const sample = interleave(await buildSearchCorpus(db.pool, options.perClass));
  console.log(`  ${sample.length} search queries (${options.perClass} per class of the search corpus, rotating); each line per scope:`);
  for (const s of scopes) {
    const { locations, assets, actions, meters } = s.holds;
    console.log(`    ${s.key.padEnd(7)} ${s.label}: ${n(assets)} assets, ${n(actions)} actions, ${n(meters)} meters, ${n(locations)} locations`);
  }

  const lines: AreaLineResult[] = [];
  const plans: string[] = [];
  for (const line of LINES.filter((l) => !options.lines || l.name.includes(options.lines))) {
    for (const scope of scopes) {
      const timings: MixTimings = new Map();
      const request = line.searches ? rotatingClasses(sample.map((c) => ({ path: line.searches!(c.q), cls: c.cls })), timings) : line.request!(scope);
      const load = (extra: { amount?: number } = {}) =>
        runLoad({ baseUrl, cookie: scope.cookie, requests: [request], connections: options.connections, duration: options.duration, ...extra });
      const warmUp = await load({ amount: options.connections * 20 });
      timings.clear();
      const cpu = startCpuCount(options.serverPid);
      const result = await load();
      const perRequest = cpu.stop(result.requests);
      const byClass = line.searches ? latencyByName(timings) : undefined;
      const name = `${line.name} · ${scope.key}`;
      options.print(name, result, perRequest);
      if (byClass?.[0]) console.log(`  ${''.padEnd(62)} slowest class: ${byClass[0].name} (p95 ${byClass[0].p95} ms)`);
      const warmUpNon2xx = warmUp.non2xx + warmUp.errors;
      if (warmUpNon2xx) console.log(`  ${''.padEnd(62)} warm-up: ${warmUpNon2xx} non-2xx of ${warmUp.requests} ${JSON.stringify(warmUp.statusCodes)}`);
      lines.push({ name: line.name, scope: scope.key, budget: line.budget, load: result, cpu: perRequest, byClass, ...(warmUpNon2xx ? { warmUpNon2xx } : {}) });

      if (options.explain) {
        // A search line's plan is that of its slowest class's first query.
        const text = sample.find((c) => c.cls === byClass?.[0]?.name)?.q ?? sample[0]?.q ?? '';
        for (const step of await recordSteps(db, line.run(scope.roots, text, scope.assetIds[0]!))) {
          const head = `-- areas · ${name}${line.searches ? ` (q = ${JSON.stringify(text)})` : ''}`;
          // The search pool runs generic plans only; a statement named on the app's pool may switch
          // to its generic plan after five runs: both plans for those, as they can differ widely.
          const custom = step.searchPool ? '' : `\n${await explain(db, step)}`;
          const generic = step.searchPool || step.name ? `\n-- generic plan${step.searchPool ? ' (what the search pool runs)' : ''}\n${await explainGeneric(db, step)}` : '';
          plans.push(`${head}\n${step.text}${custom}${generic}\n`);
        }
      }
    }
  }
  return {
    result: {
      perClass: options.perClass,
      queries: sample.length,
      scopes: scopes.map(({ key, label, roots, holds }) => ({ key, label, roots, holds })),
      lines,
    },
    plans,
  };
}

const get = (path: string): Request => ({ method: 'GET', path });
const n = (value: number) => value.toLocaleString('en-GB');

function cycle(paths: string[]): () => string {
  let i = 0;
  return () => paths[i++ % paths.length]!;
}

/** The classes in turn (first query of each class, then the second…), so no class runs alone. */
function interleave(corpus: CorpusQuery[]): CorpusQuery[] {
  const byClass = CORPUS_CLASSES.map((cls) => corpus.filter((c) => c.cls === cls));
  const longest = Math.max(0, ...byClass.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) => byClass.flatMap((list) => (list[i] ? [list[i]!] : []))).flat();
}

/** A GET through `paths` in turn; each answer's time, from building the request, goes to its class. */
function rotatingClasses(paths: Array<{ path: string; cls: string }>, timings: MixTimings): Request {
  let i = 0;
  return {
    method: 'GET',
    setupRequest: (request, context) => {
      const next = paths[i++ % paths.length]!;
      Object.assign(context, { cls: next.cls, sentAt: performance.now() });
      return { ...request, path: next.path };
    },
    onResponse: (_status, _body, context) => {
      const cls = context.cls as string;
      const times = timings.get(cls) ?? [];
      times.push(performance.now() - (context.sentAt as number));
      timings.set(cls, times);
    },
  };
}
