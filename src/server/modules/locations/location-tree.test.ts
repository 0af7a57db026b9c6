import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createClock, createdBy, createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import type { Obligation, Regime } from '../../../shared/contract/compliance';
import { LOCATION_TREE_NODES_MAX, type LocationTree, type Meter } from '../../../shared/contract';

/**
 * GET /api/locations/tree (location pages, the Locations page's tree) and GET /api/meters?locationId:
 * each node's figures count its whole subtree, an area manager's tree starts at their areas.
 */

let t: TestApp;
let admin: string;
const place: Record<string, string> = {};

const send = (method: InjectOptions['method'], url: string, body?: unknown, cookie = admin) => sendAs(t.app, cookie, method, url, body);
const location = async (name: string, type: string, parent?: string) =>
  (place[name] = (await createdBy(send('POST', '/api/locations', { name, type, ...(parent && { parentId: parent }) }))).id);
const asset = async (at: string) => (await createdBy(send('POST', '/api/assets', { locationId: place[at], type: 'hvac', condition: 'good' }))).id;
const tree = async (query = '', cookie = admin) => {
  const res = await getJson(t.app, `/api/locations/tree${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LocationTree>();
};
const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2025-06-15T10:00:00Z')) });
  ({ cookie: admin } = await registerUser(t.app, { role: 'org_admin' }));
  await location('North', 'region');
  await location('Mill', 'site', place.North);
  await location('Mill A', 'building', place.Mill);
  await location('Floor 1', 'floor', place['Mill A']);
  await location('Mill B', 'building', place.Mill);
  await location('South', 'region');

  const regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>().map((r) => [r.key, r]));
  const boiler = await asset('Floor 1');
  await asset('Mill B');
  await asset('Mill B');
  const gas = await createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regimes.get('gas_safety')!.id, assetId: boiler }));
  await createdBy(send('POST', '/api/inspections', { obligationId: gas.id, performedOn: '2025-06-01', result: 'fail' }));
  await createdBy(send('POST', '/api/obligations', { regimeId: regimes.get('fire_risk_assessment')!.id, locationId: place.Mill }));
  await createdBy(send('POST', '/api/actions', { title: 'Fix the door', priority: 'low', assetId: boiler }));
  await createdBy(send('POST', '/api/meters', { meterNumber: 'TREE-1', type: 'gas', unit: 'm³', locationId: place['Floor 1'] }));
  await createdBy(send('POST', '/api/meters', { meterNumber: 'TREE-2', type: 'water', unit: 'm³', locationId: place.South }));
});
afterAll(() => t.close());

describe('GET /api/locations/tree', () => {
  it('starts at the top of the estate, each node counting its whole subtree', async () => {
    const top = await tree();
    expect(top.node).toBeNull();
    expect(top.ancestors).toEqual([]);
    expect(top.childrenTruncated).toBe(false);
    const north = top.children.find((n) => n.name === 'North')!;
    // Three assets under North; the failed gas inspection raised one action besides the one made above.
    expect(north).toMatchObject({ type: 'region', childCount: 1, assetCount: 3, outstandingActions: 2 });
    expect(north.compliance.worst).toBe('failed');
    expect(nonZero(north.compliance.counts)).toEqual({ failed: 1, unknown: 1 });
    expect(top.children.find((n) => n.name === 'South')).toMatchObject({ childCount: 0, assetCount: 0, outstandingActions: 0, compliance: { worst: null } });
  });

  it('opens a node: itself, the trail above it from the top, and its children in path order', async () => {
    const mill = await tree(`?parentId=${place.Mill}`);
    expect(mill.node).toMatchObject({ id: place.Mill, name: 'Mill', childCount: 2, assetCount: 3 });
    expect(mill.ancestors.map((a) => a.name)).toEqual(['North']);
    expect(mill.children.map((c) => [c.name, c.childCount, c.assetCount, c.compliance.worst])).toEqual([
      ['Mill A', 1, 1, 'failed'],
      ['Mill B', 0, 2, null],
    ]);
    const floor = await tree(`?parentId=${place['Floor 1']}`);
    expect(floor.ancestors.map((a) => a.name)).toEqual(['North', 'Mill', 'Mill A']);
    expect(floor.children).toEqual([]);
  });

  it('follows the register: a new asset counts at once on every level above it', async () => {
    const before = (await tree(`?parentId=${place.North}`)).node!.assetCount;
    await asset('Mill A');
    expect((await tree(`?parentId=${place.North}`)).node!.assetCount).toBe(before + 1);
    expect((await tree(`?parentId=${place.Mill}`)).children.find((c) => c.name === 'Mill A')!.assetCount).toBe(2);
  });

  it('starts an area manager at their areas, without the trail above them, and hides the rest', async () => {
    const manager = await registerUser(t.app, { role: 'area_manager' });
    expect((await send('PATCH', `/api/users/${manager.user.id}`, { areaLocationIds: [place.Mill] })).statusCode).toBe(200);
    const top = await tree('', manager.cookie);
    expect(top.children.map((c) => c.name)).toEqual(['Mill']);
    expect((await tree(`?parentId=${place['Floor 1']}`, manager.cookie)).ancestors.map((a) => a.name)).toEqual(['Mill', 'Mill A']);
    expect((await getJson(t.app, `/api/locations/tree?parentId=${place.South}`, manager.cookie)).statusCode).toBe(404);
  });

  it('refuses a malformed or unknown parent clearly', async () => {
    const malformed = await getJson(t.app, '/api/locations/tree?parentId=nope', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('parentId must be a location id');
    const unknown = await getJson(t.app, '/api/locations/tree?parentId=00000000-0000-4000-8000-000000000000', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Location not found');
  });

  it(`shows at most ${LOCATION_TREE_NODES_MAX} children and says there are more`, async () => {
    const parent = await location('Big Site', 'site', place.South);
    await t.db.execute(sql`
      INSERT INTO locations (name, type, path, parent_id, ancestor_ids)
      SELECT 'Room ' || lpad(i::text, 4, '0'), 'area', 'South / Big Site / Room ' || lpad(i::text, 4, '0'), ${parent}, ARRAY[${place.South}, ${parent}]::uuid[]
      FROM generate_series(1, ${LOCATION_TREE_NODES_MAX + 1}) AS i`);
    const big = await tree(`?parentId=${parent}`);
    expect(big.children).toHaveLength(LOCATION_TREE_NODES_MAX);
    expect(big.childrenTruncated).toBe(true);
    expect(big.node!.childCount).toBe(LOCATION_TREE_NODES_MAX + 1);
  });
});

describe('GET /api/meters?locationId', () => {
  it("lists the meters anywhere in the location's subtree, and every meter without it", async () => {
    const numbers = async (query: string) => {
      const res = await getJson(t.app, `/api/meters${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Meter[]>().map((m) => m.meterNumber);
    };
    expect(await numbers(`?locationId=${place.North}`)).toEqual(['TREE-1']);
    expect(await numbers(`?locationId=${place['Mill B']}`)).toEqual([]);
    expect(await numbers('')).toEqual(['TREE-1', 'TREE-2']);
    expect((await getJson(t.app, '/api/meters?locationId=x', admin)).statusCode).toBe(400);
  });
});
