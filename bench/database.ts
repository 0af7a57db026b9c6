import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, SEARCH_SESSION_OPTIONS, SESSION_OPTIONS } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { runMigrations } from '../src/server/db/migrate';
import { BENCH_USER } from '../scripts/seed/users';
import { ROOT } from './server';
import type { SqlStep } from './scenarios';
import type { TargetPosition } from '../src/server/modules/actions/due-dates';
import { organisationToday } from '../src/server/modules/dashboard/dashboard.repo';
import type { WriteFixtures } from './writes';

export interface BenchDatabase {
  kind: 'postgres' | 'embedded';
  url: string;
  pool: pg.Pool;
  /** With the search's session settings, for the statements the app sends on its search pool. */
  searchPool: pg.Pool;
  version: string;
  close(): Promise<void>;
}

/**
 * The database under test: the server at --database-url, or an embedded PostgreSQL the bench
 * starts in --data-dir (a temporary folder unless given, removed afterwards). Migrated either way.
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<BenchDatabase> {
  let url = options.url;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!url) {
    const dataDir = options.dataDir ?? (tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-register-bench-pg-')));
    // Run as root, the database runs as the postgres user, which must be able to enter the folder.
    fs.chmodSync(dataDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir, log: (m) => console.log(m) });
    url = embedded.url;
    stopEmbedded = () => embedded.stop();
  }
  const migrator = connectDatabase(url, { max: 2 });
  await runMigrations(migrator);
  await migrator.close();

  // The app's session settings, so the SQL it is compared with is planned the same way.
  const pool = new pg.Pool({ connectionString: url, max: 3, application_name: 'bench', options: SESSION_OPTIONS });
  const searchPool = new pg.Pool({ connectionString: url, max: 3, application_name: 'bench-search', options: SEARCH_SESSION_OPTIONS });
  const { rows } = await pool.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  return {
    kind: stopEmbedded ? 'embedded' : 'postgres',
    url,
    pool,
    searchPool,
    version: rows[0]!.v,
    async close() {
      await Promise.all([pool.end(), searchPool.end()]);
      await stopEmbedded?.();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/**
 * Seeds when the database has fewer assets than asked for (earlier bench runs only add). A database
 * with assets but without the bench user is someone's data: refused rather than reset.
 */
export async function ensureSeeded(db: BenchDatabase, assets: number): Promise<number> {
  const count = async () => Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM assets')).rows[0]!.n);
  const existing = await count();
  if (existing >= assets) return existing;
  if (existing > 0) {
    const { rowCount } = await db.pool.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [BENCH_USER.username]);
    if (!rowCount) {
      throw new Error(`The database has ${existing} assets that the bench did not seed; use an empty database (the bench would reset it).`);
    }
  }
  console.log(`The database has ${existing.toLocaleString('en-GB')} assets; seeding ${assets.toLocaleString('en-GB')}.`);
  const args = ['--import', 'tsx', 'scripts/seed-large.ts', '--assets', String(assets), '--database-url', db.url, ...(existing > 0 ? ['--reset'] : [])];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeding failed (exit ${code})`))));
  });
  return count();
}

/** Ids the scenarios rotate through, picked at random from the whole register. */
export async function loadFixtures(pool: pg.Pool): Promise<{ assetIds: string[]; targetPositions: { overdue: TargetPosition[]; dated: TargetPosition[] } } & WriteFixtures> {
  const assetIds = (await pool.query<{ id: string }>('SELECT id FROM assets ORDER BY random() LIMIT 2000')).rows.map((r) => r.id);
  // Where pages of the actions list by target date start: after an overdue action, after any dated one.
  const positions = async (where: string, values: unknown[] = []) =>
    (await pool.query<TargetPosition>(`SELECT target_date AS "targetDate", id FROM actions WHERE ${where} ORDER BY random() LIMIT 2000`, values)).rows;
  const targetPositions = {
    overdue: await positions("status IN ('open', 'in_progress', 'waiting') AND target_date < $1", [organisationToday(new Date())]),
    dated: await positions('target_date IS NOT NULL'),
  };
  const areaIds = (await pool.query<{ id: string }>("SELECT id FROM locations WHERE type = 'area' ORDER BY random() LIMIT 500")).rows.map((r) => r.id);
  const meters = (
    await pool.query<{ id: string; last_reading: number | null; last_reading_date: Date | null }>(
      'SELECT id, last_reading, last_reading_date FROM meters ORDER BY random() LIMIT 100',
    )
  ).rows.map((m) => ({ id: m.id, lastReading: m.last_reading ?? 0, lastReadingDate: m.last_reading_date?.getTime() ?? 0 }));
  return { assetIds, targetPositions, areaIds, meters };
}

/**
 * Milliseconds of each run of the steps one after another on one connection, `runs` times or for
 * `seconds`, whichever ends first, after a few unmeasured runs to warm the cache. Same driver and
 * parameter protocol as the app.
 */
export async function sqlTimes(database: BenchDatabase, steps: SqlStep[], runs: number, seconds: number): Promise<number[]> {
  const client = await poolOf(database, steps).connect();
  try {
    const runOnce = async () => {
      for (const step of steps) await client.query({ name: step.name, text: step.text, values: step.values() });
    };
    for (let i = 0; i < 3; i++) await runOnce();
    const times: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    while (times.length < runs && (times.length < 5 || performance.now() < deadline)) {
      const started = performance.now();
      await runOnce();
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    client.release();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of a step, for docs/performance.md. */
export async function explain(database: BenchDatabase, step: SqlStep): Promise<string> {
  const { rows } = await poolOf(database, [step]).query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${step.text}`, step.values());
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The pool the app sends these steps on: the search's own sessions keep generic plans. */
const poolOf = (database: BenchDatabase, steps: SqlStep[]) => (steps.some((step) => step.searchPool) ? database.searchPool : database.pool);

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a step's generic plan: prepared by SQL and executed with its values
 * as literals under plan_cache_mode=force_generic_plan, the plan the search pool's sessions run.
 * explain() above sends the values with the EXPLAIN, so PostgreSQL plans for them (a custom plan)
 * whatever the session's plan_cache_mode: for a statement the app runs generic it can differ by
 * orders of magnitude (a filtered search: 11 ms custom, 910 ms generic).
 */
export async function explainGeneric(database: BenchDatabase, step: SqlStep): Promise<string> {
  const client = await poolOf(database, [step]).connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE bench_explain AS ${step.text}`);
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_explain(${step.values().map((v) => literal(client, v)).join(', ')})`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await client.query('DEALLOCATE bench_explain');
      await client.query('COMMIT');
    }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** A bound value as SQL text (EXECUTE takes expressions); PREPARE's context gives it its type. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const items = value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`));
    return client.escapeLiteral(`{${items.join(',')}}`);
  }
  return client.escapeLiteral(typeof value === 'string' ? value : JSON.stringify(value));
}
