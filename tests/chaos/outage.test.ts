import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded';
import { isDatabaseUnavailable } from '../../src/server/http-errors';
import { ApiClient, sleep, type Reply } from './support/api';
import { AppHome } from './support/app-home';
import { DATABASE_KINDS } from './support/databases';
import { count, recordFigure, seconds } from './support/figures';
import { TcpProxy } from './support/tcp-proxy';

/**
 * RELIABILITY.md REL-DB-1: with a TCP proxy between the app and its database, the database "goes
 * away" (every connection destroyed, new ones refused) for 10 s under steady load. The app stays up,
 * answers 503 with Retry-After quickly, and serves again by itself once the database is back.
 */
const OUTAGE_MS = 10_000;
const BEFORE_MS = 2_000;
/** Long enough for the recovery bound and a second of requests after it. */
const AFTER_MS = 6_500;
const LOOPS = 8;
const BOUNDS = { answerWithinMs: 3_000, recoverWithinMs: 5_000 };
/** What a 503 body must never contain: driver or SQL text, stack frames, file paths. */
const INTERNALS = /ECONN|terminat|not queryable|postgres|pg_|\bSELECT\b|\bINSERT\b|stack|node_modules|\/work\/|\bat \S+ \(/i;

interface Sample {
  route: string;
  start: number;
  end: number;
  status?: number;
  error?: string;
  retryAfter: string | null;
  body: string;
}

describe.each(DATABASE_KINDS)('database outage on the %s database', (kind) => {
  let home: AppHome;
  let engine: EmbeddedDatabase | undefined;
  let proxy: TcpProxy;
  let directUrl: string;

  beforeAll(async () => {
    home = await AppHome.create(kind, 'outage');
    // The database runs apart from the app (here, or the server), so the proxy can stand between them.
    if (kind === 'embedded') engine = await startEmbeddedPostgres({ dataDir: home.dataDir });
    directUrl = home.databaseUrl();
    const { hostname, port } = new URL(directUrl);
    proxy = await TcpProxy.start({ host: hostname, port: Number(port) });
  });

  afterAll(async () => {
    await proxy?.close();
    for (const server of home?.processes ?? []) await server.stop(5_000);
    await engine?.stop();
    await home?.cleanup();
  });

  it('a transaction whose connection is cut fails as "database unavailable" and the process survives', async () => {
    const lost: Error[] = [];
    const database = connectDatabase(proxy.proxiedUrl(directUrl), { max: 2, onPoolError: (err) => lost.push(err) });
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          await proxy.cut();
          await tx.execute(sql`SELECT 1`);
        })
        .then(() => undefined, (err: unknown) => err);
      // The checked-out connection's error event was heard (unheard, it would have ended the process).
      expect(lost.length).toBeGreaterThan(0);
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      // New connections are refused while the proxy is down: also "unavailable".
      const refused = await database.db.execute(sql`SELECT 1`).then(() => undefined, (err: unknown) => err);
      expect(isDatabaseUnavailable(refused), String(refused)).toBe(true);
      await proxy.restore();
      expect((await database.db.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await proxy.restore();
      await database.close();
    }
  });

  it(`answers 503 with Retry-After during a ${OUTAGE_MS / 1000} s outage and recovers by itself`, { timeout: 120_000 }, async () => {
    const app = await home.start({ databaseUrl: proxy.proxiedUrl(directUrl) });
    const api = new ApiClient(app.baseUrl);
    await api.register();
    const location = await api.create<{ id: string }>('/api/locations', { name: 'Outage depot', type: 'site' });
    const assetIds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const asset = await api.create<{ id: string }>('/api/assets', { locationId: location.id, type: 'hvac', condition: 'good' });
      assetIds.push(asset.id);
    }
    const runId = crypto.randomBytes(3).toString('hex');
    let created = 0;
    // A mix of reads and writes, each loop cycling through it from a different place.
    const requests: Array<[string, () => Promise<Reply>]> = [
      ['asset list', () => api.get('/api/assets?limit=20&condition=good', 20_000)],
      ['asset by id', () => api.get(`/api/assets/${assetIds[created % assetIds.length]}`, 20_000)],
      ['dashboard', () => api.get('/api/dashboard/stats', 20_000)],
      ['create asset', () => api.post('/api/assets', { locationId: location.id, type: 'hvac', condition: 'fair', clientAssetId: `outage-${runId}-${++created}` }, 20_000)],
      ['actions', () => api.get('/api/actions?limit=20', 20_000)],
      ['locations', () => api.get('/api/locations', 20_000)],
    ];

    const samples: Sample[] = [];
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    let running = true;
    const loop = async (offset: number) => {
      for (let i = offset; running; i++) {
        const [route, send] = requests[i % requests.length]!;
        const start = now();
        try {
          const reply = await send();
          samples.push({ route, start, end: now(), status: reply.status, retryAfter: reply.headers.get('retry-after'), body: reply.text });
        } catch (err) {
          samples.push({ route, start, end: now(), error: String((err as Error).cause ?? err), retryAfter: null, body: '' });
        }
        await sleep(20);
      }
    };
    const loops = Array.from({ length: LOOPS }, (_, i) => loop(i));

    await sleep(BEFORE_MS);
    const cutAt = now();
    await proxy.cut();
    await sleep(OUTAGE_MS);
    const restoreAt = now();
    await proxy.restore();
    await sleep(AFTER_MS);
    running = false;
    await Promise.all(loops);

    expect(app.hasExited(), 'the app process died').toBe(false);
    expect(samples.filter((s) => s.error), 'requests without an HTTP answer').toEqual([]);
    expect(samples.filter((s) => s.status !== undefined && ![200, 201, 503].includes(s.status))).toEqual([]);
    const before = samples.filter((s) => s.end < cutAt);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.status! < 300)).toBe(true);

    // Any request alive during the outage: answered in time, either served (it got in first) or 503.
    const during = samples.filter((s) => s.start < restoreAt && s.end > cutAt);
    const worstMs = Math.max(...during.map((s) => s.end - s.start));
    expect(worstMs).toBeLessThanOrEqual(BOUNDS.answerWithinMs);
    // Requests made entirely within the outage: 503, Retry-After, and a body without internals.
    const unavailable = samples.filter((s) => s.start >= cutAt && s.end <= restoreAt);
    expect(unavailable.length).toBeGreaterThan(LOOPS * 10);
    for (const s of unavailable) {
      expect(s.status, `${s.route}: ${s.body}`).toBe(503);
      expect(Number(s.retryAfter)).toBeGreaterThan(0);
      expect(Object.keys(JSON.parse(s.body) as object).sort()).toEqual(['message', 'requestId']);
      expect(s.body).not.toMatch(INTERNALS);
    }
    const first503 = Math.min(...samples.filter((s) => s.status === 503).map((s) => s.end)) - cutAt;

    // Back by itself: a 200 soon after the database returns, and nothing but success after that.
    const served = samples.filter((s) => s.start >= restoreAt && s.status! < 300);
    expect(served.length).toBeGreaterThan(0);
    const recoveryMs = Math.min(...served.map((s) => s.end)) - restoreAt;
    expect(recoveryMs).toBeLessThanOrEqual(BOUNDS.recoverWithinMs);
    const settled = samples.filter((s) => s.start >= restoreAt + BOUNDS.recoverWithinMs);
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.filter((s) => s.status! >= 300)).toEqual([]);

    const servedDuring = during.filter((s) => s.status! < 300).length;
    recordFigure(
      `outage[${kind}]: database cut for ${OUTAGE_MS / 1000} s under ${LOOPS} request loops (${count(samples.length)} requests in all): ` +
        `${count(unavailable.length)} requests during the cut, all 503 with Retry-After and no internals ` +
        `(first 503 ${Math.round(first503)} ms after the cut${servedDuring ? `, ${servedDuring} in-flight requests still served` : ''}); ` +
        `worst latency during the outage ${Math.round(worstMs)} ms; 0 × 500, 0 dropped connections, app pid unchanged; ` +
        `first 200 ${seconds(recoveryMs)} after the database returned`,
    );
  });
});
