import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { locations } from '../../db/schema';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import type { Asset, Location, LocationSummary } from '../../../shared/contract';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await registerUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

const createLocation = (body: Record<string, unknown>) => postJson(t.app, '/api/locations', body, { cookie });
async function location(body: Record<string, unknown>): Promise<Location> {
  const res = await createLocation(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Location>();
}
const patchLocation = (id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/locations/${id}`, headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify(body) });

/** organisation → region → site → building → floor → area, with a unique top name per call. */
async function tree(top: string) {
  const org = await location({ name: top, type: 'organisation' });
  const region = await location({ name: 'North', type: 'region', parentId: org.id });
  const site = await location({ name: 'Leeds Depot', type: 'site', parentId: region.id });
  const building = await location({ name: 'Block A', type: 'building', parentId: site.id });
  const floor = await location({ name: 'Ground', type: 'floor', parentId: building.id });
  const area = await location({ name: 'Plant Room', type: 'area', parentId: floor.id });
  return { org, region, site, building, floor, area };
}

describe('POST /api/locations', () => {
  it('builds a six-level tree with full paths and ancestor ids', async () => {
    const { org, region, site, building, floor, area } = await tree('Acme Estates');
    expect(org).toMatchObject({ name: 'Acme Estates', type: 'organisation', parentId: null, path: 'Acme Estates' });
    expect(site).toMatchObject({ parentId: region.id, path: 'Acme Estates / North / Leeds Depot' });
    expect(area.path).toBe('Acme Estates / North / Leeds Depot / Block A / Ground / Plant Room');
    expect(Object.keys(area).sort()).toEqual(
      ['code', 'createdAt', 'createdBy', 'description', 'gpsLat', 'gpsLon', 'id', 'metadata', 'name', 'parentId', 'path', 'type', 'updatedAt'].sort(),
    );
    const [stored] = await t.db.select().from(locations).where(eq(locations.id, area.id));
    expect(stored!.ancestorIds).toEqual([org.id, region.id, site.id, building.id, floor.id]);
  });

  it('stores optional fields, trims text and round-trips metadata', async () => {
    const loc = await location({
      name: '  HQ  ',
      type: 'site',
      code: 'HQ-1',
      description: 'Head office',
      gpsLat: '53.8008',
      gpsLon: '-1.5491',
      metadata: { 'Opening hours': '8-18', Manager: 'J. Smith' },
    });
    expect(loc).toMatchObject({ name: 'HQ', path: 'HQ', code: 'HQ-1', gpsLat: '53.8008', gpsLon: '-1.5491' });
    const fetched = await getJson(t.app, `/api/locations/${loc.id}`, cookie);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json<Location>().metadata).toEqual({ 'Opening hours': '8-18', Manager: 'J. Smith' });
  });

  it('ignores client-sent path, id and times', async () => {
    const fakeId = '00000000-0000-4000-8000-000000000001';
    const loc = await location({ name: 'Spoof', type: 'organisation', id: fakeId, path: 'Hacked / Path', createdAt: '2000-01-01T00:00:00Z' });
    expect(loc.id).not.toBe(fakeId);
    expect(loc.path).toBe('Spoof');
    expect(loc.createdAt).not.toMatch(/^2000/);
  });

  it('refuses a parent that does not exist', async () => {
    const res = await createLocation({ name: 'Orphan', type: 'site', parentId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Parent location not found');
  });

  it('refuses a malformed parentId with 400', async () => {
    const res = await createLocation({ name: 'Orphan', type: 'site', parentId: 'not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.parentId).toBeTruthy();
  });

  it('refuses a type that is not below its parent in the hierarchy', async () => {
    const org = await location({ name: 'Nesting Ltd', type: 'organisation' });
    const site = await location({ name: 'Site X', type: 'site', parentId: org.id });
    const building = await location({ name: 'Building X', type: 'building', parentId: site.id });

    const under = await createLocation({ name: 'Wrong', type: 'site', parentId: building.id });
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe('A site cannot be placed under a building');

    const same = await createLocation({ name: 'Wrong', type: 'building', parentId: building.id });
    expect(same.json().message).toBe('A building cannot be placed under a building');

    const orgUnder = await createLocation({ name: 'Wrong', type: 'organisation', parentId: org.id });
    expect(orgUnder.statusCode).toBe(400);
    expect(orgUnder.json().message).toBe('An organisation cannot be placed under an organisation');

    // Skipping levels downwards is fine: an area directly in a site.
    expect((await createLocation({ name: 'Yard', type: 'area', parentId: site.id })).statusCode).toBe(201);
  });

  it('accepts any type without a parent', async () => {
    const floor = await location({ name: 'Loose floor', type: 'floor' });
    expect(floor).toMatchObject({ parentId: null, path: 'Loose floor' });
  });

  it('answers the spec messages for a missing name and type', async () => {
    const res = await createLocation({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: 'Name is required', type: 'Type is required' });
    const blank = await createLocation({ name: '   ', type: 'site' });
    expect(blank.json().errors.name).toBe('Name is required');
    const unknownType = await createLocation({ name: 'X', type: 'continent' });
    expect(unknownType.json().errors.type).toBe('Type is required');
  });

  it('refuses invalid coordinates and overlong text', async () => {
    const lat = await createLocation({ name: 'X', type: 'site', gpsLat: '91' });
    expect(lat.statusCode).toBe(400);
    expect(lat.json().errors.gpsLat).toBe('Latitude must be a number between -90 and 90');
    const lon = await createLocation({ name: 'X', type: 'site', gpsLon: 'east' });
    expect(lon.json().errors.gpsLon).toBe('Longitude must be a number between -180 and 180');
    const long = await createLocation({ name: 'x'.repeat(201), type: 'site' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.name).toBe('Name must be at most 200 characters');
  });

  it('answers 401 without a session', async () => {
    expect((await postJson(t.app, '/api/locations', { name: 'X', type: 'site' })).statusCode).toBe(401);
    expect((await getJson(t.app, '/api/locations')).statusCode).toBe(401);
    expect((await getJson(t.app, '/api/locations/summary')).statusCode).toBe(401);
  });
});

describe('GET /api/locations/{id}', () => {
  it('answers 404 for a missing or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "1' OR 1=1--"]) {
      const res = await getJson(t.app, `/api/locations/${encodeURIComponent(id)}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Location not found');
    }
  });
});

describe('GET /api/locations', () => {
  it('lists by path and filters by type, parent and search', async () => {
    const { org, region, site } = await tree('Zeta Holdings');
    await location({ name: 'South', type: 'region', parentId: org.id, code: 'SOUTH_1' });

    await location({ name: 'Porth01', type: 'organisation' });

    const all = (await getJson(t.app, '/api/locations', cookie)).json<Location[]>();
    expect(all.length).toBeGreaterThan(8);
    const zeta = all.filter((l) => l.path.startsWith('Zeta'));
    expect(zeta.map((l) => l.path)).toEqual([
      'Zeta Holdings',
      'Zeta Holdings / North',
      'Zeta Holdings / North / Leeds Depot',
      'Zeta Holdings / North / Leeds Depot / Block A',
      'Zeta Holdings / North / Leeds Depot / Block A / Ground',
      'Zeta Holdings / North / Leeds Depot / Block A / Ground / Plant Room',
      'Zeta Holdings / South',
    ]);

    const regions = (await getJson(t.app, `/api/locations?type=region&search=zeta`, cookie)).json<Location[]>();
    expect(regions.map((l) => l.path)).toEqual(['Zeta Holdings / North', 'Zeta Holdings / South']);
    expect((await getJson(t.app, `/api/locations?type=all&search=zeta`, cookie)).json<Location[]>()).toHaveLength(7);
    // Several types at once (a picker offering the possible parents of a floor).
    const parents = (await getJson(t.app, `/api/locations?type=site,building&search=zeta`, cookie)).json<Location[]>();
    expect(parents.map((l) => l.type)).toEqual(['site', 'building']);

    const children = (await getJson(t.app, `/api/locations?parentId=${region.id}`, cookie)).json<Location[]>();
    expect(children.map((l) => l.id)).toEqual([site.id]);

    const byCode = (await getJson(t.app, '/api/locations?search=south_1', cookie)).json<Location[]>();
    expect(byCode.map((l) => l.name)).toEqual(['South']);
    // '_' is literal: unescaped, 'th_1' would also match 'Porth01'.
    const underscore = (await getJson(t.app, '/api/locations?search=th_1', cookie)).json<Location[]>();
    expect(underscore.map((l) => l.name)).toEqual(['South']);
    expect((await getJson(t.app, '/api/locations?search=%25', cookie)).json<Location[]>()).toHaveLength(0);

    const limited = (await getJson(t.app, '/api/locations?search=zeta&limit=2', cookie)).json<Location[]>();
    expect(limited).toHaveLength(2);
  });

  it('refuses an unknown type and a bad limit', async () => {
    expect((await getJson(t.app, '/api/locations?type=galaxy', cookie)).statusCode).toBe(400);
    expect((await getJson(t.app, '/api/locations?limit=0', cookie)).statusCode).toBe(400);
    expect((await getJson(t.app, '/api/locations?parentId=x', cookie)).statusCode).toBe(400);
  });
});

describe('PATCH /api/locations/{id}', () => {
  it('renames: rewrites the paths below and the locationPath of assets in the subtree', async () => {
    const { org, region, site, area } = await tree('Rename Co');
    const other = await location({ name: 'Other region', type: 'region', parentId: org.id });
    const asset = async (locationId: string) => {
      const res = await postJson(t.app, '/api/assets', { locationId, type: 'hvac', condition: 'good' }, { cookie });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Asset>();
    };
    const inArea = await asset(area.id);
    const inSite = await asset(site.id);
    const elsewhere = await asset(other.id);

    const res = await patchLocation(region.id, { name: 'Northern Region', code: 'NR' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Location>()).toMatchObject({ name: 'Northern Region', code: 'NR', path: 'Rename Co / Northern Region' });

    const fetch = async (url: string) => (await getJson(t.app, url, cookie)).json();
    expect((await fetch(`/api/locations/${site.id}`)).path).toBe('Rename Co / Northern Region / Leeds Depot');
    expect((await fetch(`/api/locations/${area.id}`)).path).toBe('Rename Co / Northern Region / Leeds Depot / Block A / Ground / Plant Room');
    expect((await fetch(`/api/locations/${org.id}`)).path).toBe('Rename Co');
    expect((await fetch(`/api/assets/${inArea.id}`)).locationPath).toBe('Rename Co / Northern Region / Leeds Depot / Block A / Ground / Plant Room');
    expect((await fetch(`/api/assets/${inSite.id}`)).locationPath).toBe('Rename Co / Northern Region / Leeds Depot');
    expect((await fetch(`/api/assets/${elsewhere.id}`)).locationPath).toBe('Rename Co / Other region');
    // The search text follows the new path.
    const found = (await fetch('/api/assets?search=northern region')) as Asset[];
    expect(found.map((a) => a.id).sort()).toEqual([inArea.id, inSite.id].sort());

    // Renaming the top rewrites everything under it, names with multi-byte characters included.
    await patchLocation(org.id, { name: 'Rénamé Ço 🏢' });
    expect((await fetch(`/api/locations/${area.id}`)).path).toBe('Rénamé Ço 🏢 / Northern Region / Leeds Depot / Block A / Ground / Plant Room');
    expect((await fetch(`/api/assets/${elsewhere.id}`)).locationPath).toBe('Rénamé Ço 🏢 / Other region');
  });

  it('keeps paths consistent when renames race with creates of locations and assets below', async () => {
    const org = await location({ name: 'Race 0', type: 'organisation' });
    const region = await location({ name: 'Region', type: 'region', parentId: org.id });
    const work = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => createLocation({ name: `Site ${i}`, type: 'site', parentId: region.id })),
      ...Array.from({ length: 6 }, () => postJson(t.app, '/api/assets', { locationId: region.id, type: 'pc', condition: 'good' }, { cookie })),
      ...[1, 2, 3].map((n) => patchLocation(org.id, { name: `Race ${n}` })),
      patchLocation(region.id, { name: 'Renamed region' }),
    ]);
    expect(work.map((r) => r.statusCode).filter((s) => s >= 300)).toEqual([]);

    const finalTop = (await getJson(t.app, `/api/locations/${org.id}`, cookie)).json<Location>().name;
    const expected = `${finalTop} / Renamed region`;
    const below = (await getJson(t.app, `/api/locations?parentId=${region.id}`, cookie)).json<Location[]>();
    expect(below).toHaveLength(6);
    for (const site of below) expect(site.path).toBe(`${expected} / ${site.name}`);
    const assetsThere = (await getJson(t.app, `/api/assets?locationId=${region.id}`, cookie)).json<Asset[]>();
    expect(assetsThere).toHaveLength(6);
    for (const a of assetsThere) expect(a.locationPath).toBe(expected);
  });

  it('changes other fields without touching metadata or type that were not sent', async () => {
    const loc = await location({ name: 'Keep', type: 'site', metadata: { a: '1' }, code: 'K' });
    const res = await patchLocation(loc.id, { description: 'New text', type: 'organisation', parentId: loc.id });
    expect(res.statusCode).toBe(200);
    expect(res.json<Location>()).toMatchObject({ name: 'Keep', type: 'site', parentId: null, code: 'K', description: 'New text', metadata: { a: '1' } });
    const cleared = await patchLocation(loc.id, { code: '', metadata: {} });
    expect(cleared.json<Location>()).toMatchObject({ code: null, metadata: {} });
  });

  it('validates and answers 404 for a missing location', async () => {
    const loc = await location({ name: 'Valid', type: 'site' });
    const blank = await patchLocation(loc.id, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toBe('Name is required');
    expect((await patchLocation('00000000-0000-4000-8000-000000000000', { name: 'X' })).statusCode).toBe(404);
    expect((await patchLocation('bad-id', { name: 'X' })).statusCode).toBe(404);
  });
});

describe('GET /api/locations/summary', () => {
  it('gives per type, in hierarchy order, the total and the first 5 by path', async () => {
    // A fresh app, so the counts are exactly this test's.
    const own = await createTestApp();
    try {
      const { cookie: c } = await registerUser(own.app);
      const make = async (body: Record<string, unknown>) => (await postJson(own.app, '/api/locations', body, { cookie: c })).json<Location>();
      const org = await make({ name: 'Group', type: 'organisation', code: 'G' });
      for (const n of [7, 3, 5, 1, 6, 2, 4]) await make({ name: `Site ${n}`, type: 'site', parentId: org.id, code: `S${n}` });
      await make({ name: 'Floor only', type: 'floor' });

      const res = await getJson(own.app, '/api/locations/summary', c);
      expect(res.statusCode).toBe(200);
      const summary = res.json<LocationSummary>();
      expect(summary.map((g) => [g.type, g.total])).toEqual([
        ['organisation', 1],
        ['site', 7],
        ['floor', 1],
      ]);
      const sites = summary[1]!;
      expect(sites.preview.map((p) => p.name)).toEqual(['Site 1', 'Site 2', 'Site 3', 'Site 4', 'Site 5']);
      expect(sites.preview[0]).toMatchObject({ code: 'S1', path: 'Group / Site 1' });
      expect(Object.keys(sites.preview[0]!).sort()).toEqual(['code', 'id', 'name', 'path']);
    } finally {
      await own.close();
    }
  });

  it('is an empty list when there are no locations', async () => {
    const own = await createTestApp();
    try {
      const { cookie: c } = await registerUser(own.app);
      expect((await getJson(own.app, '/api/locations/summary', c)).json()).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
