import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdBy, createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation, type AssetRow, type LocationRow } from '../../../../tests/factories/register';
import { actions, assets, meters } from '../../db/schema';
import { OFFLINE_COPY_ACTIONS_MAX, OFFLINE_COPY_ASSETS_MAX, OFFLINE_COPY_METERS_MAX, offlineCopyPath, type OfflineCopy } from '../../../shared/contract/offline-copy';
import { METER_READINGS_PAGE_SIZE } from '../../../shared/domain/meters';
import type { ActionStatus } from '../../../shared/domain/actions';

/** GET /api/locations/{id}/offline-copy (ADR 028): a site's assets, meters and open actions, kept on a phone before going offline. */

let t: TestApp;
let admin: string;
let userId: string;
let site: LocationRow;
let building: LocationRow;
let floor: LocationRow;
let boiler: AssetRow;
let gate: AssetRow;
let elsewhereAsset: AssetRow;
let elsewhere: LocationRow;

const addMeter = (meterNumber: string, location: LocationRow, multiplier = 1) =>
  createdBy(sendAs(t.app, admin, 'POST', '/api/meters', { meterNumber, type: 'electricity', unit: 'kWh', multiplier, locationId: location.id }));
const addReading = (meterId: string, reading: number, day: number, confirmReset = false) =>
  createdBy(sendAs(t.app, admin, 'POST', '/api/meter-readings', { meterId, reading, readingDate: new Date(Date.UTC(2026, 0, day)).toISOString(), confirmReset }));
const addAction = (title: string, assetId: string | null, status: ActionStatus = 'open') =>
  createdBy(sendAs(t.app, admin, 'POST', '/api/actions', { title, assetId, priority: 'high', status }));

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: admin, user: { id: userId } } = await registerUser(t.app, { role: 'org_admin' }));
  site = await insertLocation(t.db, { name: 'Offline Depot' });
  building = await insertLocation(t.db, { name: 'Block B', parent: site });
  floor = await insertLocation(t.db, { name: 'Basement', parent: building });
  gate = await insertAsset(t.db, userId, { location: site, description: 'Gate' });
  boiler = await insertAsset(t.db, userId, { location: floor, description: 'Boiler', make: 'Ideal', customFields: { kW: 40 } });
  elsewhere = await insertLocation(t.db, { name: 'Elsewhere' });
  elsewhereAsset = await insertAsset(t.db, userId, { location: elsewhere, description: 'Not this one' });
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

  it('holds every meter inside with its latest readings, each as its own pages read them', async () => {
    const main = await addMeter('OC-MAIN', site);
    const sub = await addMeter('OC-SUB', floor);
    const full = await addMeter('OC-FULL', building);
    const flow = await addMeter('OC-FLOW', floor, 10);
    await addMeter('OC-OTHER', elsewhere);
    // More than a page; exactly a page; none (OC-SUB); and one with readings of the same date and a reset.
    for (let day = 1; day <= METER_READINGS_PAGE_SIZE + 2; day++) await addReading(main.id, day * 10, day);
    for (let day = 1; day <= METER_READINGS_PAGE_SIZE; day++) await addReading(full.id, day * 5, day);
    for (const [reading, day, confirmReset] of [[100, 1, false], [150, 2, false], [160, 2, false], [3, 3, true], [40, 4, false]] as const) {
      await addReading(flow.id, reading, day, confirmReset);
    }
    const copy = (await getJson(t.app, offlineCopyPath(site.id), admin)).json<OfflineCopy>();
    expect(copy.meters.map((m) => m.meterNumber)).toEqual(['OC-FLOW', 'OC-FULL', 'OC-MAIN', 'OC-SUB']);
    for (const meter of copy.meters) expect(meter).toEqual((await getJson(t.app, `/api/meters/${meter.id}`, admin)).json());
    expect(copy.readings.map((r) => r.meterId)).toEqual([flow.id, full.id, main.id, sub.id]);
    // The first page of each history, with its cursor, as the meter page asks for it online.
    for (const kept of copy.readings) {
      const firstPage = await getJson(t.app, `/api/meters/${kept.meterId}/readings?limit=${METER_READINGS_PAGE_SIZE}`, admin);
      expect(kept.items).toEqual(firstPage.json());
      expect(kept.nextCursor).toBe(firstPage.headers['x-next-cursor'] ?? null);
    }
    const pageOf = (meterId: string) => copy.readings.find((r) => r.meterId === meterId)!;
    expect(pageOf(main.id).items).toHaveLength(METER_READINGS_PAGE_SIZE);
    expect(pageOf(main.id).nextCursor).not.toBeNull();
    expect(pageOf(full.id).items).toHaveLength(METER_READINGS_PAGE_SIZE);
    expect(pageOf(full.id).nextCursor).toBeNull();
    expect(pageOf(sub.id)).toEqual({ meterId: sub.id, items: [], nextCursor: null });
    // Consumption from the reading before each (by date, then id), none across the reset, times the multiplier.
    const flowItems = pageOf(flow.id).items;
    expect(flowItems).toHaveLength(5);
    expect(flowItems.slice(0, 2).map((r) => [r.reading, r.consumption])).toEqual([[40, 370], [3, null]]);
    expect(flowItems.at(-1)).toMatchObject({ reading: 100, consumption: null });
    // The kept cursor continues where the page stopped, as the online one does.
    const rest = await getJson(t.app, `/api/meters/${main.id}/readings?limit=${METER_READINGS_PAGE_SIZE}&cursor=${pageOf(main.id).nextCursor}`, admin);
    expect(rest.json<{ reading: number; consumption: number | null }[]>().map((r) => [r.reading, r.consumption])).toEqual([[20, 10], [10, null]]);
    const basement = (await getJson(t.app, offlineCopyPath(floor.id), admin)).json<OfflineCopy>();
    expect(basement.meters.map((m) => m.meterNumber)).toEqual(['OC-FLOW', 'OC-SUB']);
  });

  it('holds the actions not done on the assets inside, each as its own page reads it; not done ones, nor others', async () => {
    await addAction('Bleed radiators', boiler.id, 'open');
    await addAction('Order a part', boiler.id, 'waiting');
    await addAction('Oil the hinges', gate.id, 'in_progress');
    for (const status of ['completed', 'verified', 'closed'] as const) await addAction(`Done: ${status}`, boiler.id, status);
    await addAction('On no asset', null);
    await addAction('Elsewhere', elsewhereAsset.id);
    const copy = (await getJson(t.app, offlineCopyPath(site.id), admin)).json<OfflineCopy>();
    expect(copy.actions.map((a) => a.title).sort()).toEqual(['Bleed radiators', 'Oil the hinges', 'Order a part']);
    for (const action of copy.actions) expect(action).toEqual((await getJson(t.app, `/api/actions/${action.id}`, admin)).json());
    const basement = (await getJson(t.app, offlineCopyPath(floor.id), admin)).json<OfflineCopy>();
    expect(basement.actions.map((a) => a.title).sort()).toEqual(['Bleed radiators', 'Order a part']);
  });

  it('is not found for an unknown location, or one outside an area manager’s areas', async () => {
    expect((await getJson(t.app, offlineCopyPath('00000000-0000-4000-8000-000000000000'), admin)).statusCode).toBe(404);
    expect((await getJson(t.app, offlineCopyPath('nope'), admin)).statusCode).toBe(404);
    const manager = await registerUser(t.app, { role: 'area_manager' });
    const theirs = await insertLocation(t.db, { name: 'Their Site' });
    expect((await sendAs(t.app, admin, 'PATCH', `/api/users/${manager.user.id}`, { areaLocationIds: [theirs.id] })).statusCode).toBe(200);
    expect((await getJson(t.app, offlineCopyPath(site.id), manager.cookie)).statusCode).toBe(404);
    expect((await getJson(t.app, offlineCopyPath(theirs.id), manager.cookie)).json<OfflineCopy>()).toMatchObject({ assets: [], meters: [], readings: [], actions: [] });
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

  it(`refuses a location of more than ${OFFLINE_COPY_METERS_MAX} meters, saying what to choose instead`, async () => {
    const big = await insertLocation(t.db, { name: 'Metered Region' });
    await t.db.insert(meters).values(
      Array.from({ length: OFFLINE_COPY_METERS_MAX + 1 }, (_, i) => ({ meterNumber: `BIG-${i}`, type: 'water' as const, unit: 'L', locationId: big.id, locationPath: big.path })),
    );
    const res = await getJson(t.app, offlineCopyPath(big.id), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Metered Region holds more than 1,000 meters, too many to keep on a device: choose a building or floor inside it');
  });

  it(`refuses a location of more than ${OFFLINE_COPY_ACTIONS_MAX} open actions, though done ones do not count`, async () => {
    const big = await insertLocation(t.db, { name: 'Busy Region' });
    const [asset] = await t.db.insert(assets).values({ type: 'other', condition: 'good', locationId: big.id, locationPath: big.path, createdBy: userId }).returning({ id: assets.id });
    const some = (count: number, status: ActionStatus) =>
      Array.from({ length: count }, () => ({ title: 'Remedial work', priority: 'low' as const, status, assetId: asset!.id, createdBy: userId }));
    await t.db.insert(actions).values([...some(OFFLINE_COPY_ACTIONS_MAX, 'open'), ...some(10, 'closed')]);
    expect((await getJson(t.app, offlineCopyPath(big.id), admin)).statusCode).toBe(200);
    await t.db.insert(actions).values({ title: 'One too many', priority: 'low', status: 'waiting', assetId: asset!.id, createdBy: userId });
    const res = await getJson(t.app, offlineCopyPath(big.id), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Busy Region holds more than 5,000 open actions, too many to keep on a device: choose a building or floor inside it');
  });
});
