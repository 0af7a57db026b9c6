import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, gt, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { pgErrorCode } from '../../http-errors';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { png, uploadLocal } from '../../../../tests/setup/media-fixtures';
import {
  NEXT_CURSOR_HEADER,
  type Action,
  type Assessment,
  type Asset,
  type HistoryEntry,
  type Location,
  type Media,
  type Meter,
} from '../../../shared/contract';
import type { User } from '../../../shared/contract/auth';

/**
 * The audit trail (issue #7): every API write leaves rows naming the signed-in user, in the same
 * transaction (a refused write leaves none), and GET /api/assets/{id}/history reads them back.
 */

let t: TestApp;
let cookie: string;
let user: User;
let otherCookie: string;
let other: User;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, user } = await registerUser(t.app, { fullName: 'Alice Auditor', role: 'asset_manager' }));
  ({ cookie: otherCookie, user: other } = await registerUser(t.app, { fullName: 'Bob Builder', role: 'asset_manager' }));
});
afterAll(async () => {
  await t?.close();
});

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type AuditRow = typeof auditLog.$inferSelect;

/** The newest audit row id: rows after it are what the next requests wrote. */
async function mark(): Promise<number> {
  const result = await t.db.execute<{ id: string | null }>(sql`SELECT max(id)::text AS id FROM audit_log`);
  return Number(result.rows[0]?.id ?? 0);
}
const rowsSince = (since: number): Promise<AuditRow[]> => t.db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id));

const send = (method: 'PATCH' | 'DELETE', url: string, body?: unknown, as = cookie) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: as, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });

async function created<T>(url: string, body: Record<string, unknown>, as = cookie): Promise<T> {
  const res = await postJson(t.app, url, body, { cookie: as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

async function newSite(): Promise<Location> {
  counter += 1;
  return created<Location>('/api/locations', { name: `Audit site ${counter}`, type: 'site' });
}
async function newAsset(body: Record<string, unknown> = {}): Promise<Asset> {
  const site = await newSite();
  return created<Asset>('/api/assets', { locationId: site.id, type: 'hvac', condition: 'good', make: 'Daikin', ...body });
}
async function history(assetId: string, query = '', as = cookie) {
  const res = await getJson(t.app, `/api/assets/${assetId}/history${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return { entries: res.json<HistoryEntry[]>(), next: res.headers[NEXT_CURSOR_HEADER] as string | undefined };
}

describe('audit rows of API writes', () => {
  it('records a location create, and a rename as one update of the name alone', async () => {
    const before = await mark();
    const org = await created<Location>('/api/locations', { name: 'Audit Org', type: 'organisation' });
    const site = await created<Location>('/api/locations', { name: 'Old Name', type: 'site', parentId: org.id });
    await created<Asset>('/api/assets', { locationId: site.id, type: 'pc', condition: 'good' });
    const afterCreates = await mark();
    expect((await rowsSince(before)).map((r) => [r.entity, r.operation, r.actorId])).toEqual([
      ['locations', 'create', user.id],
      ['locations', 'create', user.id],
      ['assets', 'create', user.id],
    ]);

    const res = await send('PATCH', `/api/locations/${org.id}`, { name: 'New Org' });
    expect(res.statusCode, res.body).toBe(200);
    // The paths rewritten below it (the site's, the asset's copy) are derived: not changes anyone made.
    const rows = await rowsSince(afterCreates);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'locations',
      entityId: org.id,
      operation: 'update',
      actorId: user.id,
      before: { name: 'Audit Org' },
      after: { name: 'New Org' },
    });
  });

  it('records an asset create whole, an update with only the changed fields, by the signed-in user', async () => {
    const before = await mark();
    const asset = await newAsset({ make: 'Daikin', serial: 'SN-1' });
    const [locationRow, createRow] = await rowsSince(before);
    expect(locationRow).toMatchObject({ entity: 'locations', operation: 'create' });
    expect(createRow).toMatchObject({ entity: 'assets', entityId: asset.id, assetId: asset.id, operation: 'create', actorId: user.id, before: null });
    expect(createRow!.after).toMatchObject({ asset_id: asset.assetId, make: 'Daikin', serial: 'SN-1', condition: 'good', created_by: user.id });
    expect(createRow!.after).not.toHaveProperty('search_text');

    const beforeUpdate = await mark();
    const res = await send('PATCH', `/api/assets/${asset.id}`, { make: 'Mitsubishi', condition: 'poor', serial: 'SN-1' }, otherCookie);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsSince(beforeUpdate);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'assets',
      operation: 'update',
      actorId: other.id,
      before: { make: 'Daikin', condition: 'good' },
      after: { make: 'Mitsubishi', condition: 'poor' },
    });
    // Unchanged (serial) and derived (updated_at, search_text) fields are not part of the change.
    expect(Object.keys(rows[0]!.after!).sort()).toEqual(['condition', 'make']);
  });

  it("records an assessment, its defects and the asset's new condition as changes by the assessor", async () => {
    const asset = await newAsset({ condition: 'good' });
    const before = await mark();
    const assessment = await created<Assessment>(
      '/api/assessments',
      { assetId: asset.id, condition: 'unsafe', conditionNotes: 'Exposed wiring', defects: [{ description: 'Cable loose', severity: 'high' }] },
      otherCookie,
    );
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.entity, r.operation, r.actorId, r.assetId])).toEqual([
      ['assessments', 'create', other.id, asset.id],
      ['defects', 'create', other.id, asset.id],
      ['assets', 'update', other.id, asset.id],
    ]);
    expect(rows[0]!.after).toMatchObject({ assessment_id: assessment.assessmentId, condition: 'unsafe', assessed_by: other.id });
    expect(rows[2]).toMatchObject({
      before: { condition: 'good', condition_notes: null },
      after: { condition: 'unsafe', condition_notes: 'Exposed wiring' },
    });
  });

  it('records an action create and a status change', async () => {
    const asset = await newAsset();
    const before = await mark();
    const action = await created<Action>('/api/actions', { title: 'Replace filter', priority: 'high', assetId: asset.id });
    const res = await send('PATCH', `/api/actions/${action.id}`, { status: 'in_progress', title: 'Replace filter' }, otherCookie);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.entity, r.operation, r.actorId, r.assetId])).toEqual([
      ['actions', 'create', user.id, asset.id],
      ['actions', 'update', other.id, asset.id],
    ]);
    expect(rows[1]).toMatchObject({ before: { status: 'open' }, after: { status: 'in_progress' } });
    expect(Object.keys(rows[1]!.after!)).toEqual(['status']);
  });

  it('records a photo recorded and deleted, with the asset photo list kept in step', async () => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    const before = await mark();
    const photo = await created<Media>('/api/media', { key, filename: 'roof.png', assetId: asset.id });
    const afterCreate = await mark();
    expect((await rowsSince(before)).map((r) => [r.entity, r.operation, r.actorId])).toEqual([
      ['media', 'create', user.id],
      ['assets', 'update', user.id],
    ]);

    const res = await send('DELETE', `/api/media/${photo.id}`, undefined, otherCookie);
    expect(res.statusCode).toBe(204);
    const rows = await rowsSince(afterCreate);
    expect(rows.map((r) => [r.entity, r.operation, r.actorId])).toEqual([
      ['media', 'delete', other.id],
      ['assets', 'update', other.id],
    ]);
    expect(rows[0]!.before).toMatchObject({ filename: 'roof.png', asset_id: asset.id });
  });

  it('records a meter and a reading, not the meter’s derived latest reading', async () => {
    const site = await newSite();
    const before = await mark();
    const meter = await created<Meter>('/api/meters', { meterNumber: `AUD-${++counter}`, type: 'water', unit: 'L', locationId: site.id });
    await created('/api/meter-readings', { meterId: meter.id, reading: 120, readingDate: '2026-01-05T09:00:00Z' }, otherCookie);
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.entity, r.operation, r.actorId])).toEqual([
      ['meters', 'create', user.id],
      ['meter_readings', 'create', other.id],
    ]);
    expect(rows[1]!.after).toMatchObject({ meter_id: meter.id, reading: 120 });
  });

  it('records an asset delete with the rows it cascades to, all by the deleting user', async () => {
    const asset = await newAsset();
    const assessment = await created<Assessment>('/api/assessments', {
      assetId: asset.id,
      condition: 'fair',
      defects: [{ description: 'Rust', severity: 'low' }],
    });
    await created<Action>('/api/actions', { title: 'Treat rust', priority: 'low', assetId: asset.id, assessmentId: assessment.id });
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    await created<Media>('/api/media', { key, filename: 'rust.png', assetId: asset.id });

    const before = await mark();
    const res = await send('DELETE', `/api/assets/${asset.id}`, undefined, otherCookie);
    expect(res.statusCode).toBe(204);
    const rows = await rowsSince(before);
    const deletes = rows.filter((r) => r.operation === 'delete').map((r) => r.entity).sort();
    expect(deletes).toEqual(['actions', 'assessments', 'assets', 'defects', 'media']);
    expect(rows.every((r) => r.actorId === other.id)).toBe(true);
    // Every row, the cascaded defect's too, still names the asset it belonged to.
    expect(rows.every((r) => r.assetId === asset.id)).toBe(true);
    expect(rows.find((r) => r.entity === 'assets')!.before).toMatchObject({ asset_id: asset.assetId, make: 'Daikin' });
  });
});

describe('refused writes leave no audit rows', () => {
  it('writes nothing for a 400, 404 or 409', async () => {
    const asset = await newAsset();
    const site = await newSite();
    const meter = await created<Meter>('/api/meters', { meterNumber: `DUP-${++counter}`, type: 'gas', unit: 'm³', locationId: site.id });
    await created('/api/meter-readings', { meterId: meter.id, reading: 500, readingDate: '2026-02-01T09:00:00Z' });
    const otherAsset = await newAsset();
    const taken = await created<Assessment>('/api/assessments', { assetId: otherAsset.id, condition: 'good' });

    const before = await mark();
    const refused: Array<[string, Promise<{ statusCode: number }>, number]> = [
      ['asset at an unknown location', postJson(t.app, '/api/assets', { locationId: MISSING_ID, type: 'pc', condition: 'good' }, { cookie }), 400],
      ['asset moved to an unknown location', send('PATCH', `/api/assets/${asset.id}`, { locationId: MISSING_ID }), 400],
      ['unknown asset edited', send('PATCH', `/api/assets/${MISSING_ID}`, { make: 'X' }), 404],
      ['unknown asset deleted', send('DELETE', `/api/assets/${MISSING_ID}`), 404],
      ['location under a missing parent', postJson(t.app, '/api/locations', { name: 'Orphan', type: 'building', parentId: MISSING_ID }, { cookie }), 400],
      ['organisation under a site', postJson(t.app, '/api/locations', { name: 'Wrong', type: 'organisation', parentId: site.id }, { cookie }), 400],
      ['unknown location renamed', send('PATCH', `/api/locations/${MISSING_ID}`, { name: 'Nope' }), 404],
      ['action on an unknown asset', postJson(t.app, '/api/actions', { title: 'x', priority: 'low', assetId: MISSING_ID }, { cookie }), 400],
      ['unknown action edited', send('PATCH', `/api/actions/${MISSING_ID}`, { status: 'closed' }), 404],
      ['assessment of an unknown asset', postJson(t.app, '/api/assessments', { assetId: MISSING_ID, condition: 'good' }, { cookie }), 400],
      [
        'assessment id of another asset',
        postJson(t.app, '/api/assessments', { assetId: asset.id, condition: 'poor', assessmentId: taken.assessmentId }, { cookie }),
        409,
      ],
      ['duplicate meter number', postJson(t.app, '/api/meters', { meterNumber: meter.meterNumber, type: 'gas', unit: 'm³', locationId: site.id }, { cookie }), 409],
      ['reading lower than the last', postJson(t.app, '/api/meter-readings', { meterId: meter.id, reading: 10, readingDate: '2026-03-01T09:00:00Z' }, { cookie }), 400],
      ['unknown media deleted', send('DELETE', `/api/media/${MISSING_ID}`), 404],
    ];
    for (const [what, request, status] of refused) expect((await request).statusCode, what).toBe(status);
    expect(await rowsSince(before)).toEqual([]);
  });
});

describe('audit_log is append-only', () => {
  it.each([
    ['UPDATE', sql`UPDATE audit_log SET actor_id = NULL`],
    ['DELETE', sql`DELETE FROM audit_log`],
    ['TRUNCATE', sql`TRUNCATE audit_log`],
  ])('refuses %s', async (_name, statement) => {
    await newAsset();
    const count = await mark();
    expect(count).toBeGreaterThan(0);
    const error = await t.db.execute(statement).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(pgErrorCode(error)).toBe('42501');
    expect(await mark()).toBe(count);
    const [row] = await t.db.select().from(auditLog).where(gt(auditLog.id, count - 1));
    expect(row!.actorId).not.toBeNull();
  });
});

describe('GET /api/assets/{id}/history', () => {
  it('lists the asset’s changes newest first, with who, what and the changed fields', async () => {
    const site = await newSite();
    const asset = await created<Asset>('/api/assets', { locationId: site.id, type: 'hvac', condition: 'good', make: 'Daikin' });
    await send('PATCH', `/api/assets/${asset.id}`, { make: 'Mitsubishi' }, otherCookie);
    const assessment = await created<Assessment>('/api/assessments', { assetId: asset.id, condition: 'poor' }, otherCookie);
    const action = await created<Action>('/api/actions', { title: 'Fix it', priority: 'high', assetId: asset.id, assessmentId: assessment.id });
    await send('PATCH', `/api/actions/${action.id}`, { status: 'waiting' });

    const { entries, next } = await history(asset.id);
    expect(next).toBeUndefined();
    expect(entries.map((e) => [e.entity, e.operation, e.actor?.fullName, e.subject])).toEqual([
      ['action', 'update', 'Alice Auditor', action.actionId],
      ['action', 'create', 'Alice Auditor', action.actionId],
      ['asset', 'update', 'Bob Builder', asset.assetId],
      ['assessment', 'create', 'Bob Builder', assessment.assessmentId],
      ['asset', 'update', 'Bob Builder', asset.assetId],
      ['asset', 'create', 'Alice Auditor', asset.assetId],
    ]);
    const [statusChange, actionCreate, conditionChange, assessmentCreate, makeChange, assetCreate] = entries;
    expect(statusChange!.changes).toEqual([{ field: 'status', before: 'open', after: 'waiting' }]);
    expect(makeChange!.changes).toEqual([{ field: 'make', before: 'Daikin', after: 'Mitsubishi' }]);
    expect(makeChange!.actor).toEqual({ id: other.id, fullName: 'Bob Builder' });
    expect(conditionChange!.changes).toEqual([{ field: 'condition', before: 'good', after: 'poor' }]);
    expect(new Date(makeChange!.at).toISOString()).toBe(makeChange!.at);

    // A create lists the fields it set by their API names; references read as names, not ids.
    const fields = (entry: HistoryEntry) => Object.fromEntries(entry.changes.map((c) => [c.field, c.after]));
    expect(fields(assetCreate!)).toMatchObject({ assetId: asset.assetId, type: 'hvac', make: 'Daikin', locationId: site.path, condition: 'good' });
    expect(assetCreate!.changes.every((c) => c.before === null)).toBe(true);
    for (const noise of ['id', 'createdAt', 'updatedAt', 'createdBy', 'locationPath', 'photoUrls', 'clientAssetId', 'searchText']) {
      expect(fields(assetCreate!), noise).not.toHaveProperty(noise);
    }
    expect(fields(assessmentCreate!)).toMatchObject({ assessmentId: assessment.assessmentId, condition: 'poor' });
    expect(fields(assessmentCreate!)).not.toHaveProperty('assetId');
    expect(fields(actionCreate!)).toMatchObject({ title: 'Fix it', priority: 'high', assessmentId: assessment.assessmentId });
  });

  it('shows another user’s change under their name, and a change without a user as System (actor null)', async () => {
    const asset = await newAsset();
    await send('PATCH', `/api/assets/${asset.id}`, { model: 'VRV IV' }, otherCookie);
    // A change made outside the API (no actor set), e.g. by maintenance in psql.
    await t.db.execute(sql`UPDATE assets SET serial = 'FROM-PSQL' WHERE id = ${asset.id}`);
    const { entries } = await history(asset.id, '', otherCookie);
    expect(entries[0]).toMatchObject({ actor: null, changes: [{ field: 'serial', before: null, after: 'FROM-PSQL' }] });
    expect(entries[1]).toMatchObject({ actor: { id: other.id, fullName: 'Bob Builder' }, changes: [{ field: 'model', before: null, after: 'VRV IV' }] });
  });

  it('names compliance records as people say them: an obligation by its regime, an inspection by regime and date, people by name', async () => {
    const asset = await newAsset();
    const regimes = (await getJson(t.app, '/api/compliance/regimes', cookie)).json<Array<{ id: string; key: string; name: string }>>();
    const gas = regimes.find((r) => r.key === 'gas_safety')!;
    const obligation = await created<{ id: string }>('/api/obligations', { regimeId: gas.id, assetId: asset.id, responsibleUserId: other.id });
    await send('PATCH', `/api/obligations/${obligation.id}`, { state: 'suspended', stateReason: 'Boiler capped off' });
    const inspection = await created<{ id: string }>('/api/inspections', { obligationId: obligation.id, performedOn: '2025-01-10', result: 'fail', performedById: other.id });

    const { entries } = await history(asset.id);
    const inspectionName = `${gas.name}, 10 Jan 2025`;
    const raised = entries.find((e) => e.entity === 'action' && e.operation === 'create')!;
    expect(raised.changes).toEqual(
      expect.arrayContaining([
        { field: 'obligationId', before: null, after: gas.name },
        { field: 'inspectionId', before: null, after: inspectionName },
      ]),
    );
    const recorded = entries.find((e) => e.entity === 'inspection')!;
    expect(recorded).toMatchObject({ entityId: inspection.id, operation: 'create', subject: inspectionName });
    expect(recorded.changes).toEqual(expect.arrayContaining([{ field: 'performedById', before: null, after: 'Bob Builder' }]));
    expect(recorded.changes.map((c) => c.field)).not.toContain('recordedById');
    const suspended = entries.find((e) => e.entity === 'obligation' && e.operation === 'update' && e.changes.some((c) => c.field === 'state'))!;
    expect(suspended).toMatchObject({ subject: gas.name });
    expect(suspended.changes).toEqual(expect.arrayContaining([{ field: 'stateSetBy', before: null, after: 'Alice Auditor' }]));
    const added = entries.find((e) => e.entity === 'obligation' && e.operation === 'create')!;
    expect(added).toMatchObject({ subject: gas.name });
    expect(added.changes).toEqual(
      expect.arrayContaining([
        { field: 'regimeId', before: null, after: gas.name },
        { field: 'responsibleUserId', before: null, after: 'Bob Builder' },
      ]),
    );
    // No raw id is left anywhere in the compliance entries.
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-/;
    for (const entry of entries) for (const change of entry.changes) expect(String(change.after), `${entry.entity}.${change.field}`).not.toMatch(uuid);
  });

  it('leaves out updates of derived fields only (a photo added to the list)', async () => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    await created<Media>('/api/media', { key, filename: 'front.png', caption: 'Front', assetId: asset.id });
    const { entries } = await history(asset.id);
    expect(entries.map((e) => [e.entity, e.operation])).toEqual([
      ['media', 'create'],
      ['asset', 'create'],
    ]);
    expect(entries[0]!.subject).toBe('front.png');
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'type', before: null, after: 'photo' },
        { field: 'caption', before: null, after: 'Front' },
      ]),
    );
  });

  it('pages newest first through x-next-cursor without gaps or repeats', async () => {
    const asset = await newAsset();
    for (const make of ['A', 'B', 'C', 'D', 'E']) await send('PATCH', `/api/assets/${asset.id}`, { make });
    const seen: string[] = [];
    let query = '?limit=2';
    let pages = 0;
    for (;;) {
      const { entries, next } = await history(asset.id, query);
      pages += 1;
      expect(entries.length).toBeLessThanOrEqual(2);
      seen.push(...entries.map((e) => e.id));
      if (!next) break;
      query = `?limit=2&cursor=${encodeURIComponent(next)}`;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(6);
    const ids = seen.map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const all = await history(asset.id);
    expect(all.entries.map((e) => e.id)).toEqual(seen);
    expect(all.entries.map((e) => e.changes[0]?.after)).toEqual(['E', 'D', 'C', 'B', 'A', asset.assetId]);
  });

  it('answers 404 for an unknown or malformed asset id, 400 for a bad cursor, 401 signed out', async () => {
    expect((await getJson(t.app, `/api/assets/${MISSING_ID}/history`, cookie)).statusCode).toBe(404);
    expect((await getJson(t.app, '/api/assets/not-a-uuid/history', cookie)).statusCode).toBe(404);
    const asset = await newAsset();
    const bad = await getJson(t.app, `/api/assets/${asset.id}/history?cursor=nonsense`, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/cursor/);
    expect((await getJson(t.app, `/api/assets/${asset.id}/history`)).statusCode).toBe(401);
  });

  it('is gone with its asset (404 after delete) while the rows stay in audit_log', async () => {
    const asset = await newAsset();
    await send('DELETE', `/api/assets/${asset.id}`);
    expect((await getJson(t.app, `/api/assets/${asset.id}/history`, cookie)).statusCode).toBe(404);
    const rows = await t.db.select().from(auditLog).where(sql`${auditLog.entityId} = ${asset.id}`).orderBy(asc(auditLog.id));
    expect(rows.map((r) => r.operation)).toEqual(['create', 'delete']);
  });
});
