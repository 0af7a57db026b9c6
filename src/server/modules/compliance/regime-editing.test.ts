import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createClock, createdBy, createTestApp, getJson, registerUser, sendAs, type TestApp, type TestClock } from '../../../../tests/setup/test-app';
import { advanceComplianceCalendar } from './compliance-calendar';
import type { AdminAuditEntry } from '../../../shared/contract/users';
import { DUE_SOON_TOO_LONG_MESSAGE, type ComplianceSummary, type Obligation, type Regime } from '../../../shared/contract/compliance';

/**
 * Adding and changing regimes (ADR 025, `regime.manage`): org admins only; a new interval moves the
 * due dates of the regime's obligations from their last completion at once, leaves the inspections as
 * they were, and is logged among the administrative changes.
 */

let t: TestApp;
let clock: TestClock;
let admin: string;
let manager: string;

const send = (method: InjectOptions['method'], url: string, body?: unknown, cookie = admin) => sendAs(t.app, cookie, method, url, body);
const regimes = async () => (await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>();
const obligation = async (id: string) => (await getJson(t.app, `/api/obligations/${id}`, admin)).json<Obligation>();

const ROLLER_SHUTTERS = {
  name: 'Roller shutter service',
  category: 'environmental',
  interval: { count: 6, unit: 'month' },
  reference: 'Insurer requirement',
  appliesTo: { assetTypes: ['other'], locationTypes: ['building'] },
};

beforeAll(async () => {
  clock = createClock(new Date('2025-06-15T10:00:00Z'));
  t = await createTestApp({ clock });
  ({ cookie: admin } = await registerUser(t.app, { role: 'org_admin' }));
  ({ cookie: manager } = await registerUser(t.app, { role: 'asset_manager' }));
});
afterAll(() => t.close());

describe('POST /api/compliance/regimes', () => {
  it("adds a regime of the organisation's own, with the usual defaults, offered for new obligations", async () => {
    const regime = await createdBy<Regime>(send('POST', '/api/compliance/regimes', ROLLER_SHUTTERS));
    expect(regime).toMatchObject({
      key: 'roller_shutter_service',
      name: 'Roller shutter service',
      interval: { count: 6, unit: 'month' },
      dueSoonDays: 30,
      anchor: 'from_completion',
      certificateRequired: false,
      retired: false,
    });
    expect((await regimes()).map((r) => r.id)).toContain(regime.id);
  });

  it('refuses a second regime of the same name, whatever its case', async () => {
    const res = await send('POST', '/api/compliance/regimes', { ...ROLLER_SHUTTERS, name: 'ROLLER shutter SERVICE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toBe('A regime named "ROLLER shutter SERVICE" exists already');
  });

  it('refuses bad input clearly, and a due-soon window as long as the interval', async () => {
    const blank = await send('POST', '/api/compliance/regimes', { ...ROLLER_SHUTTERS, name: ' ', interval: { count: 0, unit: 'fortnight' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toMatchObject({ name: 'Name is required' });
    const long = await send('POST', '/api/compliance/regimes', { ...ROLLER_SHUTTERS, name: 'Weekly check', interval: { count: 1, unit: 'week' }, dueSoonDays: 7 });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(DUE_SOON_TOO_LONG_MESSAGE);
  });

  it('is for org admins alone, with the reason', async () => {
    const res = await send('POST', '/api/compliance/regimes', { ...ROLLER_SHUTTERS, name: 'Dock leveller service' }, manager);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/add and change compliance regimes/i);
  });
});

describe('PATCH /api/compliance/regimes/{id}', () => {
  it('moves due dates from the last completion when the interval changes, keeps the inspections, and logs who did it', async () => {
    const regime = await createdBy<Regime>(send('POST', '/api/compliance/regimes', { ...ROLLER_SHUTTERS, name: 'Sprinkler valve check', interval: { count: 12, unit: 'month' } }));
    const site = await createdBy(send('POST', '/api/locations', { name: 'Depot', type: 'site' }));
    const own = await createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regime.id, locationId: site.id, interval: { count: 3, unit: 'month' }, intervalReason: 'Insurer asks quarterly' }));
    const kept = await createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regime.id, locationId: (await createdBy(send('POST', '/api/locations', { name: 'Yard', type: 'site' }))).id }));
    const inspection = await createdBy(send('POST', '/api/inspections', { obligationId: kept.id, performedOn: '2025-01-31', result: 'pass' }));
    await createdBy(send('POST', '/api/inspections', { obligationId: own.id, performedOn: '2025-05-01', result: 'pass' }));
    expect(await obligation(kept.id)).toMatchObject({ nextDueOn: '2026-01-31', status: 'compliant' });

    // Four months from 31 January: the end of May, which has passed: overdue at once.
    const res = await send('PATCH', `/api/compliance/regimes/${regime.id}`, { interval: { count: 4, unit: 'month' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Regime>().interval).toEqual({ count: 4, unit: 'month' });
    expect(await obligation(kept.id)).toMatchObject({ nextDueOn: '2025-05-31', status: 'overdue', lastCompletedOn: '2025-01-31' });
    // An obligation with an interval of its own keeps it.
    expect(await obligation(own.id)).toMatchObject({ nextDueOn: '2025-08-01', interval: { count: 3, unit: 'month' } });

    const history = (await getJson(t.app, `/api/obligations/${kept.id}/inspections`, admin)).json<Array<{ id: string; performedOn: string; result: string }>>();
    expect(history).toEqual([expect.objectContaining({ id: inspection.id, performedOn: '2025-01-31', result: 'pass' })]);

    // The calendar, started by the change, stores the new status, and the counts follow. (A run
    // of ours while that one holds the calendar's lock does nothing, so the counts are awaited.)
    await advanceComplianceCalendar(t.db, '2025-06-15');
    const counts = async () => (await getJson(t.app, `/api/compliance/summary?regimeId=${regime.id}`, admin)).json<ComplianceSummary>().counts;
    await expect.poll(async () => (await counts()).overdue, { timeout: 10_000 }).toBe(1);
    expect((await counts()).compliant).toBe(1);

    const audit = (await getJson(t.app, '/api/admin/audit', admin)).json<{ items: AdminAuditEntry[] }>().items;
    const change = audit.find((e) => e.entity === 'regime' && e.operation === 'update' && e.subject === 'Sprinkler valve check')!;
    expect(change.actorName).toBeTruthy();
    expect(change.before).toMatchObject({ interval_count: 12 });
    expect(change.after).toMatchObject({ interval_count: 4 });
  });

  it('retires a regime: no new obligations, existing ones keep running; and restores it', async () => {
    const regime = await createdBy<Regime>(send('POST', '/api/compliance/regimes', { ...ROLLER_SHUTTERS, name: 'Old boiler test' }));
    const site = await createdBy(send('POST', '/api/locations', { name: 'Mill', type: 'site' }));
    const running = await createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regime.id, locationId: site.id }));
    expect((await send('PATCH', `/api/compliance/regimes/${regime.id}`, { retired: true })).json<Regime>().retired).toBe(true);
    const refused = await send('POST', '/api/obligations', { regimeId: regime.id, locationId: (await createdBy(send('POST', '/api/locations', { name: 'Wharf', type: 'site' }))).id });
    expect(refused.statusCode).toBe(400);
    expect((await obligation(running.id)).state).toBe('active');
    expect((await send('PATCH', `/api/compliance/regimes/${regime.id}`, { retired: false })).json<Regime>().retired).toBe(false);
  });

  it('refuses an unknown regime, a taken name, a window too long, and other roles', async () => {
    const [first, second] = await regimes();
    expect((await send('PATCH', '/api/compliance/regimes/00000000-0000-4000-8000-000000000000', { notes: 'x' })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/compliance/regimes/nope', { notes: 'x' })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/compliance/regimes/${first!.id}`, { name: second!.name })).statusCode).toBe(409);
    expect((await send('PATCH', `/api/compliance/regimes/${first!.id}`, { interval: { count: 1, unit: 'day' }, dueSoonDays: 1 })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/compliance/regimes/${first!.id}`, { notes: 'x' }, manager)).statusCode).toBe(403);
  });
});
