import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation, type LocationRow } from '../../../../tests/factories/register';
import { assets } from '../../db/schema';
import { OFFLINE_COPY_ASSETS_MAX, offlineCopyPath, type OfflineCopy } from '../../../shared/contract/offline-copy';

/** GET /api/locations/{id}/offline-copy (ADR 028): a site's assets, kept on a phone before going offline. */

let t: TestApp;
let admin: string;
let userId: string;
let site: LocationRow;
let floor: LocationRow;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: admin, user: { id: userId } } = await registerUser(t.app, { role: 'org_admin' }));
  site = await insertLocation(t.db, { name: 'Offline Depot' });
  const building = await insertLocation(t.db, { name: 'Block B', parent: site });
  floor = await insertLocation(t.db, { name: 'Basement', parent: building });
  await insertAsset(t.db, userId, { location: site, description: 'Gate' });
  await insertAsset(t.db, userId, { location: floor, description: 'Boiler', make: 'Ideal', customFields: { kW: 40 } });
  const elsewhere = await insertLocation(t.db, { name: 'Elsewhere' });
  await insertAsset(t.db, userId, { location: elsewhere, description: 'Not this one' });
});
afterAll(() => t?.close());

describe('GET /api/locations/{id}/offline-copy', () => {
  it('holds every asset in the location and inside it, each as its own page reads it', async () => {
    const res = await getJson(t.app, offlineCopyPath(site.id), admin);
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json<OfflineCopy>();
    expect(copy.location).toEqual({ id: site.id, name: 'Offline Depot', path: site.path });
    expect(copy.assets.map((a) => a.description).sort()).toEqual(['Boiler', 'Gate']);
    for (const asset of copy.assets) {
      expect(asset).toEqual((await getJson(t.app, `/api/assets/${asset.id}`, admin)).json());
    }
    const basement = (await getJson(t.app, offlineCopyPath(floor.id), admin)).json<OfflineCopy>();
    expect(basement.assets.map((a) => a.description)).toEqual(['Boiler']);
  });

  it('is not found for an unknown location, or one outside an area manager’s areas', async () => {
    expect((await getJson(t.app, offlineCopyPath('00000000-0000-4000-8000-000000000000'), admin)).statusCode).toBe(404);
    expect((await getJson(t.app, offlineCopyPath('nope'), admin)).statusCode).toBe(404);
    const manager = await registerUser(t.app, { role: 'area_manager' });
    const theirs = await insertLocation(t.db, { name: 'Their Site' });
    expect((await sendAs(t.app, admin, 'PATCH', `/api/users/${manager.user.id}`, { areaLocationIds: [theirs.id] })).statusCode).toBe(200);
    expect((await getJson(t.app, offlineCopyPath(site.id), manager.cookie)).statusCode).toBe(404);
    expect((await getJson(t.app, offlineCopyPath(theirs.id), manager.cookie)).json<OfflineCopy>().assets).toEqual([]);
  });

  it(`refuses a location of more than ${OFFLINE_COPY_ASSETS_MAX} assets, saying what to choose instead`, async () => {
    const big = await insertLocation(t.db, { name: 'Big Region' });
    await t.db.insert(assets).values(
      Array.from({ length: OFFLINE_COPY_ASSETS_MAX + 1 }, () => ({ type: 'other' as const, condition: 'good' as const, locationId: big.id, locationPath: big.path, createdBy: userId })),
    );
    const res = await getJson(t.app, offlineCopyPath(big.id), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Big Region holds more than 5,000 assets, too many to keep on a device: choose a building or floor inside it');
  });
});
