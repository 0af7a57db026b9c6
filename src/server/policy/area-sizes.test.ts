import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { createTestApp, registerUser, type TestApp } from '../../../tests/setup/test-app';
import { insertAsset, insertLocation, type LocationRow } from '../../../tests/factories/register';
import { assets, PLACE_INDEX_DEPTHS } from '../db/schema';
import { inAreas } from './areas';
import { firstInPlaces, inFirstInPlaces, inNewestInPlaces, placeSize, placesRead, readByLocation, readInPlaces, type PlaceSize, type PlacesRead } from './area-sizes';

/**
 * A list limited to places (an area manager's areas, a location's subtree) is read in the places,
 * a root at an indexed depth through its place index and a deeper one location at a time, when that
 * is cheaper than walking the estate (ADR 024, "Areas"): the same rows either way, and the choice
 * made from the kept counts.
 */

let t: TestApp;
let userId: string;
let region: LocationRow;
let site: LocationRow;
let rooms: LocationRow[];
/** Below the indexed depths: in room R1, PLACE_INDEX_DEPTHS + 1 levels down. */
let cupboard: LocationRow;
let elsewhere: LocationRow;

beforeAll(async () => {
  t = await createTestApp();
  ({ user: { id: userId } } = await registerUser(t.app));
  region = await insertLocation(t.db, { name: 'North', type: 'region' });
  site = await insertLocation(t.db, { name: 'Mill', type: 'site', parent: region });
  rooms = [await insertLocation(t.db, { name: 'R1', parent: site }), await insertLocation(t.db, { name: 'R2', parent: site })];
  cupboard = await insertLocation(t.db, { name: 'C1', parent: rooms[0]! });
  expect(cupboard.ancestorIds.length + 1).toBe(PLACE_INDEX_DEPTHS + 1);
  elsewhere = await insertLocation(t.db, { name: 'South', type: 'region' });
  // Interleaved in time, several at one instant (the id breaks the tie), in five places.
  const start = Date.parse('2026-03-01T08:00:00Z');
  for (let i = 0; i < 30; i++) {
    const location = [rooms[0]!, rooms[1]!, elsewhere, site, cupboard][i % 5]!;
    await insertAsset(t.db, userId, { location, condition: i % 3 ? 'good' : 'poor', createdAt: new Date(start + Math.floor(i / 2) * 60_000) });
  }
});
afterAll(() => t.close());

describe('placeSize', () => {
  it('counts the places’ locations, assets and actions and the estate’s from the kept counts', async () => {
    const size = await placeSize(t.db, [site.id]);
    expect(size).toMatchObject({ locations: 4, assets: 24, allAssets: 30, actions: 0, obligations: 0, depths: { [site.id]: 2 } });
    expect(size.allLocations).toBeGreaterThanOrEqual(6);
    const two = await placeSize(t.db, [elsewhere.id, rooms[0]!.id]);
    expect(two).toMatchObject({ assets: 6 + 6 + 6, depths: { [elsewhere.id]: 1, [rooms[0]!.id]: 3 } });
  });
});

describe('readByLocation and readInPlaces', () => {
  const size = (locations: number, depths: Record<string, number> = {}): PlaceSize => ({
    locations,
    allLocations: 7_866,
    assets: 0,
    allAssets: 0,
    actions: 0,
    allActions: 0,
    meters: 0,
    allMeters: 0,
    obligations: 0,
    allObligations: 0,
    depths,
  });
  it('reads a small area by location and walks a large one', () => {
    expect(readByLocation(size(126), 1_593, 100_000, 51)).toBe(true);
    expect(readByLocation(size(2_685), 34_865, 100_000, 51)).toBe(false);
    expect(readByLocation(size(1), 0, 100_000, 51)).toBe(true);
  });
  it('reads any area in its places when its roots are at indexed depths, and decides by location otherwise', () => {
    expect(readInPlaces(size(2_685, { r: 2 }), ['r'], 34_865, 100_000, 51)).toBe(true);
    expect(readInPlaces(size(2_685, { r: 2, d: PLACE_INDEX_DEPTHS + 1 }), ['r', 'd'], 34_865, 100_000, 51)).toBe(false);
    expect(readInPlaces(size(2_685, {}), ['gone'], 34_865, 100_000, 51)).toBe(false);
    expect(readInPlaces(size(12, { d: PLACE_INDEX_DEPTHS + 2 }), ['d'], 150, 100_000, 51)).toBe(true);
  });
});

/** The places' read with its values in place of its placeholders, for a statement run once. */
const withValues = (read: PlacesRead): PlacesRead => ({
  ...read,
  indexed: read.indexed.map(({ depth }, i) => ({ depth, root: sql.param(read.values[`place${i}`]) })),
  deeper: read.deeper && sql.param(read.values.deeperPlaces),
});

/** The places' read of these roots, with its values (withValues()). */
const readOf = async (roots: string[]) => withValues(placesRead(await placeSize(t.db, roots), roots));

describe('placesRead', () => {
  it('names its shape by the roots’ depths and numbers their placeholders in that order', async () => {
    const read = placesRead(await placeSize(t.db, [cupboard.id, rooms[1]!.id, region.id]), [cupboard.id, rooms[1]!.id, region.id]);
    expect(read.shape).toBe('p1p3deeper');
    expect(read.values).toEqual({ place0: region.id, place1: rooms[1]!.id, deeperPlaces: [cupboard.id] });
  });
});

describe('inNewestInPlaces', () => {
  const page = (condition: ReturnType<typeof and>) =>
    t.db.select({ id: assets.id, createdAt: assets.createdAt }).from(assets).where(condition).orderBy(desc(assets.createdAt), desc(assets.id)).limit(5);

  it('gives the same pages as walking the list, with filters and a cursor', async () => {
    for (const roots of [[site.id], [rooms[1]!.id, elsewhere.id], [region.id], [cupboard.id], [cupboard.id, elsewhere.id, rooms[1]!.id], [cupboard.id, region.id]]) {
      const read = await readOf(roots);
      for (const filter of [undefined, eq(assets.condition, 'good')]) {
        let after: { id: string; createdAt: Date } | undefined;
        for (let pageNo = 0; pageNo < 6; pageNo++) {
          const cursor = after && or(lt(assets.createdAt, after.createdAt), and(eq(assets.createdAt, after.createdAt), lt(assets.id, after.id)));
          const walked = await page(and(inAreas(assets.locationId, roots), filter, cursor));
          const inPlaces = await page(inNewestInPlaces(assets, read, and(filter, cursor), 5));
          expect(inPlaces).toEqual(walked);
          after = walked.at(-1);
          if (!after) break;
        }
      }
    }
  });
});

describe('inFirstInPlaces', () => {
  const page = (condition: ReturnType<typeof and>) =>
    t.db.select({ id: assets.id, createdAt: assets.createdAt }).from(assets).where(condition).orderBy(asc(assets.createdAt), asc(assets.id)).limit(4);

  it('gives the same pages as walking the list in an ascending order (the actions by target date use it)', async () => {
    for (const roots of [[site.id], [rooms[0]!.id, elsewhere.id], [cupboard.id, region.id]]) {
      const read = await readOf(roots);
      let after: { id: string; createdAt: Date } | undefined;
      for (let pageNo = 0; pageNo < 8; pageNo++) {
        const cursor = after && or(gt(assets.createdAt, after.createdAt), and(eq(assets.createdAt, after.createdAt), gt(assets.id, after.id)));
        const walked = await page(and(inAreas(assets.locationId, roots), cursor));
        const order = [[assets.createdAt, 'ASC'], [assets.id, 'ASC']] as const;
        expect(await page(inFirstInPlaces(assets, read, cursor, 4, order))).toEqual(walked);
        after = walked.at(-1);
        if (!after) break;
      }
    }
  });
});

describe('firstInPlaces', () => {
  /** The plan's text with sequential and bitmap reads off: what index, if any, can serve the read. */
  async function planOf(roots: string[]): Promise<string> {
    const read = firstInPlaces(assets, await readOf(roots), undefined, 5, [
      [assets.createdAt, 'DESC'],
      [assets.id, 'DESC'],
    ]);
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${read}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('reads a root at an indexed depth through its depth’s place index, and a deeper one by location', async () => {
    expect(await planOf([site.id])).toContain('assets_place2_created_at_idx');
    expect(await planOf([region.id, rooms[1]!.id])).toMatch(/assets_place1_created_at_idx[\s\S]*assets_place3_created_at_idx|assets_place3_created_at_idx[\s\S]*assets_place1_created_at_idx/);
    const deeper = await planOf([cupboard.id]);
    expect(deeper).toContain('assets_location_id_created_at_idx');
    expect(deeper).not.toMatch(/assets_place\d_created_at_idx/);
  });
});
