import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { actions, assessments, assets, defects, media } from '../../db/schema';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { z } from 'zod';
import { assetListItemSchema, NEXT_CURSOR_HEADER, type Asset, type AssetListItem, type Location } from '../../../shared/contract';
import type { User } from '../../../shared/contract/auth';

let t: TestApp;
let cookie: string;
let user: User;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, user } = await registerUser(t.app, { fullName: 'Sam Surveyor', role: 'asset_manager' }));
});
afterAll(async () => {
  await t?.close();
});

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A fresh site (under a fresh organisation) so each test's list filters see only its own assets. */
async function newSite(): Promise<Location> {
  counter += 1;
  const org = await postJson(t.app, '/api/locations', { name: `Estate ${counter}`, type: 'organisation' }, { cookie });
  const site = await postJson(t.app, '/api/locations', { name: `Depot ${counter}`, type: 'site', parentId: org.json().id }, { cookie });
  expect(site.statusCode, site.body).toBe(201);
  return site.json<Location>();
}

const createAsset = (body: Record<string, unknown>, as = cookie) => postJson(t.app, '/api/assets', body, { cookie: as });
async function asset(body: Record<string, unknown>): Promise<Asset> {
  const res = await createAsset({ type: 'other', condition: 'good', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Asset>();
}
const patchAsset = (id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/assets/${id}`, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(body) });
const deleteAsset = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/assets/${id}`, headers: { cookie } });
const list = async (query: string) => {
  const res = await getJson(t.app, `/api/assets?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json<AssetListItem[]>(), next: res.headers[NEXT_CURSOR_HEADER] as string | undefined };
};

describe('POST /api/assets', () => {
  it('creates with the server-set fields and the defaults', async () => {
    const site = await newSite();
    const res = await createAsset({ locationId: site.id, type: 'other', condition: 'good' });
    expect(res.statusCode).toBe(201);
    const created = res.json<Asset>();
    expect(created).toMatchObject({
      type: 'other',
      condition: 'good',
      status: 'draft',
      complianceFire: 'na',
      complianceElectrical: 'na',
      complianceLoler: 'na',
      complianceHygiene: 'na',
      locationId: site.id,
      locationPath: site.path,
      createdBy: user.id,
      createdByName: 'Sam Surveyor',
      customFields: {},
      photoUrls: [],
      clientAssetId: null,
      make: null,
    });
    expect(created.assetId).toMatch(/^AST-\d{6}$/);
    expect(created.locationPath).toMatch(/^Estate \d+ \/ Depot \d+$/);
    expect(res.body).not.toMatch(/searchText|search_text|password/);

    const fetched = await getJson(t.app, `/api/assets/${created.id}`, cookie);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(created);
  });

  it('answers the spec messages when location, type and condition are missing', async () => {
    const res = await createAsset({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      locationId: 'Location is required',
      type: 'Type is required',
      condition: 'Condition is required',
    });
    const blank = await createAsset({ locationId: '', type: '', condition: '' });
    expect(blank.json().errors).toEqual({ locationId: 'Location is required', type: 'Type is required', condition: 'Condition is required' });
  });

  it('refuses unknown enum values', async () => {
    const site = await newSite();
    const base = { locationId: site.id, type: 'pc', condition: 'good' };
    for (const extra of [{ type: 'spaceship' }, { condition: 'broken' }, { status: 'lost' }, { complianceFire: 'maybe' }]) {
      const res = await createAsset({ ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(Object.keys(extra));
    }
  });

  it('refuses a location that does not exist', async () => {
    const res = await createAsset({ locationId: MISSING_ID, type: 'pc', condition: 'good' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Location not found', errors: { locationId: 'Location not found' } });
    expect((await createAsset({ locationId: 'abc', type: 'pc', condition: 'good' })).statusCode).toBe(400);
  });

  it('generates unique asset ids under 20 concurrent creates', async () => {
    const site = await newSite();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => createAsset({ locationId: site.id, type: 'pc', condition: 'good' })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = responses.map((r) => r.json<Asset>().assetId);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^AST-\d{6}$/);
  });

  it('ignores client-sent ids, creator, path, photos and times (mass assignment)', async () => {
    const site = await newSite();
    const other = await registerUser(t.app);
    const res = await createAsset({
      locationId: site.id,
      type: 'pc',
      condition: 'fair',
      id: MISSING_ID,
      assetId: 'AST-999999',
      createdBy: other.user.id,
      locationPath: 'Fake / Path',
      photoUrls: ['javascript:alert(1)'],
      qrCode: 'forged',
      searchText: 'forged',
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<Asset>();
    const [row] = await t.db.select().from(assets).where(eq(assets.id, created.id));
    expect(row).toBeDefined();
    expect(row!.id).not.toBe(MISSING_ID);
    expect(row!.assetId).not.toBe('AST-999999');
    expect(row!.createdBy).toBe(user.id);
    expect(row!.locationPath).toBe(site.path);
    expect(row!.photoUrls).toEqual([]);
    expect(row!.qrCode).toBeNull();
    expect(row!.createdAt.getUTCFullYear()).toBeGreaterThan(2000);
    expect(row!.updatedAt.getUTCFullYear()).toBeGreaterThan(2000);
    expect(row!.searchText).not.toContain('forged');
  });

  it('returns the existing asset for a repeated clientAssetId, also under concurrent retries', async () => {
    const site = await newSite();
    const body = { locationId: site.id, type: 'printer', condition: 'good', clientAssetId: `device-1-${counter}` };
    const first = await createAsset(body);
    const second = await createAsset({ ...body, condition: 'poor' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const key = `device-2-${counter}`;
    const responses = await Promise.all(Array.from({ length: 8 }, () => createAsset({ ...body, clientAssetId: key })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json<Asset>().id)).size).toBe(1);
    expect(await t.db.select().from(assets).where(eq(assets.clientAssetId, key))).toHaveLength(1);
  });

  it('round-trips customFields and all the optional fields', async () => {
    const site = await newSite();
    const input = {
      locationId: site.id,
      type: 'fire_door',
      condition: 'excellent',
      subtype: 'FD30',
      make: 'Acme',
      model: 'Guardian',
      serial: 'SN-1',
      description: 'Stair core door',
      installDate: '2020-05-01',
      warrantyExpiry: '2030-05-01',
      conditionNotes: 'Closer adjusted',
      complianceFire: 'yes',
      complianceElectrical: 'no',
      complianceLoler: 'na',
      complianceHygiene: 'yes',
      barcode: '0123456789',
      status: 'active',
      customFields: { 'Fire rating': '30 min', Leaf: 'Double' },
    };
    const created = await asset(input);
    const { locationId: _l, ...rest } = input;
    expect(created).toMatchObject(rest);
    expect((await getJson(t.app, `/api/assets/${created.id}`, cookie)).json<Asset>().customFields).toEqual(input.customFields);
  });

  it('refuses text over its limit and malformed values', async () => {
    const site = await newSite();
    const base = { locationId: site.id, type: 'pc', condition: 'good' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ make: 'x'.repeat(201) }, 'make'],
      [{ description: 'x'.repeat(5001) }, 'description'],
      [{ conditionNotes: 'x'.repeat(5001) }, 'conditionNotes'],
      [{ barcode: 'x'.repeat(101) }, 'barcode'],
      [{ installDate: 'yesterday' }, 'installDate'],
      [{ customFields: { name: 'x'.repeat(1001) } }, 'customFields.name'],
      [{ customFields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }, 'customFields'],
    ];
    for (const [extra, field] of cases) {
      const res = await createAsset({ ...base, ...extra });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    expect((await createAsset({ ...base, make: 'x'.repeat(200) })).statusCode).toBe(201);
  });
});

describe('GET /api/assets/{id}', () => {
  it('answers 404 for a missing or malformed id', async () => {
    for (const id of [MISSING_ID, 'not-an-id', '1 OR 1=1']) {
      const res = await getJson(t.app, `/api/assets/${encodeURIComponent(id)}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Asset not found');
    }
  });
});

describe('GET /api/assets', () => {
  it('pages newest first with a cursor, without repeats', async () => {
    const site = await newSite();
    const created: Asset[] = [];
    for (let i = 0; i < 7; i++) created.push(await asset({ locationId: site.id, make: `Unit ${i}` }));

    const seen: AssetListItem[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`locationId=${site.id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      sizes.push(page.items.length);
      seen.push(...page.items);
      cursor = page.next;
    } while (cursor);

    expect(sizes).toEqual([3, 3, 1]);
    expect(new Set(seen.map((a) => a.id)).size).toBe(7);
    expect(seen.map((a) => a.id).sort()).toEqual(created.map((a) => a.id).sort());
    const key = (a: AssetListItem) => [a.createdAt, a.id] as const;
    for (let i = 1; i < seen.length; i++) {
      const [prevAt, prevId] = key(seen[i - 1]!);
      const [at, id] = key(seen[i]!);
      expect(prevAt > at || (prevAt === at && prevId > id), `row ${i} is not older than row ${i - 1}`).toBe(true);
    }
    expect(Object.keys(seen[0]!).sort()).toEqual(
      ['assetId', 'condition', 'createdAt', 'id', 'locationId', 'locationPath', 'make', 'model', 'serial', 'status', 'type'].sort(),
    );
  });

  it('answers each item in the contract shape with the asset’s own values, whichever statement serves it', async () => {
    // PostgreSQL writes these objects (db/json-rows.ts): they must match what the detail route
    // serialises through its schema, nulls, escapes and the ISO time included.
    const site = await newSite();
    const plain = await asset({ locationId: site.id, type: 'hvac', condition: 'poor' });
    const awkward = await asset({ locationId: site.id, make: 'Zebrå "Quote" \\ back\tslash ✓ zzqv', model: '<b>&amp;</b>', serial: '\u2028' });
    const expected = (a: Asset) => assetListItemSchema.parse(a);
    const served = [
      ['browse', 'limit=2'],
      ['browse with filters', 'limit=200&condition=poor&type=hvac'],
      ['rare word', `search=zzqv`],
      ['location', `locationId=${site.id}`],
    ];
    for (const [how, query] of served) {
      const res = await getJson(t.app, `/api/assets?${query}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type'], how).toBe('application/json; charset=utf-8');
      const items = z.array(assetListItemSchema.strict()).parse(res.json());
      for (const a of [plain, awkward]) {
        const item = items.find((x) => x.id === a.id);
        if (how === 'rare word' && a === plain) continue;
        if (how === 'browse with filters' && a === awkward) continue;
        expect(item, `${how}: ${a.assetId}`).toEqual(expected(a));
      }
    }
  });

  it('filters by condition, type, status and search; all and empty mean no filter', async () => {
    const site = await newSite();
    const a = await asset({ locationId: site.id, type: 'hvac', condition: 'poor', status: 'active', make: 'Carrier', serial: 'HV-100%' });
    const b = await asset({ locationId: site.id, type: 'pc', condition: 'poor', make: 'Dell', model: 'Opti_plex' });
    const c = await asset({ locationId: site.id, type: 'pc', condition: 'excellent', make: 'Dell', model: 'Optiaplex', serial: 'HV-1000' });
    const ids = async (query: string) => (await list(`locationId=${site.id}&${query}`)).items.map((x) => x.id).sort();

    expect(await ids('condition=poor')).toEqual([a.id, b.id].sort());
    expect(await ids('type=pc')).toEqual([b.id, c.id].sort());
    expect(await ids('status=active')).toEqual([a.id]);
    expect(await ids('type=pc&condition=poor')).toEqual([b.id]);
    expect(await ids('condition=all&type=all&status=all&search=')).toEqual([a.id, b.id, c.id].sort());
    expect(await ids('type=&condition=')).toHaveLength(3);

    expect(await ids('search=CARRIER')).toEqual([a.id]);
    expect(await ids(`search=${encodeURIComponent(a.assetId)}`)).toEqual([a.id]);
    expect(await ids(`search=${encodeURIComponent('Estate')}`)).toHaveLength(3);
    // The type's words are searchable too.
    expect(await ids('search=hvac')).toEqual([a.id]);
    // LIKE wildcards match literally.
    expect(await ids(`search=${encodeURIComponent('100%')}`)).toEqual([a.id]);
    expect(await ids(`search=${encodeURIComponent('opti_plex')}`)).toEqual([b.id]);
    expect(await ids(`search=${encodeURIComponent("' OR 1=1--")}`)).toEqual([]);
  });

  it('searches past a thousand newer assets that do not match, newest first, paging without repeats', async () => {
    const site = await newSite();
    const at = (minutesAgo: number, ms = 0) => new Date(Date.now() - minutesAgo * 60_000 + ms);
    const row = (make: string, createdAt: Date, condition: 'good' | 'poor' = 'good') => ({
      locationId: site.id, locationPath: site.path, type: 'other' as const, condition, make, createdBy: user.id, createdAt,
    });
    // Five old matches, then 1,010 newer assets that do not match, then three new matches.
    const old = await t.db.insert(assets).values([0, 1, 2, 3, 4].map((i) => row('Kone lift', at(300, i), i === 0 ? 'poor' : 'good'))).returning({ id: assets.id });
    await t.db.insert(assets).values(Array.from({ length: 1_010 }, (_, i) => row('Filler', at(200, i))));
    const recent = await t.db.insert(assets).values([0, 1, 2].map((i) => row('Kone lift', at(100, i)))).returning({ id: assets.id });
    const newestFirst = [...recent.map((r) => r.id).reverse(), ...old.map((r) => r.id).reverse()];

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await list(`locationId=${site.id}&search=kone&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      sizes.push(page.items.length);
      seen.push(...page.items.map((a) => a.id));
      cursor = page.next;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 2]);
    expect(seen).toEqual(newestFirst);

    // A common word fills the page from the newest assets; the other filters apply on both paths.
    const fillers = await list(`locationId=${site.id}&search=filler&limit=50`);
    expect(fillers.items).toHaveLength(50);
    expect(fillers.items.every((a) => a.make === 'Filler')).toBe(true);
    expect((await list(`locationId=${site.id}&search=kone&condition=poor`)).items.map((a) => a.id)).toEqual([old[0]!.id]);
  });

  it('includes everything inside the chosen location', async () => {
    const site = await newSite();
    const building = await postJson(t.app, '/api/locations', { name: 'Block', type: 'building', parentId: site.id }, { cookie });
    const room = await postJson(t.app, '/api/locations', { name: 'Room', type: 'area', parentId: building.json().id }, { cookie });
    const other = await newSite();
    const inSite = await asset({ locationId: site.id });
    const inRoom = await asset({ locationId: room.json().id });
    await asset({ locationId: other.id });

    expect((await list(`locationId=${site.id}`)).items.map((x) => x.id).sort()).toEqual([inSite.id, inRoom.id].sort());
    expect((await list(`locationId=${building.json().id}`)).items.map((x) => x.id)).toEqual([inRoom.id]);
    expect((await list(`locationId=${MISSING_ID}`)).items).toEqual([]);
  });

  it('clamps limit to 200 and defaults to 50', async () => {
    const site = await newSite();
    await t.db.insert(assets).values(
      Array.from({ length: 205 }, () => ({ locationId: site.id, locationPath: site.path, type: 'pc' as const, condition: 'good' as const, createdBy: user.id })),
    );
    const clamped = await list(`locationId=${site.id}&limit=100000`);
    expect(clamped.items).toHaveLength(200);
    expect(clamped.next).toBeTruthy();
    expect((await list(`locationId=${site.id}&cursor=${clamped.next}&limit=100000`)).items).toHaveLength(5);
    const standard = await list(`locationId=${site.id}`);
    expect(standard.items).toHaveLength(50);
  });

  it('refuses bad query values with 400', async () => {
    for (const query of ['limit=0', 'limit=abc', 'type=spaceship', 'condition=broken', 'locationId=nope', 'type=pc&type=hvac', 'cursor=garbage', `search=${'x'.repeat(101)}`]) {
      const res = await getJson(t.app, `/api/assets?${query}`, cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('PATCH /api/assets/{id}', () => {
  it('changes the sent fields only, re-derives the path and moves updatedAt', async () => {
    const site = await newSite();
    const other = await newSite();
    const created = await asset({ locationId: site.id, type: 'hvac', status: 'active', complianceFire: 'yes', customFields: { a: '1' }, make: 'Old' });
    // Times are compared at millisecond precision: let at least one pass.
    await new Promise((resolve) => setTimeout(resolve, 5));

    const res = await patchAsset(created.id, {
      condition: 'unsafe',
      make: 'New',
      locationId: other.id,
      assetId: 'AST-000000',
      createdBy: MISSING_ID,
      locationPath: 'Fake',
      clientAssetId: 'sneaky',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Asset>();
    expect(updated).toMatchObject({
      condition: 'unsafe',
      make: 'New',
      locationId: other.id,
      locationPath: other.path,
      // Not sent, so unchanged (no defaults re-applied).
      type: 'hvac',
      status: 'active',
      complianceFire: 'yes',
      customFields: { a: '1' },
      assetId: created.assetId,
      createdBy: user.id,
      clientAssetId: null,
    });
    expect(updated.updatedAt > created.updatedAt).toBe(true);
    expect(updated.createdAt).toBe(created.createdAt);

    const cleared = await patchAsset(created.id, { make: '', customFields: {} });
    expect(cleared.json<Asset>()).toMatchObject({ make: null, customFields: {} });
  });

  it('validates, refuses a missing location and answers 404 for a missing asset', async () => {
    const created = await asset({ locationId: (await newSite()).id });
    const bad = await patchAsset(created.id, { condition: 'broken', type: null });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['condition', 'type']);
    const noLocation = await patchAsset(created.id, { locationId: MISSING_ID });
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().message).toBe('Location not found');
    expect((await patchAsset(MISSING_ID, { make: 'X' })).statusCode).toBe(404);
    expect((await patchAsset('bad', { make: 'X' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/assets/{id}', () => {
  it('deletes the asset with its assessments, defects, actions and media', async () => {
    const created = await asset({ locationId: (await newSite()).id });
    const keep = await asset({ locationId: (await newSite()).id });
    const [assessment] = await t.db
      .insert(assessments)
      .values({ assetId: created.id, condition: 'poor', assessedBy: user.id, assessedAt: new Date() })
      .returning();
    const [defect] = await t.db.insert(defects).values({ assessmentId: assessment!.id, description: 'Crack', severity: 'high' }).returning();
    const [action] = await t.db.insert(actions).values({ assetId: created.id, title: 'Fix', priority: 'high', createdBy: user.id }).returning();
    const [photo] = await t.db
      .insert(media)
      .values({ assetId: created.id, type: 'photo', url: 'uploads/x', filename: 'x.jpg', uploadedBy: user.id })
      .returning();
    const [keptAction] = await t.db.insert(actions).values({ assetId: keep.id, title: 'Keep', priority: 'low', createdBy: user.id }).returning();

    const res = await deleteAsset(created.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await getJson(t.app, `/api/assets/${created.id}`, cookie)).statusCode).toBe(404);
    expect(await t.db.select().from(assessments).where(eq(assessments.id, assessment!.id))).toEqual([]);
    expect(await t.db.select().from(defects).where(eq(defects.id, defect!.id))).toEqual([]);
    expect(await t.db.select().from(actions).where(eq(actions.id, action!.id))).toEqual([]);
    expect(await t.db.select().from(media).where(eq(media.id, photo!.id))).toEqual([]);
    expect(await t.db.select().from(actions).where(eq(actions.id, keptAction!.id))).toHaveLength(1);

    expect((await deleteAsset(created.id)).statusCode).toBe(404);
    expect((await deleteAsset('bad')).statusCode).toBe(404);
  });
});

describe('without a session', () => {
  it('answers 401 on every asset route', async () => {
    const site = await newSite();
    const created = await asset({ locationId: site.id });
    const responses = await Promise.all([
      getJson(t.app, '/api/assets'),
      getJson(t.app, `/api/assets/${created.id}`),
      postJson(t.app, '/api/assets', { locationId: site.id, type: 'pc', condition: 'good' }),
      t.app.inject({ method: 'PATCH', url: `/api/assets/${created.id}`, headers: { 'content-type': 'application/json' }, payload: '{}' }),
      t.app.inject({ method: 'DELETE', url: `/api/assets/${created.id}` }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect((await getJson(t.app, `/api/assets/${created.id}`, cookie)).statusCode).toBe(200);
  });
});
