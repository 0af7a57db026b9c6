import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import { createTestApp, registerUser, type TestApp } from '../../../tests/setup/test-app';
import { insertAsset, insertLocation, type LocationRow } from '../../../tests/factories/register';
import { assets } from '../db/schema';
import { inAreas } from './areas';
import { inFirstByLocation, inNewestByLocation, placeSize, readByLocation, type PlaceSize } from './area-sizes';

/**
 * A list limited to places (an area manager's areas, a location's subtree) is read one location
 * at a time when that is cheaper than walking the estate (ADR 024, "Areas"): the same rows either
 * way, and the choice made from the kept counts.
 */

let t: TestApp;
let userId: string;
let region: LocationRow;
let site: LocationRow;
let rooms: LocationRow[];
let elsewhere: LocationRow;

beforeAll(async () => {
  t = await createTestApp();
  ({ user: { id: userId } } = await registerUser(t.app));
  region = await insertLocation(t.db, { name: 'North', type: 'region' });
  site = await insertLocation(t.db, { name: 'Mill', type: 'site', parent: region });
  rooms = [await insertLocation(t.db, { name: 'R1', parent: site }), await insertLocation(t.db, { name: 'R2', parent: site })];
  elsewhere = await insertLocation(t.db, { name: 'South', type: 'region' });
  // Interleaved in time, several at one instant (the id breaks the tie), in three places.
  const start = Date.parse('2026-03-01T08:00:00Z');
  for (let i = 0; i < 30; i++) {
    const location = [rooms[0]!, rooms[1]!, elsewhere, site][i % 4]!;
    await insertAsset(t.db, userId, { location, condition: i % 3 ? 'good' : 'poor', createdAt: new Date(start + Math.floor(i / 2) * 60_000) });
  }
});
afterAll(() => t.close());

describe('placeSize', () => {
  it('counts the places’ locations, assets and actions and the estate’s from the kept counts', async () => {
    const size = await placeSize(t.db, [site.id]);
    expect(size).toMatchObject({ locations: 3, assets: 23, allAssets: 30, actions: 0, obligations: 0 });
    expect(size.allLocations).toBeGreaterThanOrEqual(5);
    expect((await placeSize(t.db, [elsewhere.id, rooms[0]!.id])).assets).toBe(7 + 8);
  });
});

describe('readByLocation', () => {
  const size = (locations: number): PlaceSize => ({ locations, allLocations: 7_866, assets: 0, allAssets: 0, actions: 0, allActions: 0, meters: 0, allMeters: 0, obligations: 0, allObligations: 0 });
  it('reads a small area by location and walks a large one', () => {
    expect(readByLocation(size(126), 1_593, 100_000, 51)).toBe(true);
    expect(readByLocation(size(2_685), 34_865, 100_000, 51)).toBe(false);
    expect(readByLocation(size(1), 0, 100_000, 51)).toBe(true);
  });
});

describe('inNewestByLocation', () => {
  const page = (condition: ReturnType<typeof and>) =>
    t.db.select({ id: assets.id, createdAt: assets.createdAt }).from(assets).where(condition).orderBy(desc(assets.createdAt), desc(assets.id)).limit(5);

  it('gives the same pages as walking the list, with filters and a cursor', async () => {
    for (const roots of [[site.id], [rooms[1]!.id, elsewhere.id], [region.id]]) {
      for (const filter of [undefined, eq(assets.condition, 'good')]) {
        let after: { id: string; createdAt: Date } | undefined;
        for (let pageNo = 0; pageNo < 6; pageNo++) {
          const cursor = after && or(lt(assets.createdAt, after.createdAt), and(eq(assets.createdAt, after.createdAt), lt(assets.id, after.id)));
          const walked = await page(and(inAreas(assets.locationId, roots), filter, cursor));
          const byLocation = await page(inNewestByLocation(assets, assets.locationId, roots, and(filter, cursor), 5));
          expect(byLocation).toEqual(walked);
          after = walked.at(-1);
          if (!after) break;
        }
      }
    }
  });
});

describe('inFirstByLocation', () => {
  const page = (condition: ReturnType<typeof and>) =>
    t.db.select({ id: assets.id, createdAt: assets.createdAt }).from(assets).where(condition).orderBy(asc(assets.createdAt), asc(assets.id)).limit(4);

  it('gives the same pages as walking the list in an ascending order (the actions by target date use it)', async () => {
    for (const roots of [[site.id], [rooms[0]!.id, elsewhere.id]]) {
      let after: { id: string; createdAt: Date } | undefined;
      for (let pageNo = 0; pageNo < 8; pageNo++) {
        const cursor = after && or(gt(assets.createdAt, after.createdAt), and(eq(assets.createdAt, after.createdAt), gt(assets.id, after.id)));
        const walked = await page(and(inAreas(assets.locationId, roots), cursor));
        const order = [[assets.createdAt, 'ASC'], [assets.id, 'ASC']] as const;
        expect(await page(inFirstByLocation(assets, assets.locationId, roots, cursor, 4, order))).toEqual(walked);
        after = walked.at(-1);
        if (!after) break;
      }
    }
  });
});
