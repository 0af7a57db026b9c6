import type pg from 'pg';
import type { Request } from 'autocannon';
import { jsonPost, rotatingGet, runLoad, type LoadResult } from './load';
import { startCpuCount, type CpuPerRequest } from './cpu';

/**
 * Statutory compliance (ADR 025, issue 23): the reads behind /compliance, the location pages and an
 * asset's Compliance tab, and recording an inspection, at `connections` for `duration` each. Every
 * input is drawn from the seeded register by md5 of its id (the same data gives the same inputs):
 * the scopes of the summary and the work list are the estate, every region, and sites and
 * buildings; the assets are 2,000; the inspections go to 6,000 obligations that are due. Budgets
 * (issue 23): the estate's summary p95 ≤ 50 ms at 10 connections (a location's, the same screen
 * drilled into, too), an asset's Compliance tab ≤ 20 ms, recording an inspection ≤ 30 ms; the
 * work list and the location tree are held to the list budget.
 */

export interface ComplianceLine {
  name: string;
  budget: 'summary' | 'assetTab' | 'record' | 'list';
  load: LoadResult;
  cpu?: CpuPerRequest;
}

export interface ComplianceResult {
  holds: { obligations: number; inspections: number };
  lines: ComplianceLine[];
  /** Inspections acknowledged (2xx) and found stored, each exactly once. */
  check: { acknowledged: number; stored: number; duplicated: number };
}

/** p95 limits in ms per budget (issue 23; the list budget of docs/performance.md). */
export const COMPLIANCE_BUDGETS: Record<ComplianceLine['budget'], number> = { summary: 50, assetTab: 20, record: 30, list: 30 };

const sample = async (pool: pg.Pool, sql: string, limit: number) =>
  (await pool.query<{ id: string }>(`SELECT id FROM (${sql}) AS candidates ORDER BY md5(id::text) LIMIT ${limit}`)).rows.map((r) => r.id);

/** Cycles through `values`, one per send (each connection advances the shared position). */
function rotate<T>(values: T[]): () => T {
  if (values.length === 0) throw new Error('the seeded database has nothing to rotate through: seed it with npm run seed:large');
  let i = 0;
  return () => values[i++ % values.length]!;
}

export async function runCompliance(options: {
  pool: pg.Pool;
  baseUrl: string;
  serverPid: number;
  cookie: string;
  connections: number;
  duration: number;
  print: (name: string, result: LoadResult, cpu?: CpuPerRequest) => void;
}): Promise<ComplianceResult> {
  const { pool, baseUrl, cookie } = options;
  const [{ obligations, inspections }] = (
    await pool.query<{ obligations: number; inspections: number }>('SELECT (SELECT count(*) FROM obligations)::int AS obligations, (SELECT count(*) FROM inspections)::int AS inspections')
  ).rows as [{ obligations: number; inspections: number }];
  console.log(`  ${obligations.toLocaleString('en-GB')} obligations, ${inspections.toLocaleString('en-GB')} inspections`);

  const regions = await sample(pool, "SELECT id FROM locations WHERE type = 'region'", 50);
  const places = await sample(pool, "SELECT id FROM locations WHERE type IN ('region', 'site', 'building')", 200);
  // A site's or building's list is read another way than a region's (a small area: obligations.repo.ts).
  const smallPlaces = await sample(pool, "SELECT id FROM locations WHERE type IN ('site', 'building')", 200);
  // Every regime and every category in turn: most regimes hold a few hundred obligations, a few a fifth of the estate.
  const regimeFilters = [
    ...(await sample(pool, 'SELECT id FROM compliance_regimes', 1_000)).map((id) => `regimeId=${id}`),
    ...(await sample(pool, 'SELECT DISTINCT category AS id FROM compliance_regimes', 100)).map((category) => `category=${category}`),
  ];
  const assets = await sample(pool, 'SELECT asset_id AS id FROM obligations WHERE asset_id IS NOT NULL GROUP BY asset_id', 2_000);
  // What a surveyor records against: obligations due soon, overdue or never evidenced, each once in
  // a run (an inspection moves it to compliant, so the status counts change on every write). The
  // next run draws others.
  const due = await sample(pool, "SELECT id FROM obligations WHERE state = 'active' AND status IN ('due_soon', 'overdue', 'unknown')", 6_000);
  // Every user the seed made responsible for something, and one who answers for nothing (the
  // dashboard's "Due for you" asks for everyone).
  const people = [...(await sample(pool, 'SELECT DISTINCT responsible_user_id AS id FROM obligations WHERE responsible_user_id IS NOT NULL', 50)), crypto.randomUUID()];
  const treeNodes = [undefined, ...(await sample(pool, "SELECT id FROM locations WHERE type IN ('organisation', 'region', 'site', 'building')", 200))];

  const runId = `bench-${Date.now().toString(36)}`;
  const acknowledged = new Set<string>();
  const nextObligation = rotate(due);
  const today = new Date().toISOString().slice(0, 10);
  const record: Request = jsonPost(
    '/api/inspections',
    // Each a new inspection with an id of its own: the app's retry-safe path.
    () => ({ id: crypto.randomUUID(), obligationId: nextObligation(), performedOn: today, result: 'pass', notes: runId }),
    (status, body) => {
      if (status === 201) acknowledged.add((JSON.parse(body) as { id: string }).id);
    },
  );

  const regionOrPlace = rotate(places);
  const region = rotate(regions);
  const smallPlace = rotate(smallPlaces);
  const regimeFilter = rotate(regimeFilters);
  const asset = rotate(assets);
  const node = rotate(treeNodes);
  const person = rotate(people);
  const lines: Array<{ name: string; budget: ComplianceLine['budget']; request: Request }> = [
    { name: 'GET /api/compliance/summary (whole estate)', budget: 'summary', request: { method: 'GET', path: '/api/compliance/summary' } },
    { name: 'GET /api/compliance/summary?locationId (regions, sites, buildings)', budget: 'summary', request: rotatingGet(() => `/api/compliance/summary?locationId=${regionOrPlace()}`) },
    { name: 'GET /api/compliance/obligations (work list, whole estate)', budget: 'list', request: { method: 'GET', path: '/api/compliance/obligations' } },
    { name: 'GET /api/compliance/obligations?status=overdue&locationId (regions)', budget: 'list', request: rotatingGet(() => `/api/compliance/obligations?status=overdue&locationId=${region()}`) },
    { name: 'GET /api/compliance/obligations?status=overdue&locationId (sites, buildings)', budget: 'list', request: rotatingGet(() => `/api/compliance/obligations?status=overdue&locationId=${smallPlace()}`) },
    { name: 'GET /api/compliance/obligations?regimeId|category (each in turn)', budget: 'list', request: rotatingGet(() => `/api/compliance/obligations?${regimeFilter()}`) },
    { name: 'GET /api/compliance/obligations?responsibleUserId (Due for you)', budget: 'list', request: rotatingGet(() => `/api/compliance/obligations?responsibleUserId=${person()}`) },
    { name: "GET /api/obligations?assetId (an asset's Compliance tab)", budget: 'assetTab', request: rotatingGet(() => `/api/obligations?assetId=${asset()}`) },
    { name: 'GET /api/locations/tree (the top, regions, sites, buildings)', budget: 'list', request: rotatingGet(() => `/api/locations/tree${((id) => (id ? `?parentId=${id}` : ''))(node())}`) },
    { name: 'POST /api/inspections (record an inspection)', budget: 'record', request: record },
  ];

  const results: ComplianceLine[] = [];
  for (const line of lines) {
    await runLoad({ baseUrl, cookie, requests: [line.request], connections: options.connections, amount: options.connections * 20 });
    const cpu = startCpuCount(options.serverPid);
    const result = await runLoad({ baseUrl, cookie, requests: [line.request], connections: options.connections, duration: options.duration });
    const perRequest = cpu.stop(result.requests);
    options.print(line.name, result, perRequest);
    results.push({ name: line.name, budget: line.budget, load: result, cpu: perRequest });
  }

  const { rows } = await pool.query<{ id: string; n: number }>('SELECT id, count(*) OVER (PARTITION BY id)::int AS n FROM inspections WHERE notes = $1', [runId]);
  const stored = new Set(rows.map((r) => r.id));
  const check = {
    acknowledged: acknowledged.size,
    stored: [...acknowledged].filter((id) => stored.has(id)).length,
    duplicated: rows.filter((r) => r.n > 1).length,
  };
  console.log(`  inspections: ${JSON.stringify(check)}`);
  return { holds: { obligations, inspections }, lines: results, check };
}
