import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createClock, createdBy, createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { advanceComplianceCalendar } from './compliance-calendar';
import { obligationWorkItemSchema, type ComplianceSummary, type Obligation, type ObligationWorkItem, type Regime } from '../../../shared/contract/compliance';
import { daysOverdue } from '../../../shared/domain/compliance/obligation-status';

/**
 * GET /api/compliance/summary and the work list (ADR 025): an estate of two regions, its obligations in every status,
 * summed from the counts kept per location; the figures follow inspections, the calendar and moves.
 */

let t: TestApp;
let admin: string;
let regimes: Map<string, Regime>;
const place: Record<string, string> = {};
const obligation = {} as Record<'boiler' | 'wiring' | 'fra' | 'quay', Obligation>;

const send = (method: InjectOptions['method'], url: string, body?: unknown, cookie = admin) => sendAs(t.app, cookie, method, url, body);
const location = async (name: string, type: string, parent?: string) =>
  (place[name] = (await createdBy(send('POST', '/api/locations', { name, type, ...(parent && { parentId: parent }) }))).id);
const asset = async (at: string) => (await createdBy(send('POST', '/api/assets', { locationId: place[at], type: 'hvac', condition: 'good' }))).id;
const oblige = async (key: string, on: { assetId?: string; locationId?: string }) =>
  createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regimes.get(key)!.id, ...on }));
const inspect = (o: Obligation, performedOn: string, result = 'pass') => createdBy(send('POST', '/api/inspections', { obligationId: o.id, performedOn, result }));
const summary = async (query = '', cookie = admin) => {
  const res = await getJson(t.app, `/api/compliance/summary${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ComplianceSummary>();
};
const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

beforeAll(async () => {
  // Sessions outlive the years one test moves the clock by.
  t = await createTestApp({ clock: createClock(new Date('2025-06-15T10:00:00Z')), env: { SESSION_IDLE_MINUTES: '2000000', SESSION_ABSOLUTE_HOURS: '30000' } });
  ({ cookie: admin } = await registerUser(t.app, { role: 'org_admin' }));
  regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>().map((r) => [r.key, r]));
  await location('North', 'region');
  await location('Mill', 'site', place.North);
  await location('Mill A', 'building', place.Mill);
  await location('Mill B', 'building', place.Mill);
  await location('South', 'region');
  await location('Quay', 'site', place.South);

  obligation.boiler = await oblige('gas_safety', { assetId: await asset('Mill A') });
  await inspect(obligation.boiler, '2025-06-01');
  obligation.wiring = await oblige('eicr', { assetId: await asset('Mill B') });
  await inspect(obligation.wiring, '2025-06-02', 'fail');
  obligation.fra = await oblige('fire_risk_assessment', { locationId: place.Mill });
  obligation.quay = await oblige('gas_safety', { assetId: await asset('Quay') });
  await inspect(obligation.quay, '2024-05-01');
});
afterAll(() => t.close());

describe('GET /api/compliance/summary', () => {
  it('counts the whole estate by status, with a row per region and a column per regime in force', async () => {
    const s = await summary();
    expect(s.location).toBeNull();
    expect(nonZero(s.counts)).toEqual({ compliant: 1, failed: 1, unknown: 1, overdue: 1 });
    expect(s.rows.map((r) => [r.location.name, r.worst, nonZero(r.counts)])).toEqual([
      ['North', 'failed', { compliant: 1, failed: 1, unknown: 1 }],
      ['South', 'overdue', { overdue: 1 }],
    ]);
    expect(s.regimes.map((r) => r.key).sort()).toEqual(['eicr', 'fire_risk_assessment', 'gas_safety']);
    const gas = regimes.get('gas_safety')!.id;
    expect(s.rows[0]!.cells.find((c) => c.regimeId === gas)).toMatchObject({ worst: 'compliant', counts: expect.objectContaining({ compliant: 1 }) });
  });

  it('opens a location into its children, with its own obligations as a row of their own', async () => {
    const s = await summary(`?locationId=${place.Mill}`);
    expect(s.location).toMatchObject({ id: place.Mill, name: 'Mill', type: 'site' });
    expect(s.rows.map((r) => [r.location.name, r.own, r.worst])).toEqual([
      ['Mill', true, 'unknown'],
      ['Mill A', false, 'compliant'],
      ['Mill B', false, 'failed'],
    ]);
    expect(nonZero(s.counts)).toEqual({ compliant: 1, failed: 1, unknown: 1 });
  });

  it('narrows to a category or a regime', async () => {
    expect(nonZero((await summary('?category=fire')).counts)).toEqual({ unknown: 1 });
    const s = await summary(`?regimeId=${regimes.get('gas_safety')!.id}`);
    expect(nonZero(s.counts)).toEqual({ compliant: 1, overdue: 1 });
    expect(s.regimes.map((r) => r.key)).toEqual(['gas_safety']);
  });

  it('lists the work soonest due first, the overdue at the top, filtered and paged', async () => {
    const list = async (query: string) => {
      const res = await getJson(t.app, `/api/compliance/obligations${query}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return { items: res.json<ObligationWorkItem[]>(), next: res.headers['x-next-cursor'] as string | undefined };
    };
    const overdue = await list('?status=overdue');
    expect(overdue.items.map((o) => [o.id, o.daysOverdue, o.locationPath])).toEqual([[obligation.quay.id, 45, 'South / Quay']]);
    expect(overdue.items[0]!.asset).toMatchObject({ code: expect.stringMatching(/^AST-/) });

    const first = await list('?limit=2');
    expect(first.items.map((o) => o.id)).toEqual([obligation.quay.id, obligation.boiler.id]);
    const rest = await list(`?limit=2&cursor=${first.next}`);
    // Never evidenced (no due date) last.
    expect(rest.items.map((o) => o.id)).toEqual([obligation.wiring.id, obligation.fra.id]);
    expect(rest.next).toBeUndefined();

    expect((await list(`?locationId=${place.Mill}`)).items).toHaveLength(3);
    expect((await list('?category=fire')).items.map((o) => o.id)).toEqual([obligation.fra.id]);
    expect((await list(`?responsibleUserId=${crypto.randomUUID()}`)).items).toEqual([]);
    expect((await getJson(t.app, '/api/compliance/obligations?cursor=nonsense', admin)).statusCode).toBe(400);
  });

  it('writes each item as the obligation itself reads, with its asset, place and days overdue, also once the calendar has moved its status on', async () => {
    // The work list is JSON written by PostgreSQL (ADR 014); GET /api/obligations/{id} is the one rule.
    const matchesEachObligation = async (today: string) => {
      const items = (await getJson(t.app, '/api/compliance/obligations', admin)).json<ObligationWorkItem[]>();
      expect(items).toHaveLength(4);
      for (const item of items) {
        expect(obligationWorkItemSchema.strict().parse(item)).toEqual(item);
        const own = (await getJson(t.app, `/api/obligations/${item.id}`, admin)).json<Obligation>();
        const overdueDays = own.status === 'overdue' && own.nextDueOn ? daysOverdue(own.nextDueOn, today) : 0;
        expect(item).toEqual({ ...own, asset: item.asset, locationPath: item.locationPath, daysOverdue: overdueDays });
        if (item.assetId) expect(item.asset).toEqual({ id: item.assetId, code: expect.stringMatching(/^AST-/), description: null });
        else expect(item.asset).toBeNull();
      }
      return items;
    };
    const now = await matchesEachObligation('2025-06-15');
    expect(now.map((o) => o.status)).toEqual(['overdue', 'compliant', 'failed', 'unknown']);
    // Two years on, before the calendar job has run: the boiler's stored "compliant" is out of date.
    const twoYears = 730 * 86_400_000;
    t.clock.advance(twoYears);
    try {
      const later = await matchesEachObligation('2027-06-15');
      expect(later.filter((o) => o.status === 'overdue').map((o) => o.id)).toEqual([obligation.quay.id, obligation.boiler.id]);
    } finally {
      t.clock.advance(-twoYears);
    }
  });

  it('follows the calendar, inspections, remedial work and moves, equal to a count of the obligations', async () => {
    // A year on, the boiler's certificate lapses (stored by the calendar job); the wiring is
    // re-tested and passes; the Quay asset moves to Mill A.
    await advanceComplianceCalendar(t.db, '2026-06-02');
    await inspect(obligation.wiring, '2025-06-10');
    const [quayAsset] = (await t.db.execute<{ asset_id: string }>(sql`SELECT asset_id FROM obligations WHERE id = ${obligation.quay.id}`)).rows;
    expect((await send('PATCH', `/api/assets/${quayAsset!.asset_id}`, { locationId: place['Mill A'] })).statusCode).toBe(200);

    const s = await summary();
    expect(s.rows.map((r) => [r.location.name, nonZero(r.counts)])).toEqual([
      ['North', { overdue: 2, compliant: 1, unknown: 1 }],
      ['South', {}],
    ]);
    // Each key's count is the sum of its slots; a rebuild puts it all in slot 0, and moves after it
    // land in their obligation's slot.
    const kept = async () =>
      (await t.db.execute(sql`SELECT location_id, regime_id, status, sum(n)::int AS n FROM location_compliance_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`)).rows;
    const counted = async () =>
      (
        await t.db.execute(sql`
          SELECT place AS location_id, o.regime_id, o.status, count(*)::int AS n
          FROM obligations o JOIN locations l ON l.id = o.location_id, unnest(l.ancestor_ids || l.id) AS place
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`)
      ).rows;
    expect(await kept()).toEqual(await counted());
    await t.ownerDb.execute(sql`SELECT rebuild_compliance_counts()`);
    expect(await kept()).toEqual(await counted());
    await inspect(obligation.quay, '2025-06-12');
    await advanceComplianceCalendar(t.db, '2027-07-01');
    expect(await kept()).toEqual(await counted());
  });

  it('shows an area manager their areas, and nothing outside them', async () => {
    const manager = await registerUser(t.app, { role: 'area_manager' });
    expect((await send('PATCH', `/api/users/${manager.user.id}`, { areaLocationIds: [place.Mill] })).statusCode).toBe(200);
    const s = await summary('', manager.cookie);
    expect(s.rows.map((r) => r.location.name)).toEqual(['Mill']);
    expect((await getJson(t.app, `/api/compliance/summary?locationId=${place.South}`, manager.cookie)).statusCode).toBe(404);
  });

  it('refuses what it cannot read', async () => {
    expect((await getJson(t.app, '/api/compliance/summary?category=plumbing', admin)).statusCode).toBe(400);
    const missing = await getJson(t.app, '/api/compliance/summary?locationId=00000000-0000-4000-8000-000000000000', admin);
    expect(missing.statusCode).toBe(404);
    expect((await getJson(t.app, '/api/compliance/summary')).statusCode).toBe(401);
  });
});
