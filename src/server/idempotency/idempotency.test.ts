import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, HOUR, postJson, registerUser, sendAs, type TestApp } from '../../../tests/setup/test-app';
import { insertAsset, insertLocation, type AssetRow } from '../../../tests/factories/register';
import { assessments, idempotencyKeys, meterReadings, meters } from '../db/schema';
import { IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_IN_PROGRESS, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_TTL_MS } from '../../shared/domain/idempotency';
import { pruneExpiredIdempotencyKeys } from './idempotency.plugin';

let t: TestApp;
let cookie: string;
let userId: string;
let other: { cookie: string; userId: string };
let asset: AssetRow;
let meterId: string;

beforeAll(async () => {
  t = await createTestApp();
  const first = await registerUser(t.app, { fullName: 'Iris Idem', role: 'asset_manager' });
  cookie = first.cookie;
  userId = first.user.id;
  const second = await registerUser(t.app, { fullName: 'Otto Other', role: 'asset_manager' });
  other = { cookie: second.cookie, userId: second.user.id };
  const location = await insertLocation(t.db, { name: 'Idempotency House' });
  asset = await insertAsset(t.db, userId, { location });
  const meter = await postJson(t.app, '/api/meters', { meterNumber: 'IDEM-1', type: 'electricity', unit: 'kWh', locationId: location.id }, { cookie });
  expect(meter.statusCode, meter.body).toBe(201);
  meterId = meter.json<{ id: string }>().id;
});
afterAll(() => t.close());

const key = () => crypto.randomUUID();
let readingValue = 1000;
const reading = (extra: Record<string, unknown> = {}) => ({ meterId, reading: ++readingValue, readingDate: '2026-11-20T09:00:00.000Z', ...extra });
const withKey = (k: string, as = cookie) => ({ cookie: as, headers: { 'idempotency-key': k } });

async function readingsOfMeter() {
  return t.db.select().from(meterReadings).where(eq(meterReadings.meterId, meterId));
}

describe('Idempotency-Key on creates', () => {
  it('answers a repeat with the original 201 and body, and writes once', async () => {
    const before = (await readingsOfMeter()).length;
    const k = key();
    const body = reading();
    const first = await postJson(t.app, '/api/meter-readings', body, withKey(k));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await postJson(t.app, '/api/meter-readings', body, withKey(k));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    const rows = await readingsOfMeter();
    expect(rows.length).toBe(before + 1);
    expect(rows.find((r) => r.id === first.json<{ id: string }>().id)?.recordedBy).toBe(userId);
  });

  it('matches a repeat whatever its key order or spacing (the validated body is compared)', async () => {
    const k = key();
    const body = reading({ notes: 'plant room' });
    const first = await postJson(t.app, '/api/meter-readings', body, withKey(k));
    expect(first.statusCode).toBe(201);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await postJson(t.app, '/api/meter-readings', reordered, withKey(k));
    expect(again.statusCode).toBe(201);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
  });

  it('creates two records for two keys, and for requests without a key (the spec client)', async () => {
    const before = (await readingsOfMeter()).length;
    const body = reading();
    expect((await postJson(t.app, '/api/meter-readings', body, withKey(key()))).statusCode).toBe(201);
    expect((await postJson(t.app, '/api/meter-readings', { ...body, reading: body.reading + 1 }, withKey(key()))).statusCode).toBe(201);
    expect((await postJson(t.app, '/api/meter-readings', reading(), { cookie })).statusCode).toBe(201);
    expect((await postJson(t.app, '/api/meter-readings', reading(), { cookie })).statusCode).toBe(201);
    expect((await readingsOfMeter()).length).toBe(before + 4);
  });

  it('refuses the same key with another body or another route with a readable 422, writing nothing', async () => {
    const k = key();
    expect((await postJson(t.app, '/api/meter-readings', reading(), withKey(k))).statusCode).toBe(201);
    const before = (await readingsOfMeter()).length;
    const otherBody = await postJson(t.app, '/api/meter-readings', reading(), withKey(k));
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED });
    const otherRoute = await postJson(t.app, '/api/assessments', { assetId: asset.id, condition: 'good' }, withKey(k));
    expect(otherRoute.statusCode).toBe(422);
    expect((await readingsOfMeter()).length).toBe(before);
  });

  it('keeps keys per user: another user’s equal key is theirs, and their record is theirs', async () => {
    const k = key();
    const mine = await postJson(t.app, '/api/meter-readings', reading(), withKey(k));
    const theirs = await postJson(t.app, '/api/meter-readings', reading(), withKey(k, other.cookie));
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    const [row] = await t.db.select().from(meterReadings).where(eq(meterReadings.id, theirs.json<{ id: string }>().id));
    expect(row?.recordedBy).toBe(other.userId);
  });

  it('answers a malformed key with 400 and writes nothing', async () => {
    const before = (await readingsOfMeter()).length;
    for (const bad of ['short', 'x'.repeat(129), 'has space in it', 'semi;colon-key']) {
      const res = await postJson(t.app, '/api/meter-readings', reading(), withKey(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(IDEMPOTENCY_KEY_INVALID);
    }
    expect((await readingsOfMeter()).length).toBe(before);
  });

  it('keeps no answer for a failed request: the key is free for the corrected request', async () => {
    const k = key();
    const invalid = await postJson(t.app, '/api/meter-readings', { meterId, reading: -5, readingDate: '2026-11-20T09:00:00.000Z' }, withKey(k));
    expect(invalid.statusCode).toBe(400);
    const missingAsset = await postJson(t.app, '/api/assessments', { assetId: crypto.randomUUID(), condition: 'good' }, withKey(k));
    expect(missingAsset.statusCode).toBe(400);
    expect(await t.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, k)))).toEqual([]);
    const fixed = await postJson(t.app, '/api/meter-readings', reading(), withKey(k));
    expect(fixed.statusCode).toBe(201);
  });

  it('lets one of many concurrent requests with one key write; the others get its answer', async () => {
    const before = (await readingsOfMeter()).length;
    const k = key();
    const body = reading();
    const answers = await Promise.all(Array.from({ length: 6 }, () => postJson(t.app, '/api/meter-readings', body, withKey(k))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json<{ id: string }>().id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true').length).toBe(5);
    expect((await readingsOfMeter()).length).toBe(before + 1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const k = key();
    const body = reading();
    // A claim as the first request leaves it while its handler runs (same method, path and body).
    const first = await postJson(t.app, '/api/meter-readings', body, withKey(k));
    await t.db.update(idempotencyKeys).set({ statusCode: null, responseBody: null }).where(eq(idempotencyKeys.key, k));
    const res = await postJson(t.app, '/api/meter-readings', body, withKey(k));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IDEMPOTENCY_KEY_IN_PROGRESS);
    expect(res.headers['retry-after']).toBe('1');
    expect(first.statusCode).toBe(201);
  }, 15_000);

  it('takes over a claim left by a process that died mid-request', async () => {
    const k = key();
    const body = reading();
    await postJson(t.app, '/api/meter-readings', body, withKey(k));
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null, createdAt: new Date(t.clock.now().getTime() - HOUR) })
      .where(eq(idempotencyKeys.key, k));
    const res = await postJson(t.app, '/api/meter-readings', body, withKey(k));
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays an assessment with defects and keeps the spec’s own assessmentId behaviour', async () => {
    const k = key();
    const body = { assetId: asset.id, condition: 'poor', defects: [{ description: 'Leaking valve', severity: 'high' }] };
    const first = await postJson(t.app, '/api/assessments', body, withKey(k));
    expect(first.statusCode, first.body).toBe(201);
    const again = await postJson(t.app, '/api/assessments', body, withKey(k));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    // Without a key, a repeated client-supplied assessmentId still answers 200 with the stored one.
    const withId = { ...body, assessmentId: `ASM-IDEM-${crypto.randomBytes(3).toString('hex')}` };
    expect((await postJson(t.app, '/api/assessments', withId, { cookie })).statusCode).toBe(201);
    expect((await postJson(t.app, '/api/assessments', withId, { cookie })).statusCode).toBe(200);
    const rows = await t.db.select().from(assessments).where(eq(assessments.assetId, asset.id));
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.assessedBy === userId)).toBe(true);
  });

  it('replays an action status change (PATCH) and a new meter', async () => {
    const created = await postJson(t.app, '/api/actions', { title: 'Fix valve', assetId: asset.id, priority: 'high', category: 'repair' }, withKey(key()));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const k = key();
    const patch = (body: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/actions/${id}`, headers: { cookie, 'content-type': 'application/json', 'idempotency-key': k }, payload: JSON.stringify(body) });
    const first = await patch({ status: 'in_progress' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await patch({ status: 'in_progress' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await patch({ status: 'completed' })).statusCode).toBe(422);

    const meterKey = key();
    const meterBody = { meterNumber: 'IDEM-2', type: 'gas', unit: 'm³', locationId: asset.locationId };
    const m1 = await postJson(t.app, '/api/meters', meterBody, withKey(meterKey));
    const m2 = await postJson(t.app, '/api/meters', meterBody, withKey(meterKey));
    expect([m1.statusCode, m2.statusCode]).toEqual([201, 201]);
    expect((await t.db.select().from(meters).where(eq(meters.meterNumber, 'IDEM-2'))).length).toBe(1);
    // Routes that are not writes of the outbox ignore the header.
    expect((await sendAs(t.app, cookie, 'GET', `/api/actions/${id}`)).statusCode).toBe(200);
  });

  it('forgets keys after a week (the periodic prune), so the table holds at most a week of writes', async () => {
    const k = key();
    expect((await postJson(t.app, '/api/meter-readings', reading(), withKey(k))).statusCode).toBe(201);
    expect(await pruneExpiredIdempotencyKeys(t.db, new Date(t.clock.now().getTime() + IDEMPOTENCY_KEY_TTL_MS - HOUR))).toBe(0);
    expect(await pruneExpiredIdempotencyKeys(t.db, new Date(t.clock.now().getTime() + IDEMPOTENCY_KEY_TTL_MS + HOUR))).toBeGreaterThan(0);
    expect(await t.db.select().from(idempotencyKeys)).toEqual([]);
  });
});
