import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAppWithUnreachableDatabase,
  createTestApp,
  getJson,
  parseLogs,
  postJson,
  type TestApp,
} from '../../../tests/setup/test-app';

let t: TestApp;

// Routes that fail in the ways real handlers can; added before the app is ready.
const failingRoutes = (t: TestApp): FastifyPluginAsyncZod => async (app) => {
  const config = { permission: 'public' as const };
  app.get('/api/test/type-error', { config }, async () => {
    const missing = undefined as unknown as { property: string };
    return missing.property;
  });
  app.get('/api/test/sql-error', { config }, async () => {
    await t.db.execute(sql`SELECT secret_column FROM no_such_table WHERE id = ${42}`);
    return {};
  });
  app.get('/api/test/bad-response', { config, schema: { response: { 200: z.object({ id: z.string() }) } } }, async () => ({ id: 42 }) as never);
};

beforeAll(async () => {
  t = await createTestApp({ captureLogs: true });
  await t.app.register(failingRoutes(t));
});
afterAll(async () => {
  await t?.close();
});

// Anything that would tell an attacker about the internals.
const LEAKS = /stack|\bat |\.ts\b|\/work\/|node_modules|select|no_such_table|secret_column|relation|TypeError|undefined|ECONNREFUSED|127\.0\.0\.1|pg\b/i;

describe('unexpected errors', () => {
  it.each([['/api/test/type-error'], ['/api/test/sql-error'], ['/api/test/bad-response']])(
    '%s answers 500 with only a message and the request id',
    async (url) => {
      const res = await getJson(t.app, url);
      expect(res.statusCode).toBe(500);
      const requestId = res.headers['x-request-id'];
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json()).toEqual({ message: 'Internal server error', requestId });
      expect(res.body.replace(String(requestId), '')).not.toMatch(LEAKS);
      // Security headers are still there on errors.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('logs the error with its stack under the same request id', async () => {
    const res = await getJson(t.app, '/api/test/type-error');
    const requestId = res.json().requestId;
    const entry = parseLogs(t.logs).find((l) => l.reqId === requestId && l.level === 50);
    expect(entry).toBeDefined();
    const err = entry!.err as { type: string; stack: string };
    expect(err.type).toBe('TypeError');
    expect(err.stack).toContain('error-handler.test.ts');
  });
});

describe('database outage', () => {
  let down: Awaited<ReturnType<typeof createAppWithUnreachableDatabase>>;
  beforeAll(async () => {
    down = await createAppWithUnreachableDatabase();
  });
  afterAll(async () => {
    await down?.close();
  });

  it.each([
    ['GET /api/user with a session cookie', () => getJson(down.app, '/api/user', 'sid=' + 'a'.repeat(43))],
    ['POST /api/login', () => postJson(down.app, '/api/login', { username: 'someone', password: 'a password' })],
  ])('%s answers 503 with Retry-After and no driver detail', async (_name, send) => {
    const started = Date.now();
    const res = await send();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ message: 'The database is unavailable. Try again in a few seconds.', requestId: expect.any(String) });
    expect(res.body).not.toMatch(LEAKS);
  });
});
