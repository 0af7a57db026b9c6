import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../src/server/modules/auth/sessions.repo';
import { ApiClient, forEachConcurrently, sleep } from './support/api';
import { AppHome } from './support/app-home';
import { DATABASE_KINDS, withClient } from './support/databases';
import { count, recordFigure, seconds } from './support/figures';

/** Polls `condition` until it holds; returns when that was (performance.now()), or throws after `timeoutMs`. */
async function msUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`not so after ${timeoutMs} ms`);
    await sleep(100);
  }
  return performance.now();
}

/**
 * DESIGN.md "Scaling": app processes keep no state of their own, so two of them on one database
 * share sessions, and codes drawn from the database's sequences never collide however the creates
 * interleave. On the embedded database the second process connects to the first one's engine.
 */
const PER_PROCESS = 200;
const IN_FLIGHT_PER_KIND = 8;

const homes: AppHome[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await home.cleanup();
});

describe.each(DATABASE_KINDS)('two app processes on one %s database', (kind) => {
  it(`share sessions, and ${PER_PROCESS} assets and ${PER_PROCESS} actions created on each at once get distinct codes`, { timeout: 120_000 }, async () => {
    const home = await AppHome.create(kind, 'two');
    homes.push(home);
    // Both processes sign the same upload and download URLs, as the README asks of a deployment.
    const env = { SESSION_SECRET: crypto.randomBytes(36).toString('base64') };
    const a = await home.start({ env });
    // The second process: the server database, or the first process's embedded engine, by URL.
    const b = await home.start({ env, databaseUrl: home.databaseUrl() });

    // A session made on A works on B, and one made on B works on A.
    const onA = new ApiClient(a.baseUrl);
    const user = await onA.register();
    const onB = onA.on(b.baseUrl);
    expect((await onB.get('/api/user')).json()).toMatchObject({ id: user.id });
    const second = new ApiClient(b.baseUrl);
    await second.signIn(user.username, user.password);
    expect((await second.on(a.baseUrl).get('/api/user')).status).toBe(200);
    // Signing out on B ends the session on B at once, and on A once A's session cache lets go of it
    // (watched while the creates below run).
    const signedOutAt = performance.now();
    expect((await second.post('/api/logout', {})).status).toBe(204);
    expect((await second.get('/api/user')).status).toBe(401);
    const signOutReachesA = msUntil(async () => (await second.on(a.baseUrl).get('/api/user')).status === 401, SESSION_CACHE_MS + 2_000);
    signOutReachesA.catch(() => {}); // awaited below; a timeout meanwhile is not an unhandled rejection

    const location = await onA.create<{ id: string }>('/api/locations', { name: 'Shared depot', type: 'site' });
    const failures: string[] = [];
    const assetCodes: string[] = [];
    const actionCodes: string[] = [];
    const createMany = (api: ApiClient, label: string, what: 'asset' | 'action') =>
      forEachConcurrently(
        Array.from({ length: PER_PROCESS }, (_, i) => i),
        IN_FLIGHT_PER_KIND,
        async (i) => {
          const reply =
            what === 'asset'
              ? await api.post('/api/assets', { locationId: location.id, type: 'printer', condition: 'good', serial: `${label}-${i}` })
              : await api.post('/api/actions', { title: `Check ${label} ${i}`, priority: 'medium' });
          if (reply.status !== 201) failures.push(`${label} ${what} ${i}: ${reply.status} ${reply.text.slice(0, 200)}`);
          else if (what === 'asset') assetCodes.push(reply.json<{ assetId: string }>().assetId);
          else actionCodes.push(reply.json<{ actionId: string }>().actionId);
        },
      );
    await Promise.all([createMany(onA, 'A', 'asset'), createMany(onA, 'A', 'action'), createMany(onB, 'B', 'asset'), createMany(onB, 'B', 'action')]);

    const signOutReachedA = await signOutReachesA;
    expect(signOutReachedA - signedOutAt).toBeLessThanOrEqual(SESSION_CACHE_MS + 1_000);
    expect(failures).toEqual([]);
    expect(assetCodes).toHaveLength(2 * PER_PROCESS);
    expect(actionCodes).toHaveLength(2 * PER_PROCESS);
    expect(new Set(assetCodes).size).toBe(assetCodes.length);
    expect(new Set(actionCodes).size).toBe(actionCodes.length);
    expect(assetCodes.every((c) => /^AST-\d+$/.test(c))).toBe(true);
    expect(actionCodes.every((c) => /^ACT-\d+$/.test(c))).toBe(true);
    // And the database holds exactly those rows, each code once.
    const stored = await withClient(home.databaseUrl(), async (c) => ({
      assets: (await c.query<{ n: number; codes: number }>('SELECT count(*)::int AS n, count(DISTINCT asset_id)::int AS codes FROM assets')).rows[0]!,
      actions: (await c.query<{ n: number; codes: number }>('SELECT count(*)::int AS n, count(DISTINCT action_id)::int AS codes FROM actions')).rows[0]!,
    }));
    expect(stored).toEqual({ assets: { n: 2 * PER_PROCESS, codes: 2 * PER_PROCESS }, actions: { n: 2 * PER_PROCESS, codes: 2 * PER_PROCESS } });

    for (const server of [b, a]) expect((await server.stop()).code).toBe(0);
    recordFigure(
      `two-processes[${kind}]: a session from either process accepted by the other; sign-out on B refused on A ` +
        `${seconds(signOutReachedA - signedOutAt)} later (session cache ≤ ${SESSION_CACHE_MS / 1000} s, ADR 009); ` +
        `${count(assetCodes.length)} assets and ${count(actionCodes.length)} actions created concurrently through both ` +
        `(${4 * IN_FLIGHT_PER_KIND} in flight): 0 failed, 0 duplicate codes`,
    );
  });
});
