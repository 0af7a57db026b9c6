import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp, getJson, registerUser, type TestApp } from '../../../tests/setup/test-app';

let t: TestApp;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { READ_RATE_LIMIT_PER_MINUTE: '5' }, onRoute: (route) => void routes.push(route) });
});
afterAll(async () => t?.close());

describe('per-session read limit', () => {
  it('covers every signed-in GET route under /api', () => {
    const reads = routes.filter((r) => [r.method].flat().includes('GET') && r.url.startsWith('/api/') && r.config?.permission !== 'public');
    expect(reads.length).toBeGreaterThan(10);
    const unlimited = reads.filter((r) => !r.config?.rateLimit).map((r) => r.url);
    expect(unlimited).toEqual([]);
  });

  it.each([['/api/assets?limit=1'], ['/api/search?q=pump']])('answers %s with 429 after the limit, per session', async (url) => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    for (let i = 0; i < 5; i++) expect((await getJson(t.app, url, a.cookie)).statusCode).toBe(200);
    const refused = await getJson(t.app, url, a.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Try again in /);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another session, even from the same address, has its own allowance.
    expect((await getJson(t.app, url, b.cookie)).statusCode).toBe(200);
  });
});
