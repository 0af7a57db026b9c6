import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../bench/server';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { ApiClient } from './support/api';
import { AppHome } from './support/app-home';
import { clusterState, DATABASE_KINDS, postmasterPid, waitForProcessExit, withClient, type DatabaseKind } from './support/databases';
import { count, recordFigure } from './support/figures';

/**
 * RELIABILITY.md REL-DUR-1 and REL-DUR-2: no acknowledged write is lost when the app, or its
 * embedded database, is killed mid-write; start-up refuses a database that can lose commits.
 */
const CYCLES = 5;
const MAX_WRITES_PER_CYCLE = 1_000;

/** What each cycle kills. The embedded PostgreSQL is a process of its own, so it is killed too. */
type KillTarget = 'app' | 'database' | 'app and database';
const KILL_PLAN: Record<DatabaseKind, KillTarget[]> = {
  embedded: ['app', 'database', 'app', 'app and database', 'database'],
  server: ['app', 'app', 'app', 'app', 'app'],
};

const homes: AppHome[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await home.cleanup();
});

/** Every write carries its marker as both idempotency key (clientAssetId) and serial. */
const assetBody = (locationId: string, marker: string) => ({
  locationId,
  type: 'other',
  condition: 'good',
  make: 'Crash harness',
  serial: marker,
  clientAssetId: marker,
});

interface Ledger {
  /** Marker → asset id, for every write answered 2xx. */
  acknowledged: Map<string, string>;
  /** A write whose answer never came (the kill cut it off): retried with the same key after restart. */
  pending: string | undefined;
  retriedFound: number;
  retriedCreated: number;
}

/**
 * Sequential writes until the kill lands. The kill is scheduled when write number `killAt` is sent,
 * a random 0–3 ms later, so it strikes at a random point of one request; writes then continue until
 * one gets no 2xx (connection gone, or 503 once the database is gone).
 */
async function writeUntilKilled(api: ApiClient, locationId: string, prefix: string, ledger: Ledger, kill: () => void): Promise<number> {
  const killAt = crypto.randomInt(0, MAX_WRITES_PER_CYCLE);
  for (let i = 0; i < MAX_WRITES_PER_CYCLE; i++) {
    const marker = `${prefix}-${i}`;
    if (i === killAt) setTimeout(kill, crypto.randomInt(0, 4));
    let reply;
    try {
      reply = await api.post('/api/assets', assetBody(locationId, marker), 10_000);
    } catch {
      ledger.pending = marker;
      return i;
    }
    if (reply.status === 201) {
      ledger.acknowledged.set(marker, reply.json<{ id: string }>().id);
    } else if (reply.status === 503) {
      ledger.pending = marker;
      return i;
    } else {
      throw new Error(`write ${marker} answered ${reply.status}: ${reply.text}`);
    }
  }
  return MAX_WRITES_PER_CYCLE;
}

/** Retries the write the kill cut off, with the same idempotency key: 200 if it had been stored, 201 if not. */
async function retryPending(api: ApiClient, locationId: string, ledger: Ledger): Promise<void> {
  if (!ledger.pending) return;
  const reply = await api.post('/api/assets', assetBody(locationId, ledger.pending));
  expect(reply.status, reply.text).toBeOneOf([200, 201]);
  if (reply.status === 200) ledger.retriedFound++;
  else ledger.retriedCreated++;
  ledger.acknowledged.set(ledger.pending, reply.json<{ id: string }>().id);
  ledger.pending = undefined;
}

/** Reads back every write of this run from the database: acknowledged ones missing, and rows stored twice. */
async function verify(home: AppHome, runId: string, ledger: Ledger): Promise<{ lost: string[]; duplicated: number; stored: number }> {
  return withClient(home.databaseUrl(), async (client) => {
    const { rows } = await client.query<{ serial: string; n: number }>(
      'SELECT serial, count(*)::int AS n FROM assets WHERE serial LIKE $1 GROUP BY serial',
      [`${runId}-%`],
    );
    const stored = new Map(rows.map((r) => [r.serial, r.n]));
    return {
      lost: [...ledger.acknowledged.keys()].filter((marker) => !stored.has(marker)),
      duplicated: rows.reduce((sum, r) => sum + r.n - 1, 0),
      stored: rows.length,
    };
  });
}

async function durabilitySettings(home: AppHome): Promise<Record<string, string>> {
  return withClient(home.databaseUrl(), async (client) => {
    const { rows } = await client.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')",
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  });
}

async function killMidWrite(home: AppHome, app: ServerProcess, target: KillTarget): Promise<void> {
  const postmaster = home.kind === 'embedded' ? postmasterPid(home.dataDir) : undefined;
  if (target !== 'app' && !postmaster) throw new Error('no embedded postmaster to kill');
  if (target !== 'app') process.kill(postmaster!, 'SIGKILL');
  if (target !== 'database') app.kill('SIGKILL');
}

describe.each(DATABASE_KINDS)('crash safety on the %s database', (kind) => {
  it(`loses no acknowledged write over ${CYCLES} kill cycles`, { timeout: 240_000 }, async () => {
    const home = await AppHome.create(kind, 'crash');
    homes.push(home);
    const runId = `crash-${crypto.randomBytes(3).toString('hex')}`;
    const ledger: Ledger = { acknowledged: new Map(), pending: undefined, retriedFound: 0, retriedCreated: 0 };
    const plan = KILL_PLAN[kind];
    let recoveries = 0;

    let app = await home.start();
    if (kind === 'embedded') {
      // The embedded engine runs in its durable mode (REL-DUR-1).
      expect(await durabilitySettings(home)).toEqual({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' });
    }
    const api = new ApiClient(app.baseUrl);
    await api.register();
    const location = await api.create<{ id: string }>('/api/locations', { name: `Crash site ${runId}`, type: 'site' });

    for (const [cycle, target] of plan.entries()) {
      await retryPending(api, location.id, ledger);
      const postmaster = kind === 'embedded' ? postmasterPid(home.dataDir) : undefined;
      await writeUntilKilled(api, location.id, `${runId}-c${cycle + 1}`, ledger, () => void killMidWrite(home, app, target));
      // A killed database leaves the app up, answering 503: the operator (or process manager) restarts it.
      if (target === 'database') app.kill('SIGKILL');
      const exit = await app.exit;
      expect(exit.signal).toBe('SIGKILL');
      if (target !== 'app') {
        expect(await waitForProcessExit(postmaster!, 10_000)).toBe(true);
        // The killed server did not shut down: the next start replays its WAL.
        expect(clusterState(home.dataDir)).toBe('in production');
        recoveries++;
      }

      app = await home.start();
      api.baseUrl = app.baseUrl;
      const check = await verify(home, runId, ledger);
      expect(check.lost, `acknowledged but missing after cycle ${cycle + 1} (${target} killed)`).toEqual([]);
      expect(check.duplicated).toBe(0);
    }

    await retryPending(api, location.id, ledger);
    const final = await verify(home, runId, ledger);
    expect(final.lost).toEqual([]);
    expect(final.duplicated).toBe(0);
    // Spot check through the API: the newest acknowledged asset reads back.
    const lastId = [...ledger.acknowledged.values()].at(-1)!;
    expect((await api.get(`/api/assets/${lastId}`)).status).toBe(200);
    expect((await app.stop()).code).toBe(0);

    const kills = plan.reduce<Record<string, number>>((acc, t) => ({ ...acc, [t]: (acc[t] ?? 0) + 1 }), {});
    recordFigure(
      `crash[${kind}]: ${CYCLES} cycles (${Object.entries(kills).map(([t, n]) => `${n}× ${t} killed`).join(', ')}), ` +
        `${count(ledger.acknowledged.size)} acknowledged writes, ${final.lost.length} lost, ${final.duplicated} duplicated; ` +
        `${ledger.retriedFound + ledger.retriedCreated} cut-off writes retried with their key (${ledger.retriedFound} had been stored, ` +
        `${ledger.retriedCreated} had not)${recoveries ? `; ${recoveries} crash recoveries of the embedded database` : ''}`,
    );
  });

  it('refuses to start on a database with synchronous_commit off', async () => {
    const home = await AppHome.create(kind, 'durability');
    homes.push(home);
    let target: string;
    if (kind === 'embedded') {
      // The app starts its embedded server with synchronous_commit on, but a per-database setting
      // overrides that. The same engine, started here for the change, then holds the setting.
      const engine = await startEmbeddedPostgres({ dataDir: home.dataDir });
      await withClient(engine.url, (c) => c.query('ALTER DATABASE postgres SET synchronous_commit = off'));
      await engine.stop();
      target = 'its embedded database';
    } else {
      await withClient(home.databaseUrl(), (c) => c.query(`ALTER DATABASE "${home.serverDatabaseName}" SET synchronous_commit = off`));
      target = 'a throwaway server database';
    }

    const refused = await home.launch();
    const exit = await Promise.race([refused.exit, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 60_000))]);
    expect(exit).not.toBe('running');
    expect(exit).toMatchObject({ code: 1 });
    const message = /PostgreSQL has synchronous_commit=off[^"]*/.exec(refused.log())?.[0];
    expect(message, refused.log()).toBeDefined();
    recordFigure(`durability[${kind}]: start-up on ${target} with synchronous_commit=off refused, exit 1: "${message}"`);
  });
});
