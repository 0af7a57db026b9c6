import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertLocation, type LocationRow } from '../../../../tests/factories/register';
import { actions, assets, meters } from '../../db/schema';
import { SEARCH_COUNT_LIMIT, SEARCH_RESULTS_PER_LIST } from '../../../shared/domain/search';
import { assetsRepo } from '../assets/assets.repo';
import { actionsRepo } from '../actions/actions.repo';
import { eq } from 'drizzle-orm';
import { encodeCursor } from '../../db/keyset';
import { PgDialect } from 'drizzle-orm/pg-core';
import { assetSource } from '../assets/list-columns';
import { areaSearch, type AreaSearch } from './area-plan';
import { findMatches } from './matches';
import { matchOf } from './query';
import { globalSearch } from './global-search';

/**
 * An area manager's search is read one of two ways (area-plan.ts): a small area whole through the
 * location index, a large one as the estate is, each row's place tested against the area's
 * locations. Both must answer exactly what the estate's search answers, less the records outside
 * the area, in every list and in the global search (corrections included).
 *
 * Two regions: North with twelve sites (most of the estate: large), South with three; one site is
 * under a tenth of the locations (small). Each site has a building holding assets, actions and a
 * meter, created in turn across the sites so every area's records are spread through the lists.
 */

let t: TestApp;
let north: LocationRow;
let northSite: LocationRow;
let south: LocationRow;
/** Each record's id and the region and site it lies in. */
const placed = new Map<string, { region: string; site: string }>();
const assetIds = new Set<string>();
const buildings: Array<{ building: LocationRow; region: LocationRow; site: LocationRow }> = [];
const buildingsIn = (place: LocationRow) => buildings.filter((b) => b.site.id === place.id || b.region.id === place.id).map((b) => b.building);

const WORDS = ['pump', 'valve', 'boiler', 'chiller'];

beforeAll(async () => {
  t = await createTestApp();
  const { user } = await registerUser(t.app);
  north = await insertLocation(t.db, { name: 'North', type: 'region' });
  south = await insertLocation(t.db, { name: 'South', type: 'region' });
  for (const [region, count] of [[north, 12] as const, [south, 3] as const]) {
    for (let i = 0; i < count; i++) {
      const site = await insertLocation(t.db, { name: `${region.name} Site ${i + 1}`, type: 'site', parent: region });
      buildings.push({ building: await insertLocation(t.db, { name: `${region.name} House ${i + 1}`, type: 'building', parent: site }), region, site });
    }
  }
  northSite = buildings[0]!.site;
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 900 }, (_, i) => {
    const { building } = buildings[i % buildings.length]!;
    const words = WORDS.filter((_, k) => i % (k + 2) === 0);
    return {
      type: 'other' as const,
      condition: 'good' as const,
      locationId: building.id,
      locationPath: building.path,
      createdBy: user.id,
      description: words.join(' ') || null,
      createdAt: new Date(start + i * 60_000),
    };
  });
  const inserted = await t.db.insert(assets).values(rows).returning({ id: assets.id, locationId: assets.locationId, description: assets.description });
  const placeOf = (locationId: string) => {
    const found = buildings.find((b) => b.building.id === locationId)!;
    return { region: found.region.id, site: found.site.id };
  };
  for (const asset of inserted) placed.set(asset.id, placeOf(asset.locationId));
  for (const asset of inserted) assetIds.add(asset.id);
  const madeActions = await t.db
    .insert(actions)
    .values(inserted.filter((_, i) => i % 2 === 0).map((asset, i) => ({ assetId: asset.id, title: `Service ${asset.description ?? 'check'}`, priority: 'high' as const, createdBy: user.id, createdAt: new Date(start + i * 60_000) })))
    .returning({ id: actions.id, assetId: actions.assetId });
  for (const action of madeActions) placed.set(action.id, placed.get(action.assetId!)!);
  const madeMeters = await t.db
    .insert(meters)
    .values(buildings.map(({ building }, i) => ({ meterNumber: `PUMP-${i}`, type: 'water' as const, unit: 'm³', locationId: building.id, locationPath: building.path })))
    .returning({ id: meters.id, locationId: meters.locationId });
  for (const meter of madeMeters) placed.set(meter.id, placeOf(meter.locationId));
  await t.db.execute('ANALYZE assets, actions, meters, locations');
});
afterAll(() => t.close());

const inArea = (roots: string[]) => (id: string) => {
  const place = placed.get(id)!;
  return roots.includes(place.region) || roots.includes(place.site);
};
const idsOf = (rows: { json: string }[]) => rows.map((row) => (JSON.parse(row.json) as { id: string }).id);

describe('an area manager’s search', () => {
  it('reaches a site directly and reads a region as the estate is read', async () => {
    const testOf = (area: AreaSearch) => new PgDialect().sqlToQuery(area.inPlaces(assets)).sql;
    const site = await areaSearch(t.db, [northSite.id]);
    expect(testOf(site)).toContain('area_locations');
    expect(site.planning('assets')).toEqual({ share: expect.closeTo(1 / 15, 2), reachedDirectly: true });
    expect(site.planning('meters')).toEqual({ share: expect.closeTo(1 / 15, 2), reachedDirectly: true });
    const region = await areaSearch(t.db, [north.id]);
    expect(testOf(region)).toContain('"place_ids" &&');
    expect(region.planning('assets').share).toBeCloseTo(12 / 15, 2);
    expect(region.planning('meters').share).toBeCloseTo(12 / 15, 2);
  });

  it('reads a small area whole for a common word, and a rare word’s few records through its index', async () => {
    const site = await areaSearch(t.db, [northSite.id]);
    const inSite = [...placed].find(([id, place]) => place.site === northSite.id && assetIds.has(id))![0];
    const [first] = await t.db.select({ code: assets.assetId }).from(assets).where(eq(assets.id, inSite));
    const planFor = async (q: string) => {
      const [found] = await findMatches(t.db, [{ source: assetSource, match: matchOf(q), where: site.inPlaces(assets), filtered: true, ...site.planning('assets'), rows: 51 }]);
      return found!;
    };
    expect((await planFor('pump')).plan).toEqual({ kind: 'scan' });
    const rare = await planFor(first!.code);
    expect(rare.plan.kind).toBe('bitmap');
    expect(idsOf(rare.rows)).toHaveLength(1);
  });

  for (const [name, roots] of [
    ['a site (small)', () => [northSite.id]],
    ['a region (large)', () => [north.id]],
    ['two areas', () => [northSite.id, south.id]],
  ] as const) {
    it(`lists the estate’s matches inside ${name}, in order, and nothing else`, async () => {
      const assetList = assetsRepo(t.db);
      const actionList = actionsRepo(t.db, () => new Date());
      for (const q of [...WORDS, 'pump valve', 'house 1', 'zzqq']) {
        const everywhere = idsOf(await assetList.list({ search: q, limit: 1_000 })).filter(inArea(roots()));
        expect(idsOf(await assetList.list({ search: q, limit: 50, areaRoots: roots() })), q).toEqual(everywhere.slice(0, 51));
        const everyAction = idsOf(await actionList.list({ search: q }, 1_000)).filter(inArea(roots()));
        expect(idsOf(await actionList.list({ search: q, areaRoots: roots() }, 50)), q).toEqual(everyAction.slice(0, 51));
      }
      // The next page, after a cursor: the estate's next matches in the areas.
      const everyPump = idsOf(await assetList.list({ search: 'pump', limit: 1_000 })).filter(inArea(roots()));
      const first = (await assetList.list({ search: 'pump', limit: 5, areaRoots: roots() })).map((row) => JSON.parse(row.json) as { id: string; createdAt: string });
      const cursor = encodeCursor({ id: first[4]!.id, createdAt: new Date(first[4]!.createdAt) });
      expect(idsOf(await assetList.list({ search: 'pump', limit: 5, areaRoots: roots(), cursor }))).toEqual(everyPump.slice(5, 11));
    });

    it(`finds the estate’s matches inside ${name} in the global search, with their counts and corrections`, async () => {
      const search = globalSearch(t.db, () => new Date());
      for (const q of ['pump', 'boiler chiller', 'pumq', 'house 7']) {
        const assetIds = idsOf(await assetsRepo(t.db).list({ search: q, limit: 1_000 })).filter(inArea(roots()));
        const found = await search.search(q, roots());
        if (q === 'pumq') {
          // Corrected to pump: the area's pumps, none outside it.
          expect(found.assets.length).toBeGreaterThan(0);
          expect(found.assets.every((asset) => inArea(roots())(asset.id)), q).toBe(true);
          continue;
        }
        expect(found.assets.map((asset) => asset.id), q).toEqual(assetIds.slice(0, SEARCH_RESULTS_PER_LIST));
        expect(found.totals.assets, q).toBe(Math.min(assetIds.length, SEARCH_COUNT_LIMIT + 1));
        const estateMeters = (await search.search(q)).meters.map((meter) => meter.id);
        expect(found.meters.map((meter) => meter.id), q).toEqual(estateMeters.filter(inArea(roots())));
        expect(found.actions.every((action) => inArea(roots())(action.id)), q).toBe(true);
      }
    });
  }

  it('follows a record that moves: its place, its actions’ places and the searches of both regions', async () => {
    const [moving] = await t.db
      .select({ id: assets.id, code: assets.assetId })
      .from(actions)
      .innerJoin(assets, eq(assets.id, actions.assetId))
      .where(eq(assets.locationId, buildingsIn(northSite)[0]!.id))
      .limit(1);
    const southBuilding = buildingsIn(south)[0]!;
    await t.db.update(assets).set({ locationId: southBuilding.id, locationPath: southBuilding.path }).where(eq(assets.id, moving!.id));
    const [asset] = await t.db.select({ placeIds: assets.placeIds }).from(assets).where(eq(assets.id, moving!.id));
    expect(asset!.placeIds).toEqual([...southBuilding.ancestorIds, southBuilding.id]);
    const moved = await t.db.select({ placeIds: actions.placeIds }).from(actions).where(eq(actions.assetId, moving!.id));
    expect(moved.length).toBeGreaterThan(0);
    for (const action of moved) expect(action.placeIds).toEqual([...southBuilding.ancestorIds, southBuilding.id]);
    const search = globalSearch(t.db, () => new Date());
    expect((await search.search(moving!.code, [north.id])).assets).toEqual([]);
    expect((await search.search(moving!.code, [south.id])).assets.map((found) => found.id)).toEqual([moving!.id]);
  });
});
