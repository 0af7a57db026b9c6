import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, getJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation } from '../../../../tests/factories/register';
import { dashboardRepo } from './dashboard.repo';
import { inArray, sql } from 'drizzle-orm';
import { actions, assets } from '../../db/schema';
import { overdueCondition } from '../actions/due-dates';
import type { DashboardStats } from '../../../shared/contract/dashboard';

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2026-11-22T10:00:00Z')) });
  ({ cookie, user: { id: userId } } = await registerUser(t.app));
});
afterAll(() => t.close());

const stats = async () => {
  const res = await getJson(t.app, '/api/dashboard/stats', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DashboardStats>();
};

describe('GET /api/dashboard/stats', () => {
  it('is all zeros on an empty register', async () => {
    expect(await stats()).toEqual({
      totalAssets: 0,
      goodCondition: 0,
      needsAttention: 0,
      openActions: 0,
      conditionBreakdown: { excellent: 0, good: 0, fair: 0, poor: 0, unsafe: 0 },
      assetsAtEndOfLastMonth: 0,
      highPriorityOpenActions: 0,
      overdueActions: 0,
    });
  });

  it('counts by condition, month and action status from the data', async () => {
    const october = new Date('2026-10-15T12:00:00Z');
    const conditions = ['excellent', 'good', 'good', 'fair', 'poor', 'unsafe', 'unsafe'] as const;
    for (const [i, condition] of conditions.entries()) {
      await insertAsset(t.db, userId, { condition, ...(i < 3 && { createdAt: october }) });
    }
    await t.db.insert(actions).values([
      { title: 'a', priority: 'critical', status: 'open', createdBy: userId },
      { title: 'b', priority: 'high', status: 'open', createdBy: userId },
      { title: 'c', priority: 'low', status: 'open', createdBy: userId },
      { title: 'd', priority: 'high', status: 'in_progress', createdBy: userId },
      { title: 'e', priority: 'critical', status: 'closed', createdBy: userId },
    ]);

    expect(await stats()).toEqual({
      totalAssets: 7,
      goodCondition: 3,
      needsAttention: 3,
      openActions: 3,
      conditionBreakdown: { excellent: 1, good: 2, fair: 1, poor: 1, unsafe: 2 },
      assetsAtEndOfLastMonth: 3,
      highPriorityOpenActions: 2,
      overdueActions: 0,
    });
  });

  it('stays equal to a full count through updates, deletes and concurrent writes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await insertAsset(t.db, userId, { condition: 'good' })).id);
    await Promise.all(
      ids.map((id, i) =>
        t.db.execute(sql`UPDATE assets SET condition = ${i % 2 ? 'poor' : 'unsafe'} WHERE id = ${id}`),
      ),
    );
    await t.db.delete(assets).where(inArray(assets.id, ids.slice(0, 4)));
    await t.db.execute(sql`UPDATE actions SET status = 'closed' WHERE priority = 'critical'`);
    await t.db.execute(sql`DELETE FROM actions WHERE title = 'c'`);

    const truth = await t.db.execute<Record<string, string>>(sql`
      SELECT (SELECT count(*) FROM assets) AS total,
             (SELECT count(*) FROM assets WHERE condition IN ('poor', 'unsafe')) AS attention,
             (SELECT count(*) FROM actions WHERE status = 'open') AS open,
             (SELECT count(*) FROM actions WHERE status = 'open' AND priority IN ('critical', 'high')) AS high_open`);
    const expected = truth.rows[0]!;
    const got = await stats();
    expect(got.totalAssets).toBe(Number(expected.total));
    expect(got.needsAttention).toBe(Number(expected.attention));
    expect(got.openActions).toBe(Number(expected.open));
    expect(got.highPriorityOpenActions).toBe(Number(expected.high_open));
    expect(got.totalAssets).toBe(7 + 8);
    expect(got.needsAttention).toBe(3 + 8);
  });

  it('is rebuilt exactly by rebuild_register_aggregates()', async () => {
    const before = await stats();
    await t.ownerDb.execute(sql`SELECT rebuild_register_aggregates()`);
    expect(await stats()).toEqual(before);
    await t.db.delete(assets);
    expect((await stats()).totalAssets).toBe(0);
  });

  it('counts an area from the kept counts of its roots, equal to a count of its rows through moves and edits', async () => {
    const north = await insertLocation(t.db, { name: 'North', type: 'region' });
    const site = await insertLocation(t.db, { name: 'Mill', type: 'site', parent: north });
    const [b1, b2] = [await insertLocation(t.db, { name: 'B1', parent: site }), await insertLocation(t.db, { name: 'B2', parent: site })];
    const south = await insertLocation(t.db, { name: 'South', type: 'region' });
    const places = [north, site, b1!, b2!, south];
    const october = new Date('2026-10-03T09:00:00Z');
    const made: string[] = [];
    for (const [i, location] of [b1!, b1!, b2!, site, south, south].entries()) {
      const asset = await insertAsset(t.db, userId, { location, condition: i % 2 ? 'poor' : 'good', ...(i < 2 && { createdAt: october }) });
      made.push(asset.id);
    }
    await t.db.insert(actions).values([
      { title: 'in b1', priority: 'high', status: 'open', assetId: made[0], createdBy: userId, targetDate: '2026-11-01' },
      { title: 'in b2', priority: 'low', status: 'open', assetId: made[2], createdBy: userId, targetDate: '2026-12-01' },
      { title: 'in south', priority: 'critical', status: 'open', assetId: made[4], createdBy: userId, targetDate: '2026-10-01' },
      { title: 'nowhere', priority: 'critical', status: 'open', createdBy: userId, targetDate: '2026-11-20' },
      { title: 'done in b1', priority: 'low', status: 'completed', assetId: made[1], createdBy: userId, targetDate: '2026-11-02' },
    ]);

    const counted = async (root: string) => {
      const { rows } = await t.db.execute<Record<string, string>>(sql`
        WITH area AS (SELECT * FROM area_locations(ARRAY[${root}::uuid]))
        SELECT (SELECT count(*) FROM assets WHERE location_id IN (SELECT * FROM area)) AS total,
               (SELECT count(*) FROM assets WHERE location_id IN (SELECT * FROM area) AND created_at < '2026-11-01') AS before,
               (SELECT count(*) FROM assets WHERE location_id IN (SELECT * FROM area) AND condition = 'poor') AS poor,
               (SELECT count(*) FROM actions WHERE location_id IN (SELECT * FROM area) AND status = 'open') AS open,
               (SELECT count(*) FROM actions WHERE location_id IN (SELECT * FROM area) AND status = 'open' AND priority IN ('critical', 'high')) AS high,
               (SELECT count(*) FROM actions WHERE location_id IN (SELECT * FROM area) AND ${overdueCondition('2026-11-22')}) AS overdue`);
      const r = rows[0]!;
      return [r.total, r.before, r.poor, r.open, r.high, r.overdue].map(Number);
    };
    const kept = async (root: string) => {
      const s = await dashboardRepo(t.db).stats(new Date('2026-11-22T10:00:00Z'), [root]);
      return [s.totalAssets, s.assetsAtEndOfLastMonth, s.conditionBreakdown.poor, s.openActions, s.highPriorityOpenActions, s.overdueActions];
    };
    const expectKeptEqualsCounted = async () => {
      for (const place of places) expect(await kept(place.id), place.name).toEqual(await counted(place.id));
    };

    expect(await kept(north.id)).toEqual([4, 2, 2, 2, 1, 1]);
    await expectKeptEqualsCounted();

    // An asset moves to another region (its actions with it), one changes condition, one is deleted;
    // an action changes asset, status and priority.
    await t.db.execute(sql`UPDATE assets SET location_id = ${south.id} WHERE id = ${made[0]}`);
    await t.db.execute(sql`UPDATE assets SET condition = 'poor' WHERE id = ${made[2]}`);
    await t.db.execute(sql`UPDATE assets SET location_id = ${b2!.id}, condition = 'unsafe' WHERE id = ${made[3]}`);
    await t.db.delete(assets).where(inArray(assets.id, [made[5]!]));
    await t.db.execute(sql`UPDATE actions SET asset_id = ${made[3]} WHERE title = 'in south'`);
    await t.db.execute(sql`UPDATE actions SET asset_id = ${made[4]}, priority = 'critical' WHERE title = 'nowhere'`);
    await t.db.execute(sql`UPDATE actions SET status = 'closed' WHERE title = 'in b2'`);
    // Target dates move, and a done action is reopened.
    await t.db.execute(sql`UPDATE actions SET target_date = '2026-11-02' WHERE title = 'in south'`);
    await t.db.execute(sql`UPDATE actions SET target_date = NULL WHERE title = 'in b1'`);
    await t.db.execute(sql`UPDATE actions SET status = 'in_progress' WHERE title = 'done in b1'`);
    await expectKeptEqualsCounted();
    expect(await kept(south.id)).toEqual([2, 1, 0, 2, 2, 1]);

    // Rebuilt from scratch, the kept rows are the same.
    const snapshot = () => t.db.execute(sql`SELECT location_id, month, condition, sum(n)::int AS n FROM location_asset_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`);
    const dueSnapshot = () => t.db.execute(sql`SELECT location_id, target_date, sum(n)::int AS n FROM location_action_due_counts GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2`);
    const before = (await snapshot()).rows;
    const dueBefore = (await dueSnapshot()).rows;
    await t.ownerDb.execute(sql`SELECT rebuild_location_counts()`);
    await t.ownerDb.execute(sql`SELECT rebuild_action_due_counts()`);
    expect((await snapshot()).rows).toEqual(before);
    expect((await dueSnapshot()).rows).toEqual(dueBefore);
    await expectKeptEqualsCounted();
  });

  it('requires a session', async () => {
    expect((await getJson(t.app, '/api/dashboard/stats')).statusCode).toBe(401);
  });
});
