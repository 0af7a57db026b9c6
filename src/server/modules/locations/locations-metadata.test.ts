import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { locations } from '../../db/schema';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import type { Location } from '../../../shared/contract';
import { JSON_FIELD_MAX_BYTES, JSON_FIELD_MAX_DEPTH } from '../../../shared/domain';

/** Location metadata is "json" (spec §3): any JSON object round-trips, within bounds. */

let t: TestApp;
let cookie: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await registerUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

const uniqueName = (prefix: string) => `${prefix} ${++counter}`;
const createLocation = (body: Record<string, unknown>) => postJson(t.app, '/api/locations', body, { cookie });
const patchLocation = (id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/locations/${id}`, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(body) });
const rawPost = (payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/locations', headers: { 'content-type': 'application/json', cookie }, payload });
const rowsNamed = async (name: string) => t.db.select().from(locations).where(eq(locations.name, name));

/** Every JSON type, as a third-party client might send it. */
const EVERY_TYPE = {
  int: 42,
  float: 3.14159,
  negative: -17.5,
  zero: 0,
  big: 9007199254740991,
  tiny: 1e-7,
  yes: true,
  no: false,
  nothing: null,
  text: 'plain',
  empty: '',
  unicode: 'Zoë Ørsted — 東京 🏢',
  'key with spaces and ünïcödé 🔑': 'v',
  nested: { level2: { level3: { list: [1, 'two', false, null, { deep: 'yes' }] } } },
  list: [],
  matrix: [
    [1, 2],
    [3, 4],
  ],
  emptyObject: {},
};

/** An object `levels` deep: the top one is level 1, each `down` one more. */
const nested = (levels: number): Record<string, unknown> => (levels <= 1 ? { leaf: 'bottom' } : { down: nested(levels - 1) });

describe('location metadata: any JSON object', () => {
  it('round-trips every JSON type through POST, GET by id, the list and PATCH', async () => {
    const name = uniqueName('Json Site');
    const created = await createLocation({ name, type: 'site', metadata: EVERY_TYPE });
    expect(created.statusCode, created.body).toBe(201);
    const loc = created.json<Location>();
    // Deep equality: jsonb keeps every value but not the key order (it sorts keys).
    expect(loc.metadata).toEqual(EVERY_TYPE);
    expect((await getJson(t.app, `/api/locations/${loc.id}`, cookie)).json<Location>().metadata).toEqual(EVERY_TYPE);
    const listed = (await getJson(t.app, `/api/locations?search=${encodeURIComponent(name)}`, cookie)).json<Location[]>();
    expect(listed.find((l) => l.id === loc.id)!.metadata).toEqual(EVERY_TYPE);

    const changed = { ...EVERY_TYPE, int: 43, nested: { replaced: [true] }, added: { n: -1 } };
    const patched = await patchLocation(loc.id, { metadata: changed });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Location>().metadata).toEqual(changed);
    expect((await getJson(t.app, `/api/locations/${loc.id}`, cookie)).json<Location>().metadata).toEqual(changed);

    // A PATCH without metadata leaves it as it was.
    await patchLocation(loc.id, { description: 'Other change' });
    expect((await getJson(t.app, `/api/locations/${loc.id}`, cookie)).json<Location>().metadata).toEqual(changed);
  });

  it(`accepts an object ${JSON_FIELD_MAX_DEPTH} levels deep and refuses one more level (objects or lists)`, async () => {
    const atLimit = await createLocation({ name: uniqueName('Deep'), type: 'site', metadata: nested(JSON_FIELD_MAX_DEPTH) });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json<Location>().metadata).toEqual(nested(JSON_FIELD_MAX_DEPTH));

    const deepList: Record<string, unknown> = { list: [[[[[[[[]]]]]]]] };
    for (const metadata of [nested(JSON_FIELD_MAX_DEPTH + 1), deepList]) {
      const name = uniqueName('Too deep');
      const res = await createLocation({ name, type: 'site', metadata });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(`Metadata is nested too deeply (at most ${JSON_FIELD_MAX_DEPTH} levels)`);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^metadata\./);
      expect(await rowsNamed(name)).toHaveLength(0);
    }
  });

  it('refuses a body nested a hundred thousand deep with 400, not a crash', async () => {
    const depth = 100_000;
    const res = await rawPost(`{"name":"Abyss","type":"site","metadata":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/nested too deeply/);
    expect(await rowsNamed('Abyss')).toHaveLength(0);
  });

  it(`refuses metadata over ${JSON_FIELD_MAX_BYTES / 1024} KB with 400, and a body over the request limit with 413; no row is written`, async () => {
    const name = uniqueName('Oversized');
    const big = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'x'.repeat(1000)]));
    const res = await createLocation({ name, type: 'site', metadata: big });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Metadata is too large (at most 16 KB as JSON)', errors: { metadata: 'Metadata is too large (at most 16 KB as JSON)' } });

    const huge = await createLocation({ name, type: 'site', metadata: { list: Array.from({ length: 300_000 }, () => 1234) } });
    expect(huge.statusCode).toBe(413);
    expect(await rowsNamed(name)).toHaveLength(0);

    const loc = (await createLocation({ name: uniqueName('Patch too big'), type: 'site' })).json<Location>();
    const patched = await patchLocation(loc.id, { metadata: big });
    expect(patched.statusCode).toBe(400);
    expect((await getJson(t.app, `/api/locations/${loc.id}`, cookie)).json<Location>().metadata).toEqual({});
  });

  it('refuses a top-level list, text, number or null, and values JSON cannot carry into the database', async () => {
    for (const metadata of [[1, 2], 'text', 5, null]) {
      const res = await createLocation({ name: uniqueName('Not object'), type: 'site', metadata });
      expect(res.statusCode, JSON.stringify(metadata)).toBe(400);
      expect(res.json().errors).toEqual({ metadata: 'Metadata must be a JSON object of named fields' });
    }
    // 1e400 parses as Infinity, which JSON.stringify would silently turn into null.
    const infinite = await rawPost('{"name":"Infinite","type":"site","metadata":{"n":1e400}}');
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json().errors).toEqual({ 'metadata.n': 'Numbers in metadata must be finite' });
    const nul = await createLocation({ name: uniqueName('Nul'), type: 'site', metadata: { a: { b: 'x\u0000y' } } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors['metadata.a.b']).toMatch(/NUL/);
    const lone = await rawPost('{"name":"Lone","type":"site","metadata":{"s":"\\ud800 alone"}}');
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors['metadata.s']).toMatch(/unpaired surrogate/);
    const blankName = await createLocation({ name: uniqueName('Blank key'), type: 'site', metadata: { ' ': 'v' } });
    expect(blankName.json().errors['metadata. ']).toBe('Each field needs a name');
    const longKey = await createLocation({ name: uniqueName('Long key'), type: 'site', metadata: { a: { ['k'.repeat(101)]: 1 } } });
    expect(longKey.statusCode).toBe(400);
    expect(longKey.json().message).toBe('Field names must be at most 100 characters');
  });
});
