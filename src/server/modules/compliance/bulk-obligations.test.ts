import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createdBy, createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { BULK_OBLIGATIONS_MAX, type Regime } from '../../../shared/contract/compliance';

/** POST /api/obligations/bulk refuses what it cannot do clearly, and writes nothing when it refuses. */

let t: TestApp;
let admin: string;
let regimes: Map<string, Regime>;

const send = (method: InjectOptions['method'], url: string, body?: unknown, cookie = admin) => sendAs(t.app, cookie, method, url, body);
const obligationCount = async () => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM obligations`)).rows[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: admin } = await registerUser(t.app, { role: 'org_admin' }));
  regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>().map((r) => [r.key, r]));
});
afterAll(() => t.close());

describe('POST /api/obligations/bulk refusals', () => {
  it('refuses a regime or a location that does not exist, and a retired regime', async () => {
    const site = (await createdBy(send('POST', '/api/locations', { name: 'Quay', type: 'site' }))).id;
    const noRegime = await send('POST', '/api/obligations/bulk', { regimeId: '00000000-0000-4000-8000-000000000000', locationId: site });
    expect(noRegime.statusCode).toBe(400);
    expect(noRegime.json().errors).toEqual({ regimeId: 'Regime not found' });
    const noLocation = await send('POST', '/api/obligations/bulk', { regimeId: regimes.get('eicr')!.id, locationId: '00000000-0000-4000-8000-000000000000' });
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().errors).toEqual({ locationId: 'Location not found' });
    const malformed = await send('POST', '/api/obligations/bulk', { regimeId: 'eicr', locationId: site });
    expect(malformed.statusCode).toBe(400);

    const retired = await createdBy<Regime>(send('POST', '/api/compliance/regimes', { name: 'Retired check', category: 'fire', interval: { count: 1, unit: 'year' }, appliesTo: { assetTypes: [], locationTypes: ['site'] } }));
    await send('PATCH', `/api/compliance/regimes/${retired.id}`, { retired: true });
    expect((await send('POST', '/api/obligations/bulk', { regimeId: retired.id, locationId: site })).statusCode).toBe(400);
    expect(await obligationCount()).toBe(0);
  });

  it(`refuses a scope of more than ${BULK_OBLIGATIONS_MAX.toLocaleString('en-GB')} records with its count, and writes none`, async () => {
    const site = (await createdBy(send('POST', '/api/locations', { name: 'Campus', type: 'site' }))).id;
    await t.db.execute(sql`
      INSERT INTO locations (name, type, path, parent_id, ancestor_ids)
      SELECT 'Block ' || i, 'building', 'Campus / Block ' || i, ${site}, ARRAY[${site}]::uuid[]
      FROM generate_series(1, ${BULK_OBLIGATIONS_MAX}) AS i`);
    // The site and its buildings: one more than the cap.
    const res = await send('POST', '/api/obligations/bulk', { regimeId: regimes.get('fire_risk_assessment')!.id, locationId: site });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('20,001 records match: choose a location with at most 20,000');
    expect(await obligationCount()).toBe(0);
  });
});
