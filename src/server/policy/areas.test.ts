import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { createdBy, createTestApp, getJson, postJson, registerUser, sendAs, type TestApp } from '../../../tests/setup/test-app';
import { png, uploadLocal } from '../../../tests/setup/media-fixtures';
import type { RoutePermission } from './route-permissions';
import type { AreaRule } from './areas';
import { NEXT_CURSOR_HEADER } from '../../shared/contract/common';

/**
 * Area managers limited to location subtrees (ADR 024, "Areas"): an org admin limits one to the
 * North estate; they then see, search, count, export and change only what lies there, and the rest
 * of the register is as if it did not exist. Each test reads both sides: what lies inside is
 * served, what lies outside is not.
 */

let t: TestApp;
let admin: string;
let manager: { id: string; cookie: string };
const routes = new Map<string, { permission?: RoutePermission; area?: AreaRule }>();

/** Two estates, each a site with a building, an asset (with an assessment, an action and a photo) and a meter. */
interface Estate {
  site: string;
  building: string;
  asset: string;
  assessment: string;
  action: string;
  media: string;
  meter: string;
  code: string;
}
let north: Estate;
let south: Estate;
/** An action on no asset: the whole estate's, outside every area. */
let unplacedAction: string;

const send = (method: InjectOptions['method'], url: string, cookie: string, body?: unknown) => sendAs(t.app, cookie, method, url, body);

const created = (res: Promise<LightMyRequestResponse>) => createdBy<{ id: string } & Record<string, unknown>>(res);

async function estate(name: string): Promise<Estate> {
  const site = await created(postJson(t.app, '/api/locations', { name: `${name} Site`, type: 'site' }, { cookie: admin }));
  const building = await created(postJson(t.app, '/api/locations', { name: `${name} House`, type: 'building', parentId: site.id }, { cookie: admin }));
  const asset = await created(
    postJson(t.app, '/api/assets', { locationId: building.id, type: 'hvac', condition: 'poor', description: `${name} boiler zyx${name.toLowerCase()}` }, { cookie: admin }),
  );
  const assessment = await created(postJson(t.app, '/api/assessments', { assetId: asset.id, condition: 'poor' }, { cookie: admin }));
  const action = await created(postJson(t.app, '/api/actions', { title: `${name} boiler service zyxaction`, priority: 'high', assetId: asset.id }, { cookie: admin }));
  const key = await uploadLocal(t.app, admin, await png(), 'image/png');
  const media = await created(postJson(t.app, '/api/media', { key, filename: 'boiler.png', assetId: asset.id }, { cookie: admin }));
  const meter = await created(
    postJson(t.app, '/api/meters', { meterNumber: `${name}-GAS-zyxmeter`, type: 'gas', unit: 'm³', locationId: building.id }, { cookie: admin }),
  );
  return {
    site: site.id,
    building: building.id,
    asset: asset.id,
    assessment: assessment.id,
    action: action.id,
    media: media.id,
    meter: meter.id,
    code: asset.assetId as string,
  };
}

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.set(`${method} ${route.url}`, { permission: route.config?.permission, area: route.config?.area });
      }
    },
  });
  admin = (await registerUser(t.app, { role: 'org_admin' })).cookie;
  const registered = await registerUser(t.app, { role: 'area_manager', fullName: 'Nora North' });
  manager = { id: registered.user.id, cookie: registered.cookie };
  north = await estate('North');
  south = await estate('South');
  unplacedAction = (await created(postJson(t.app, '/api/actions', { title: 'Estate-wide policy review zyxaction', priority: 'low' }, { cookie: admin }))).id;
  const limited = await send('PATCH', `/api/users/${manager.id}`, admin, { areaLocationIds: [north.site] });
  expect(limited.statusCode, limited.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const ids = (res: LightMyRequestResponse) => res.json<Array<{ id: string }>>().map((r) => r.id);

describe('limiting an area manager', () => {
  it('shows the admin and the user which areas they work in', async () => {
    const me = await getJson(t.app, '/api/user', manager.cookie);
    expect(me.json<{ areas: unknown }>().areas).toEqual([{ id: north.site, name: 'North Site', path: 'North Site' }]);
    const list = await getJson(t.app, '/api/users?role=area_manager', admin);
    const row = list.json<{ items: Array<{ id: string; areas: Array<{ id: string }> }> }>().items.find((u) => u.id === manager.id);
    expect(row?.areas.map((a) => a.id)).toEqual([north.site]);
    const audit = await getJson(t.app, '/api/admin/audit', admin);
    expect(audit.body).toContain(`"after":{"area_location_ids":["${north.site}"]}`);
  });

  it('limits only area managers, to locations that exist, and lifts the limit with the role', async () => {
    const surveyor = (await registerUser(t.app, { role: 'surveyor' })).user.id;
    const refused = await send('PATCH', `/api/users/${surveyor}`, admin, { areaLocationIds: [north.site] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Only area managers can be limited to areas');

    const other = (await registerUser(t.app, { role: 'area_manager' })).user.id;
    const unknown = await send('PATCH', `/api/users/${other}`, admin, { areaLocationIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toBe('Location not found');
    expect((await send('PATCH', `/api/users/${other}`, admin, { areaLocationIds: ['not-a-uuid'] })).statusCode).toBe(400);

    const both = await send('PATCH', `/api/users/${other}`, admin, { areaLocationIds: [south.site, north.building, north.site, north.site] });
    expect(both.json<{ areas: Array<{ name: string }> }>().areas.map((a) => a.name)).toEqual(['North Site', 'South Site']);
    const promoted = await send('PATCH', `/api/users/${other}`, admin, { role: 'asset_manager' });
    expect(promoted.json<{ areas: unknown[] }>().areas).toEqual([]);
  });

  it('is refused to anyone but an org admin', async () => {
    const res = await send('PATCH', `/api/users/${manager.id}`, manager.cookie, { areaLocationIds: [] });
    expect(res.statusCode).toBe(403);
  });

  it('takes effect on the user’s next request, without signing in again', async () => {
    const otherManager = await registerUser(t.app, { role: 'area_manager' });
    const before = await getJson(t.app, '/api/assets', otherManager.cookie);
    expect(ids(before)).toEqual(expect.arrayContaining([north.asset, south.asset]));
    await send('PATCH', `/api/users/${otherManager.user.id}`, admin, { areaLocationIds: [south.building] });
    expect(ids(await getJson(t.app, '/api/assets', otherManager.cookie))).toEqual([south.asset]);
    await send('PATCH', `/api/users/${otherManager.user.id}`, admin, { areaLocationIds: [] });
    expect(ids(await getJson(t.app, '/api/assets', otherManager.cookie))).toEqual(expect.arrayContaining([north.asset, south.asset]));
  });
});

describe('what a limited area manager sees', () => {
  it('lists only the locations, assets, actions and meters in their areas', async () => {
    expect(ids(await getJson(t.app, '/api/locations', manager.cookie))).toEqual([north.site, north.building]);
    const summary = await getJson(t.app, '/api/locations/summary', manager.cookie);
    expect(summary.json<Array<{ total: number }>>().map((g) => g.total)).toEqual([1, 1]);
    expect(ids(await getJson(t.app, '/api/assets', manager.cookie))).toEqual([north.asset]);
    expect(ids(await getJson(t.app, '/api/assets?search=boiler', manager.cookie))).toEqual([north.asset]);
    expect(ids(await getJson(t.app, `/api/assets?locationId=${south.site}`, manager.cookie))).toEqual([]);
    expect(ids(await getJson(t.app, '/api/actions', manager.cookie))).toEqual([north.action]);
    expect(ids(await getJson(t.app, '/api/actions?search=zyxaction', manager.cookie))).toEqual([north.action]);
    expect(ids(await getJson(t.app, '/api/meters', manager.cookie))).toEqual([north.meter]);
  });

  it('finds only their areas’ records in the global search, corrections included', async () => {
    for (const q of ['boiler', 'zyxmeter', 'zyxaction', south.code, 'zyxsouht']) {
      const res = await getJson(t.app, `/api/search?q=${encodeURIComponent(q)}`, manager.cookie);
      const body = res.json<{ assets: Array<{ id: string }>; actions: Array<{ id: string }>; meters: Array<{ id: string }> }>();
      const found = [...body.assets, ...body.actions, ...body.meters].map((r) => r.id);
      for (const outside of [south.asset, south.action, south.meter, unplacedAction]) expect(found, q).not.toContain(outside);
    }
    const boiler = (await getJson(t.app, '/api/search?q=boiler', manager.cookie)).json<{ assets: Array<{ id: string }>; totals: { assets: number } }>();
    expect(boiler.assets.map((a) => a.id)).toEqual([north.asset]);
    expect(boiler.totals.assets).toBe(1);
    // The admin still finds both.
    const everyone = (await getJson(t.app, '/api/search?q=boiler', admin)).json<{ totals: { assets: number } }>();
    expect(everyone.totals.assets).toBe(2);
  });

  it('counts only their areas on the dashboard', async () => {
    const mine = (await getJson(t.app, '/api/dashboard/stats', manager.cookie)).json<Record<string, unknown>>();
    const all = (await getJson(t.app, '/api/dashboard/stats', admin)).json<Record<string, unknown>>();
    expect(mine).toMatchObject({ totalAssets: 1, needsAttention: 1, openActions: 1, highPriorityOpenActions: 1 });
    expect(mine.conditionBreakdown).toEqual({ excellent: 0, good: 0, fair: 0, poor: 1, unsafe: 0 });
    expect(all).toMatchObject({ totalAssets: 2, openActions: 3 });
  });

  it('does not find a record outside their areas, by any route', async () => {
    const outside = [
      `/api/locations/${south.site}`,
      `/api/assets/${south.asset}`,
      `/api/assets/${south.asset}/history`,
      `/api/assessments?assetId=${south.asset}`,
      `/api/actions/${south.action}`,
      `/api/actions/${unplacedAction}`,
      `/api/media?assetId=${south.asset}`,
      `/api/media/${south.media}/file`,
      `/api/media/${south.media}/thumbnail`,
      `/api/meters/${south.meter}`,
      `/api/meters/${south.meter}/readings`,
    ];
    for (const url of outside) expect((await getJson(t.app, url, manager.cookie)).statusCode, url).toBe(404);
    for (const url of outside.map((u) => u.replaceAll(south.site, north.site).replaceAll(south.asset, north.asset).replaceAll(south.action, north.action)
      .replaceAll(south.media, north.media).replaceAll(south.meter, north.meter)).filter((u) => !u.includes(unplacedAction))) {
      expect((await getJson(t.app, url, manager.cookie)).statusCode, url).toBe(200);
    }
  });
});

describe('what a limited area manager may change', () => {
  const refusal = 'Your access is limited to North Site. Ask an organisation admin if you need more.';
  const expectRefused = async (res: Promise<LightMyRequestResponse>, status = 403) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    if (status === 403) expect(r.json<{ message: string }>().message).toBe(refusal);
  };

  it('creates records inside their areas', async () => {
    const room = await created(send('POST', '/api/locations', manager.cookie, { name: 'Boiler Room', type: 'floor', parentId: north.building }));
    const asset = await created(send('POST', '/api/assets', manager.cookie, { locationId: room.id, type: 'hvac', condition: 'good' }));
    await created(send('POST', '/api/assessments', manager.cookie, { assetId: asset.id, condition: 'good' }));
    await created(send('POST', '/api/actions', manager.cookie, { title: 'Bleed pump', priority: 'low', assetId: asset.id }));
    await created(send('POST', '/api/actions', manager.cookie, { title: 'Re-test', priority: 'low', assessmentId: north.assessment }));
    const key = await uploadLocal(t.app, manager.cookie, await png(), 'image/png');
    await created(send('POST', '/api/media', manager.cookie, { key, filename: 'pump.png', assetId: asset.id }));
    const meter = await created(send('POST', '/api/meters', manager.cookie, { meterNumber: 'N-ELEC-1', type: 'electricity', unit: 'kWh', locationId: room.id }));
    await created(send('POST', '/api/meter-readings', manager.cookie, { meterId: meter.id, reading: 5, readingDate: '2026-01-01T08:00:00Z' }));
    expect((await send('PATCH', `/api/actions/${north.action}`, manager.cookie, { status: 'in_progress' })).statusCode).toBe(200);
  });

  it('refuses to create anything outside them, or belonging to no area', async () => {
    await expectRefused(send('POST', '/api/locations', manager.cookie, { name: 'Annexe', type: 'site' }));
    await expectRefused(send('POST', '/api/locations', manager.cookie, { name: 'Annexe', type: 'building', parentId: south.site }));
    await expectRefused(send('POST', '/api/assets', manager.cookie, { locationId: south.building, type: 'hvac', condition: 'good' }));
    await expectRefused(send('POST', '/api/assessments', manager.cookie, { assetId: south.asset, condition: 'good' }));
    await expectRefused(send('POST', '/api/actions', manager.cookie, { title: 'Outside', priority: 'low', assetId: south.asset }));
    await expectRefused(send('POST', '/api/actions', manager.cookie, { title: 'Outside', priority: 'low', assessmentId: south.assessment }));
    await expectRefused(send('POST', '/api/actions', manager.cookie, { title: 'Nowhere', priority: 'low' }));
    const key = await uploadLocal(t.app, manager.cookie, await png(), 'image/png');
    await expectRefused(send('POST', '/api/media', manager.cookie, { key, filename: 'x.png', assetId: south.asset }));
    await expectRefused(send('POST', '/api/media', manager.cookie, { key, filename: 'x.png', actionId: unplacedAction }));
    await expectRefused(send('POST', '/api/meters', manager.cookie, { meterNumber: 'S-ELEC-9', type: 'electricity', unit: 'kWh', locationId: south.site }));
    await expectRefused(send('POST', '/api/meter-readings', manager.cookie, { meterId: south.meter, reading: 5, readingDate: '2026-01-01T08:00:00Z' }));
    await expectRefused(send('POST', '/api/reports/export', manager.cookie, { reportType: 'asset_register', format: 'csv', locationId: south.site }));
  });

  it('does not hand back an asset outside them for a repeated client id', async () => {
    const clientAssetId = crypto.randomUUID();
    await created(postJson(t.app, '/api/assets', { clientAssetId, locationId: south.site, type: 'roof', condition: 'good' }, { cookie: admin }));
    const res = await send('POST', '/api/assets', manager.cookie, { clientAssetId, locationId: north.site, type: 'roof', condition: 'good' });
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toContain(south.site);
  });

  it('refuses to change a record outside them, or to move one out', async () => {
    await expectRefused(send('PATCH', `/api/assets/${south.asset}`, manager.cookie, { make: 'Moved' }), 404);
    await expectRefused(send('PATCH', `/api/locations/${south.site}`, manager.cookie, { name: 'Mine now' }), 404);
    await expectRefused(send('PATCH', `/api/actions/${south.action}`, manager.cookie, { status: 'completed' }), 404);
    await expectRefused(send('PATCH', `/api/actions/${unplacedAction}`, manager.cookie, { status: 'completed' }), 404);
    await expectRefused(send('DELETE', `/api/media/${south.media}`, manager.cookie), 404);
    const mine = await created(send('POST', '/api/assets', manager.cookie, { locationId: north.site, type: 'roof', condition: 'good' }));
    await expectRefused(send('PATCH', `/api/assets/${mine.id}`, manager.cookie, { locationId: south.building }));
    expect((await send('PATCH', `/api/assets/${mine.id}`, manager.cookie, { locationId: north.building })).statusCode).toBe(200);
    await expectRefused(send('PATCH', `/api/actions/${north.action}`, manager.cookie, { assetId: south.asset }));
    await expectRefused(send('PATCH', `/api/actions/${north.action}`, manager.cookie, { assetId: null, assessmentId: null }));
    // The admin's view: nothing changed in the South.
    const southAsset = (await getJson(t.app, `/api/assets/${south.asset}`, admin)).json<{ make: string | null }>();
    expect(southAsset.make).not.toBe('Moved');
    expect((await getJson(t.app, `/api/actions/${north.action}`, admin)).json<{ assetId: string }>().assetId).toBe(north.asset);
  });

  it('exports only their areas', async () => {
    const res = await send('POST', '/api/reports/export', manager.cookie, { reportType: 'asset_register', format: 'csv' });
    expect(res.statusCode, res.body).toBe(201);
    const file = await t.app.inject({ method: 'GET', url: res.json<{ downloadUrl: string }>().downloadUrl, headers: { cookie: manager.cookie } });
    expect(file.body).toContain(north.code);
    expect(file.body).not.toContain(south.code);
  });
});

describe('every register route', () => {
  it('declares what an area manager limited to areas reaches through it', () => {
    const bound = [...routes].filter(([, r]) => r.permission && !['public', 'signed-in', 'user.manage', 'settings.manage', 'backup.manage', 'register.import'].includes(r.permission));
    expect(bound.length).toBeGreaterThan(35);
    expect(bound.filter(([, r]) => !r.area).map(([route]) => route)).toEqual([]);
  });

  it('cannot be added without that decision', async () => {
    const other = await createTestApp();
    try {
      expect(() => other.app.get('/api/unbounded', { config: { permission: 'register.read' } }, async () => ({}))).toThrow(/declares no area rule/);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

// Last: it adds assets, which the counts above do not expect.
describe('a limited area manager’s lists, page by page', () => {
  it('pages through their assets and actions, filtered or not, as the whole list of their areas', async () => {
    for (const condition of ['good', 'poor', 'good']) {
      await created(postJson(t.app, '/api/assets', { locationId: north.building, type: 'pc', condition, status: 'active', description: 'North desk' }, { cookie: admin }));
      await created(postJson(t.app, '/api/assets', { locationId: south.building, type: 'pc', condition, status: 'active', description: 'South desk' }, { cookie: admin }));
    }
    const pages = async (query: string, cookie: string) => {
      const items: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await getJson(t.app, `${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`, cookie);
        expect(res.statusCode, res.body).toBe(200);
        items.push(...ids(res));
        cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      } while (cursor);
      return items;
    };
    // What the manager asks for, and the same part of the estate as the admin asks for it.
    for (const [filter, inNorth] of [
      ['', `locationId=${north.site}`],
      ['condition=poor', `locationId=${north.site}&condition=poor`],
      [`locationId=${north.building}`, `locationId=${north.building}`],
      ['type=pc&status=active', `locationId=${north.site}&type=pc&status=active`],
    ]) {
      const expected = await pages(`/api/assets?${inNorth}`, admin);
      expect(expected.length, filter).toBeGreaterThan(1);
      expect(await pages(`/api/assets?${filter}`, manager.cookie), filter).toEqual(expected);
    }
    expect(await pages(`/api/assets?locationId=${south.building}`, manager.cookie)).toEqual([]);
    const northAssets = new Set(await pages(`/api/assets?locationId=${north.site}`, admin));
    const everyAction = (await getJson(t.app, '/api/actions?limit=200', admin)).json<Array<{ id: string; assetId: string | null }>>();
    const northActions = everyAction.filter((a) => a.assetId !== null && northAssets.has(a.assetId)).map((a) => a.id);
    expect(northActions).toContain(north.action);
    expect(await pages('/api/actions?', manager.cookie)).toEqual(northActions);
  });
});
