import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assets } from '../../db/schema';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertLocation } from '../../../../tests/factories/register';
import type { Asset } from '../../../shared/contract';
import { JSON_FIELD_MAX_DEPTH } from '../../../shared/domain';

/** Asset customFields are "json" (spec §3): any JSON object round-trips, within bounds. */

let t: TestApp;
let cookie: string;
let locationId: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await registerUser(t.app));
  locationId = (await insertLocation(t.db, { name: 'Custom Fields Depot' })).id;
});
afterAll(async () => {
  await t?.close();
});

/** Each create gets its own serial, so a refused one can be looked for in the table. */
const serial = () => `CF-${++counter}`;
const createAsset = (body: Record<string, unknown>) => postJson(t.app, '/api/assets', { locationId, type: 'hvac', condition: 'good', ...body }, { cookie });
const patchAsset = (id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/assets/${id}`, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(body) });
const rowsWithSerial = (value: string) => t.db.select().from(assets).where(eq(assets.serial, value));

const EVERY_TYPE = {
  'Refrigerant charge kg': 2.35,
  Circuits: 4,
  'Offset °C': -1.5,
  Faults: 0,
  'F-gas registered': true,
  Decommissioned: false,
  'Last leak test': null,
  Refrigerant: 'R32',
  Notes: 'Zoë’s unit — 東京 🏭',
  Filters: [{ size: '595x595', qty: 2 }, { size: '287x595', qty: 1 }],
  Service: { contractor: { name: 'CoolCo', phones: ['0113 000 0000'] }, intervalMonths: 6 },
  Empty: {},
};

const nested = (levels: number): Record<string, unknown> => (levels <= 1 ? { leaf: 1 } : { down: nested(levels - 1) });

describe('asset customFields: any JSON object', () => {
  it('round-trips every JSON type through POST, GET by id and PATCH', async () => {
    const res = await createAsset({ serial: serial(), customFields: EVERY_TYPE });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Asset>();
    // Deep equality: jsonb keeps every value but not the key order (it sorts keys).
    expect(created.customFields).toEqual(EVERY_TYPE);
    expect((await getJson(t.app, `/api/assets/${created.id}`, cookie)).json<Asset>().customFields).toEqual(EVERY_TYPE);

    const changed = { ...EVERY_TYPE, Refrigerant: 'R410A', Circuits: 5, Service: null };
    const patched = await patchAsset(created.id, { customFields: changed });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Asset>().customFields).toEqual(changed);
    // Another field's change leaves them as they are.
    await patchAsset(created.id, { make: 'Daikin' });
    expect((await getJson(t.app, `/api/assets/${created.id}`, cookie)).json<Asset>().customFields).toEqual(changed);
  });

  it(`accepts ${JSON_FIELD_MAX_DEPTH} levels, refuses one more, and refuses an oversized or non-object value; no row is written`, async () => {
    const atLimit = await createAsset({ serial: serial(), customFields: nested(JSON_FIELD_MAX_DEPTH) });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json<Asset>().customFields).toEqual(nested(JSON_FIELD_MAX_DEPTH));

    const cases: [unknown, string][] = [
      [nested(JSON_FIELD_MAX_DEPTH + 1), `Custom fields is nested too deeply (at most ${JSON_FIELD_MAX_DEPTH} levels)`],
      [{ list: Array.from({ length: 20 }, () => 'x'.repeat(999)) }, 'Custom fields is too large (at most 16 KB as JSON)'],
      [['a', 'b'], 'Custom fields must be a JSON object of named fields'],
      ['text', 'Custom fields must be a JSON object of named fields'],
    ];
    for (const [customFields, message] of cases) {
      const value = serial();
      const res = await createAsset({ serial: value, customFields });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^customFields/);
      expect(await rowsWithSerial(value)).toHaveLength(0);
    }

    const kept = (await createAsset({ serial: serial(), customFields: { a: 1 } })).json<Asset>();
    expect((await patchAsset(kept.id, { customFields: nested(JSON_FIELD_MAX_DEPTH + 1) })).statusCode).toBe(400);
    expect((await getJson(t.app, `/api/assets/${kept.id}`, cookie)).json<Asset>().customFields).toEqual({ a: 1 });
  });
});
