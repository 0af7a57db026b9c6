import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, createTestApp, getJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset } from '../../../../tests/factories/register';
import { inArray, sql } from 'drizzle-orm';
import { actions, assets } from '../../db/schema';
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

  it('requires a session', async () => {
    expect((await getJson(t.app, '/api/dashboard/stats')).statusCode).toBe(401);
  });
});
