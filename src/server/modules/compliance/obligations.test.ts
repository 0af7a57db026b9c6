import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createClock, createdBy, createTestApp, getJson, postJson, registerUser, sendAs, signIn, type TestApp, type TestClock } from '../../../../tests/setup/test-app';
import { actions as actionsTable, obligations as obligationsTable, users as usersTable } from '../../db/schema';
import { transactionAs } from '../../db/actor';
import { recomputeObligation } from './obligations.repo';
import { advanceComplianceCalendar } from './compliance-calendar';
import { png, uploadLocal } from '../../../../tests/setup/media-fixtures';
import type { Inspection, Obligation, Regime } from '../../../shared/contract/compliance';

/**
 * Obligations and inspections through the API (ADR 025): every date worked out by the shared rules,
 * checked on the calendar the app's clock shows, moved across due dates, month ends, leap days and
 * the clocks going forward.
 */

let t: TestApp;
let clock: TestClock;
let manager: string;
let surveyor: string;
let surveyorId: string;
let regimes: Map<string, Regime>;
let site: string;

let accounts: Array<{ username: string; password: string; use: (cookie: string) => void }> = [];

/** Sets the app's clock to this instant, and signs the users in again (months pass between steps). */
async function setClock(iso: string) {
  clock.advance(new Date(iso).getTime() - clock.now().getTime());
  for (const account of accounts) account.use(await signIn(t.app, account.username, account.password));
}

const send = (method: InjectOptions['method'], url: string, cookie: string, body?: unknown) => sendAs(t.app, cookie, method, url, body);

const created = createdBy;

const newAsset = async () =>
  (await created(postJson(t.app, '/api/assets', { locationId: site, type: 'hvac', condition: 'good' }, { cookie: manager }))).id;
const oblige = (regimeKey: string, place: { assetId?: string; locationId?: string }, extra: Record<string, unknown> = {}) =>
  created<Obligation>(send('POST', '/api/obligations', manager, { regimeId: regimes.get(regimeKey)!.id, ...place, ...extra }));
const inspect = (obligationId: string, performedOn: string, extra: Record<string, unknown> = {}, cookie = surveyor) =>
  send('POST', '/api/inspections', cookie, { obligationId, performedOn, result: 'pass', ...extra });
const obligation = async (id: string) => (await getJson(t.app, `/api/obligations/${id}`, manager)).json<Obligation>();

beforeAll(async () => {
  clock = createClock(new Date('2025-01-15T10:00:00Z'));
  t = await createTestApp({ clock });
  const managerAccount = await registerUser(t.app, { role: 'asset_manager' });
  const surveyorAccount = await registerUser(t.app, { role: 'surveyor' });
  manager = managerAccount.cookie;
  surveyor = surveyorAccount.cookie;
  surveyorId = surveyorAccount.user.id;
  accounts = [
    { ...managerAccount.input, use: (cookie) => (manager = cookie) },
    { ...surveyorAccount.input, use: (cookie) => (surveyor = cookie) },
  ];
  regimes = new Map((await getJson(t.app, '/api/compliance/regimes', manager)).json<Regime[]>().map((r) => [r.key, r]));
  site = (await created(postJson(t.app, '/api/locations', { name: 'Compliance House', type: 'building' }, { cookie: manager }))).id;
});

afterAll(async () => {
  await t?.close();
});

describe('an obligation', () => {
  it('is unknown until an inspection proves it, however soon its first date', async () => {
    const o = await oblige('eicr', { locationId: site }, { startOn: '2025-06-01' });
    expect(o).toMatchObject({ status: 'unknown', nextDueOn: '2025-06-01', lastCompletedOn: null, state: 'active', locationId: site, assetId: null });
    expect(o.regime.key).toBe('eicr');
    expect(o.interval).toEqual(regimes.get('eicr')!.interval);
  });

  it('is due its interval after the completion, with month ends clamped, and changes status with the calendar alone', async () => {
    await setClock('2025-01-15T10:00:00Z');
    const o = await oblige('gas_safety', { assetId: await newAsset() });
    // Back-dated to a leap day: a year later is 28 February.
    expect((await inspect(o.id, '2024-02-29')).statusCode).toBe(201);
    expect(await obligation(o.id)).toMatchObject({ lastCompletedOn: '2024-02-29', lastResult: 'pass', nextDueOn: '2025-02-28', status: 'compliant' });

    // A new inspection on 31 January: next due 31 January 2026, compliant.
    await setClock('2025-02-01T09:00:00Z');
    expect((await inspect(o.id, '2025-01-31', {}, manager)).statusCode).toBe(201);
    expect(await obligation(o.id)).toMatchObject({ nextDueOn: '2026-01-31', status: 'compliant' });

    // The calendar alone: 30 days before, due soon; the day after, overdue. No write in between.
    await setClock('2026-01-01T00:30:00Z');
    expect((await obligation(o.id)).status).toBe('due_soon');
    await setClock('2026-01-31T23:59:00Z');
    expect((await obligation(o.id)).status).toBe('due_soon');
    await setClock('2026-02-01T00:00:30Z');
    expect((await obligation(o.id)).status).toBe('overdue');
    // The list says the same as the record.
    const list = (await getJson(t.app, `/api/obligations?assetId=${o.assetId}`, surveyor)).json<Obligation[]>();
    expect(list.map((x) => x.status)).toEqual(['overdue']);
  });

  it('is stored with its new status by the calendar job, once, on the day it changes', async () => {
    await setClock('2025-03-10T12:00:00Z');
    const o = await oblige('fire_extinguisher_service', { assetId: await newAsset() });
    expect((await inspect(o.id, '2025-03-10')).statusCode).toBe(201);
    const stored = async () => (await t.db.select().from(obligationsTable).where(eq(obligationsTable.id, o.id)))[0]!;
    expect(await stored()).toMatchObject({ status: 'compliant', nextDueOn: '2026-03-10', statusChangesOn: '2026-02-08' });

    // (Other tests' obligations may be due on these days too.)
    await advanceComplianceCalendar(t.db, '2026-02-07');
    expect((await stored()).status).toBe('compliant');
    expect(await advanceComplianceCalendar(t.db, '2026-02-08')).toBeGreaterThanOrEqual(1);
    expect(await stored()).toMatchObject({ status: 'due_soon', statusChangesOn: '2026-03-11' });
    // Run again the same day: nothing left to do for this one.
    await advanceComplianceCalendar(t.db, '2026-02-08');
    expect((await stored()).statusChangesOn).toBe('2026-03-11');
    await advanceComplianceCalendar(t.db, '2026-03-11');
    expect(await stored()).toMatchObject({ status: 'overdue', statusChangesOn: null });
  });

  it('takes an earlier certificate expiry as its next due date', async () => {
    await setClock('2025-05-01T10:00:00Z');
    const o = await oblige('eicr', { assetId: await newAsset() });
    expect((await inspect(o.id, '2025-04-30', { certificateNumber: 'EICR-778', certificateExpiresOn: '2027-04-30' })).statusCode).toBe(201);
    expect(await obligation(o.id)).toMatchObject({ nextDueOn: '2027-04-30', certificateExpiresOn: '2027-04-30', status: 'compliant' });
  });

  it('counts the latest inspection by date performed, not the last one entered', async () => {
    await setClock('2025-05-01T10:00:00Z');
    const o = await oblige('gas_safety', { assetId: await newAsset() });
    await inspect(o.id, '2025-04-20');
    // Paper records caught up afterwards: an older inspection entered later changes nothing.
    await inspect(o.id, '2024-04-20');
    expect(await obligation(o.id)).toMatchObject({ lastCompletedOn: '2025-04-20', nextDueOn: '2026-04-20' });
  });

  it('recomputes from the last completion when its interval changes, with a reason', async () => {
    await setClock('2025-05-01T10:00:00Z');
    const o = await oblige('pat', { assetId: await newAsset() });
    await inspect(o.id, '2025-01-31');
    const noReason = await send('PATCH', `/api/obligations/${o.id}`, manager, { interval: { count: 1, unit: 'month' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe('Say why this obligation has an interval of its own');
    const changed = await created<Obligation>(
      send('PATCH', `/api/obligations/${o.id}`, manager, { interval: { count: 1, unit: 'month' }, intervalReason: 'Site equipment, high risk' }),
    );
    // 31 January + 1 month: the end of February.
    expect(changed).toMatchObject({ interval: { count: 1, unit: 'month' }, intervalOverridden: true, nextDueOn: '2025-02-28', status: 'overdue' });
  });

  it('is not in force while suspended or not applicable, which needs a reason, and never counts as compliant', async () => {
    const o = await oblige('loler_equipment', { assetId: await newAsset() });
    expect((await send('PATCH', `/api/obligations/${o.id}`, manager, { state: 'not_applicable' })).statusCode).toBe(400);
    const na = await created<Obligation>(send('PATCH', `/api/obligations/${o.id}`, manager, { state: 'not_applicable', stateReason: 'No lifting equipment' }));
    expect(na).toMatchObject({ state: 'not_applicable', status: 'not_applicable', stateReason: 'No lifting equipment' });
    const back = await created<Obligation>(send('PATCH', `/api/obligations/${o.id}`, manager, { state: 'active' }));
    expect(back).toMatchObject({ state: 'active', status: 'unknown', stateReason: null });
  });

  it('is one per regime on an asset', async () => {
    const asset = await newAsset();
    await oblige('gas_safety', { assetId: asset });
    const again = await send('POST', '/api/obligations', manager, { regimeId: regimes.get('gas_safety')!.id, assetId: asset });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(`This asset already has the obligation "${regimes.get('gas_safety')!.name}"`);
  });

  it('refuses an obligation on nothing, on both, or on a regime that does not exist', async () => {
    const both = await send('POST', '/api/obligations', manager, { regimeId: regimes.get('eicr')!.id, assetId: await newAsset(), locationId: site });
    expect(both.statusCode).toBe(400);
    expect((await send('POST', '/api/obligations', manager, { regimeId: regimes.get('eicr')!.id })).statusCode).toBe(400);
    const missing = await send('POST', '/api/obligations', manager, { regimeId: '00000000-0000-4000-8000-000000000000', locationId: site });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('Regime not found');
  });

  it('moves with its asset, as the asset’s actions do', async () => {
    const asset = await newAsset();
    const o = await oblige('gas_safety', { assetId: asset });
    const action = await created(send('POST', '/api/actions', manager, { title: 'Service boiler', priority: 'low', assetId: asset }));
    const other = (await created(postJson(t.app, '/api/locations', { name: 'Annexe', type: 'building' }, { cookie: manager }))).id;
    expect((await send('PATCH', `/api/assets/${asset}`, manager, { locationId: other })).statusCode).toBe(200);
    expect((await obligation(o.id)).locationId).toBe(other);
    const [moved] = await t.db.select({ locationId: actionsTable.locationId }).from(actionsTable).where(eq(actionsTable.id, action.id));
    expect(moved!.locationId).toBe(other);
  });
});

describe('putting a regime on a whole location', () => {
  it('covers every asset of its usual types and every location of its usual levels below, once', async () => {
    const estate = (await created(postJson(t.app, '/api/locations', { name: 'Bulk Estate', type: 'site' }, { cookie: manager }))).id;
    const block = (await created(postJson(t.app, '/api/locations', { name: 'Bulk Block', type: 'building', parentId: estate }, { cookie: manager }))).id;
    const asset = (type: string, status = 'active') => created(postJson(t.app, '/api/assets', { locationId: block, type, status, condition: 'good' }, { cookie: manager }));
    const [pc1, pc2] = [await asset('pc'), await asset('printer')];
    await asset('hvac');
    await asset('monitor', 'disposed');
    const apply = (regimeKey: string, cookie = manager) => send('POST', '/api/obligations/bulk', cookie, { regimeId: regimes.get(regimeKey)!.id, locationId: estate });

    // PAT: the PC and the printer (the disposed monitor and the boiler are left out).
    const first = await apply('pat');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 2, existing: 0 });
    const pat = (await getJson(t.app, `/api/obligations?assetId=${pc1.id}`, manager)).json<Obligation[]>();
    expect(pat).toEqual([expect.objectContaining({ status: 'unknown', nextDueOn: null, regime: expect.objectContaining({ key: 'pat' }) })]);
    expect((await getJson(t.app, `/api/obligations?assetId=${pc2.id}`, manager)).json<Obligation[]>()).toHaveLength(1);
    // Again: nothing new.
    expect((await apply('pat')).json()).toEqual({ created: 0, existing: 2 });
    // Gas safety: the boiler and the building; a fire risk assessment: the site and the building.
    expect((await apply('gas_safety')).json()).toEqual({ created: 2, existing: 0 });
    expect((await apply('fire_risk_assessment')).json()).toEqual({ created: 2, existing: 0 });
    expect((await getJson(t.app, `/api/obligations?locationId=${block}`, manager)).json<Obligation[]>().map((o) => o.regime.key).sort()).toEqual([
      'fire_risk_assessment',
      'gas_safety',
    ]);
    expect((await apply('pat', surveyor)).statusCode).toBe(403);
  });
});

describe('recording an inspection', () => {
  it('refuses a date in the future, on the organisation’s calendar, not UTC’s', async () => {
    const o = await oblige('gas_safety', { assetId: await newAsset() });
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    await setClock('2025-06-30T23:30:00Z');
    expect((await inspect(o.id, '2025-07-01')).statusCode).toBe(201);
    const future = await inspect(o.id, '2025-07-02');
    expect(future.statusCode).toBe(400);
    expect(future.json<{ message: string }>().message).toBe("Inspection date can't be in the future: 2025-07-02 is after today (2025-07-01)");
    expect((await inspect(o.id, '2025-02-30')).statusCode).toBe(400);
    const readings = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`r${i}`, i]));
    const tooMany = await inspect(o.id, '2025-06-30', { readings });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toBe('At most 20 readings');
  });

  it('checks readings against the regime’s limits: out of limits is a fail, an unknown reading is refused, and nothing is half-written', async () => {
    const o = await oblige('legionella_sentinel_temperatures', { locationId: site });
    const hot = 'hot_sentinel_temperature';
    const cold = 'cold_sentinel_temperature';
    const lukewarm = await inspect(o.id, '2025-06-20', { readings: { [hot]: 45.5, [cold]: 12 } });
    expect(lukewarm.statusCode).toBe(400);
    expect(lukewarm.json()).toMatchObject({
      message: 'Hot sentinel outlet after 1 minute 45.5 °C is outside its limit (≥ 50 °C), so the result is a fail',
      errors: { [`readings.${hot}`]: 'Hot sentinel outlet after 1 minute 45.5 °C is outside its limit (≥ 50 °C), so the result is a fail' },
    });
    expect((await inspect(o.id, '2025-06-20', { result: 'pass_with_observations', readings: { [cold]: 20 } })).statusCode).toBe(400);
    const typo = await inspect(o.id, '2025-06-20', { readings: { hot_tap: 60 } });
    expect(typo.statusCode).toBe(400);
    expect(typo.json<{ message: string }>().message).toBe('Reading "hot_tap" is not one of this regime’s readings');
    expect((await getJson(t.app, `/api/obligations/${o.id}/inspections`, manager)).json<Inspection[]>()).toHaveLength(0);

    const failed = await inspect(o.id, '2025-06-20', { result: 'fail', readings: { [hot]: 45.5, [cold]: 12 } });
    expect(failed.statusCode).toBe(201);
    expect(failed.json<Inspection>().readings).toEqual({ [hot]: 45.5, [cold]: 12 });
    const passed = await inspect(o.id, '2025-06-21', { readings: { [hot]: 50, [cold]: 19.9 } });
    expect(passed.statusCode).toBe(201);
    expect(await obligation(o.id)).toMatchObject({ lastResult: 'pass', lastCompletedOn: '2025-06-21' });
  });

  it('gives the first record back when a phone retries with the same id', async () => {
    await setClock('2025-07-10T10:00:00Z');
    const o = await oblige('gas_safety', { assetId: await newAsset() });
    const id = crypto.randomUUID();
    const first = await inspect(o.id, '2025-07-09', { id, certificateNumber: 'GS-1' });
    const retry = await inspect(o.id, '2025-07-09', { id, certificateNumber: 'GS-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Inspection>().id).toBe(id);
    const history = (await getJson(t.app, `/api/obligations/${o.id}/inspections`, manager)).json<Inspection[]>();
    expect(history).toHaveLength(1);
    // The same id on another obligation is someone else's record.
    const other = await oblige('eicr', { assetId: await newAsset() });
    expect((await inspect(other.id, '2025-07-09', { id })).statusCode).toBe(409);
  });

  it('keeps a failed obligation failed until a later inspection passes', async () => {
    await setClock('2025-08-10T10:00:00Z');
    const o = await oblige('gas_safety', { assetId: await newAsset() });
    await inspect(o.id, '2025-08-01', { result: 'fail' });
    expect((await obligation(o.id)).status).toBe('failed');
    await inspect(o.id, '2025-08-08', { result: 'pass_with_observations' });
    expect(await obligation(o.id)).toMatchObject({ status: 'compliant', lastResult: 'pass_with_observations' });
  });

  it('is corrected by a new entry, never edited; the corrected entry no longer counts', async () => {
    await setClock('2025-09-10T10:00:00Z');
    const o = await oblige('gas_safety', { assetId: await newAsset() });
    const wrong = await created<Inspection>(inspect(o.id, '2025-09-09', { result: 'fail' }));
    expect((await obligation(o.id)).status).toBe('failed');
    const fix = await created<Inspection>(inspect(o.id, '2025-09-09', { result: 'pass', correctsId: wrong.id, notes: 'Entered as a fail by mistake' }));
    expect(await obligation(o.id)).toMatchObject({ status: 'compliant', lastResult: 'pass' });
    const history = (await getJson(t.app, `/api/obligations/${o.id}/inspections`, manager)).json<Inspection[]>();
    expect(history.map((i) => [i.id, i.correctedById, i.correctsId])).toEqual(
      expect.arrayContaining([
        [wrong.id, fix.id, null],
        [fix.id, null, wrong.id],
      ]),
    );
    // One correction per entry: a second correction corrects the correction.
    expect((await inspect(o.id, '2025-09-09', { correctsId: wrong.id })).statusCode).toBe(409);
  });

  it('names who performed it, and refuses someone who is not an active user, writing nothing', async () => {
    const o = await oblige('gas_safety', { assetId: await newAsset() });
    const today = clock.now().toISOString().slice(0, 10);
    const refused = await inspect(o.id, today, { performedById: crypto.randomUUID() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ performedById: 'Choose an active user' });
    expect((await getJson(t.app, `/api/obligations/${o.id}/inspections`, manager)).json<Inspection[]>()).toEqual([]);
    const made = await created<Inspection>(inspect(o.id, today, { performedById: surveyorId }));
    expect(made).toMatchObject({ performedById: surveyorId, performedByName: expect.any(String), recordedById: surveyorId, correctedById: null, evidence: [] });
    expect(made.recordedByName).toBe(made.performedByName);
  });

  it('stores what working the dates out from every inspection gives, whatever order the entries come in', async () => {
    // The clock as the test before left it (signing in again for a clock of its own is rate-limited).
    const today = clock.now().toISOString().slice(0, 10);
    const o = await oblige('gas_safety', { assetId: await newAsset() });
    const actorId = (await t.db.select({ id: usersTable.id }).from(usersTable).limit(1))[0]!.id;
    const dated = (row: typeof obligationsTable.$inferSelect) => ({
      lastCompletedOn: row.lastCompletedOn,
      lastResult: row.lastResult,
      lastInspectionId: row.lastInspectionId,
      lastCertificateNumber: row.lastCertificateNumber,
      certificateExpiresOn: row.certificateExpiresOn,
      nextDueOn: row.nextDueOn,
      status: row.status,
      statusChangesOn: row.statusChangesOn,
      remedialActionOpen: row.remedialActionOpen,
    });
    const stored = async () => dated((await t.db.select().from(obligationsTable).where(eq(obligationsTable.id, o.id)))[0]!);
    const entries: Array<[string, Record<string, unknown>]> = [
      ['2024-06-01', {}],
      ['2024-12-01', { result: 'pass_with_observations', certificateNumber: 'GS-2', certificateExpiresOn: '2025-06-30' }],
      ['2024-12-01', { certificateNumber: 'GS-3' }],
      ['2024-03-01', {}],
      ['2025-08-01', { result: 'fail' }],
      ['2025-08-15', {}],
      ['2025-09-01', { certificateNumber: 'GS-7' }],
    ];
    let last: Inspection | undefined;
    for (const [performedOn, extra] of entries) {
      last = await created<Inspection>(inspect(o.id, performedOn, extra));
      const recorded = await stored();
      await transactionAs(t.db, actorId, (tx) => recomputeObligation(tx, o.id, today, actorId));
      expect(await stored(), `after the entry of ${performedOn}`).toEqual(recorded);
    }
    // Corrected: the entry before it counts again.
    await created<Inspection>(inspect(o.id, '2025-09-01', { correctsId: last!.id, result: 'fail' }));
    const recorded = await stored();
    await transactionAs(t.db, actorId, (tx) => recomputeObligation(tx, o.id, today, actorId));
    expect(await stored()).toEqual(recorded);
    expect(recorded).toMatchObject({ lastCompletedOn: '2025-09-01', lastResult: 'fail', status: 'failed' });
  });

  it('is open to surveyors; setting obligations up is not', async () => {
    const refused = await send('POST', '/api/obligations', surveyor, { regimeId: regimes.get('eicr')!.id, locationId: site });
    expect(refused.statusCode).toBe(403);
  });
});

describe('remedial actions', () => {
  const raisedFor = (obligationId: string) =>
    t.db
      .select({ id: actionsTable.id, title: actionsTable.title, priority: actionsTable.priority, category: actionsTable.category, assetId: actionsTable.assetId, locationId: actionsTable.locationId, inspectionId: actionsTable.inspectionId, overdueFor: actionsTable.overdueFor })
      .from(actionsTable)
      .where(eq(actionsTable.obligationId, obligationId));

  it('are raised by a failed inspection, once, and keep the obligation failed until done', async () => {
    await setClock('2025-10-10T10:00:00Z');
    const asset = await newAsset();
    const o = await oblige('gas_safety', { assetId: asset });
    const id = crypto.randomUUID();
    const failed = await created<Inspection>(inspect(o.id, '2025-10-09', { id, result: 'fail', certificateNumber: 'GS-9', notes: 'Flue spillage' }));
    expect((await inspect(o.id, '2025-10-09', { id, result: 'fail' })).statusCode).toBe(200);
    const raised = await raisedFor(o.id);
    expect(raised).toEqual([
      expect.objectContaining({ title: `${regimes.get('gas_safety')!.name} failed`, priority: 'high', category: 'compliance', assetId: asset, inspectionId: failed.id, overdueFor: null }),
    ]);
    expect((await obligation(o.id)).status).toBe('failed');

    // The surveyor does the work and, as the regime needs a certificate, attaches the evidence: the
    // obligation follows its dates again; reopened, it is failed again.
    const bare = await send('PATCH', `/api/actions/${raised[0]!.id}`, surveyor, { status: 'completed' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ message: string }>().message).toBe('Attach evidence (a photo or the certificate) before completing this remedial action');
    expect((await obligation(o.id)).status).toBe('failed');
    const key = await uploadLocal(t.app, surveyor, await png(), 'image/png');
    await created(postJson(t.app, '/api/media', { key, filename: 'certificate.png', actionId: raised[0]!.id }, { cookie: surveyor }));
    const done = await send('PATCH', `/api/actions/${raised[0]!.id}`, surveyor, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(await obligation(o.id)).toMatchObject({ status: 'compliant', lastResult: 'fail', nextDueOn: '2026-10-09' });
    expect((await send('PATCH', `/api/actions/${raised[0]!.id}`, manager, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await obligation(o.id)).status).toBe('failed');
  });

  it('are raised at low priority for observations, which leave the obligation compliant', async () => {
    const o = await oblige('fire_risk_assessment', { locationId: site });
    await inspect(o.id, '2025-10-01', { result: 'pass_with_observations' });
    const [raised] = await raisedFor(o.id);
    expect(raised).toMatchObject({ priority: 'low', assetId: null, locationId: site });
    expect((await obligation(o.id)).status).toBe('compliant');
  });

  it('are raised once when an obligation falls overdue, for that due date', async () => {
    await setClock('2025-10-20T10:00:00Z');
    const o = await oblige('fire_extinguisher_service', { assetId: await newAsset() });
    await inspect(o.id, '2025-10-20');
    expect(await raisedFor(o.id)).toEqual([]);
    await advanceComplianceCalendar(t.db, '2026-10-21');
    await advanceComplianceCalendar(t.db, '2026-10-22');
    // A write that finds it overdue raises nothing more.
    expect((await send('PATCH', `/api/obligations/${o.id}`, manager, { contractor: 'Acme Fire' })).statusCode).toBe(200);
    const raised = await raisedFor(o.id);
    expect(raised).toEqual([expect.objectContaining({ title: `${regimes.get('fire_extinguisher_service')!.name} overdue`, priority: 'high', overdueFor: '2026-10-20', inspectionId: null })]);
  });
});

