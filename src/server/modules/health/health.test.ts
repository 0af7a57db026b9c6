import { afterEach, describe, expect, it } from 'vitest';
import { createAppWithUnreachableDatabase, createTestApp, getJson } from '../../../../tests/setup/test-app';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('GET /api/health', () => {
  it('reports the database up', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const res = await getJson(t.app, '/api/health');
    expect(res.statusCode).toBe(200);
    // Scheduled backups are off on a new install (their states: modules/backups/backups.test.ts).
    expect(res.json()).toEqual({ status: 'ok', database: 'up', backup: 'off' });
  });

  it('answers 503 with the database down once the pool is gone', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    await t.database.close();
    const res = await getJson(t.app, '/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
  });

  it('answers 503 quickly when the database cannot be reached', async () => {
    const down = await createAppWithUnreachableDatabase();
    cleanups.push(down.close);
    const started = Date.now();
    const res = await getJson(down.app, '/api/health');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});
