import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createdBy, createTestApp, getJson, HOUR, registerUser, type TestApp } from '../../../tests/setup/test-app';
import { png, uploadLocal } from '../../../tests/setup/media-fixtures';
import { actions, assessments, assets, idempotencyKeys, inspections, locations, media, meterReadings, meters } from '../db/schema';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Regime } from '../../shared/contract/compliance';

/**
 * The crash window (ADR 028, issue 25): a process that dies just after a write commits must not let
 * a repeat of the request write it again. The answer of an idempotent write is kept in the write's
 * own transaction, so once the record exists its answer does too.
 *
 * The crash is made in the database: a trigger refuses to store an answer outside a transaction that
 * names its actor (every write's transaction does, db/actor.ts). An answer kept after the commit is
 * then lost exactly as if the process had died between the two, and the client still gets its 201.
 */

let t: TestApp;
let cookie: string;
let fixtures: { locationId: string; assetId: string; meterId: string; actionId: string; obligationId: string };
/** Every route that takes an Idempotency-Key, as "METHOD /path" (from the app's own route table). */
const idempotentRoutes = new Set<string>();

const LOSE_ANSWERS_OUTSIDE_WRITES = `
CREATE FUNCTION lose_answer_kept_after_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('app.actor_id', true), '') = '' THEN
    RAISE EXCEPTION 'the process died before it kept the answer';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER lose_answer_kept_after_commit BEFORE UPDATE ON idempotency_keys FOR EACH ROW
  WHEN (OLD.status_code IS NULL AND NEW.status_code IS NOT NULL) EXECUTE FUNCTION lose_answer_kept_after_commit();
`;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      if (route.config?.idempotent) for (const method of [route.method].flat()) idempotentRoutes.add(`${method} ${route.url}`);
    },
  });
  const admin = (await registerUser(t.app, { role: 'org_admin' })).cookie;
  cookie = (await registerUser(t.app, { role: 'asset_manager', fullName: 'Cora Crash' })).cookie;
  const send = (method: InjectOptions['method'], url: string, body: unknown, as = admin) =>
    t.app.inject({ method, url, headers: { cookie: as, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const site = await createdBy(send('POST', '/api/locations', { name: 'Crash House', type: 'building' }));
  const asset = await createdBy(send('POST', '/api/assets', { locationId: site.id, type: 'hvac', condition: 'good' }));
  const meter = await createdBy(send('POST', '/api/meters', { meterNumber: 'CRASH-1', type: 'electricity', unit: 'kWh', locationId: site.id }));
  const action = await createdBy(send('POST', '/api/actions', { title: 'Service boiler', assetId: asset.id, priority: 'medium', category: 'repair' }));
  const regimes = (await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>();
  const gas = regimes.find((r) => r.key === 'gas_safety')!;
  const obligation = await createdBy(send('POST', '/api/obligations', { regimeId: gas.id, assetId: asset.id }));
  fixtures = { locationId: site.id, assetId: asset.id, meterId: meter.id, actionId: action.id, obligationId: obligation.id };
  await t.ownerDb.$client.query(LOSE_ANSWERS_OUTSIDE_WRITES);
});
afterAll(() => t?.close());

interface CrashCase {
  /** "METHOD /path" as registered. */
  route: string;
  /** The request as the device's outbox sends it; `headers` beside the key (If-Match). */
  request: () => Promise<{ url: string; body: unknown; headers?: Record<string, string> }>;
  /** The records the write makes (one after the first request, still one after the repeat); none for an edit. */
  rows?: { table: PgTable; where: (body: unknown) => SQL | undefined };
}

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}-${crypto.randomBytes(3).toString('hex')}`;

const CASES: CrashCase[] = [
  {
    route: 'POST /api/meter-readings',
    request: async () => ({ url: '/api/meter-readings', body: { meterId: fixtures.meterId, reading: 1000 + ++serial, readingDate: '2026-11-20T09:00:00.000Z' } }),
    rows: { table: meterReadings, where: (b) => and(eq(meterReadings.meterId, fixtures.meterId), eq(meterReadings.reading, (b as { reading: number }).reading)) },
  },
  {
    route: 'POST /api/actions',
    request: async () => ({ url: '/api/actions', body: { title: unique('Replace filter'), assetId: fixtures.assetId, priority: 'high', category: 'repair' } }),
    rows: { table: actions, where: (b) => eq(actions.title, (b as { title: string }).title) },
  },
  {
    route: 'PATCH /api/actions/:id',
    request: async () => ({ url: `/api/actions/${fixtures.actionId}`, body: { description: unique('Parts ordered') } }),
  },
  {
    route: 'POST /api/meters',
    request: async () => ({ url: '/api/meters', body: { meterNumber: unique('CRASH'), type: 'gas', unit: 'm³', locationId: fixtures.locationId } }),
    rows: { table: meters, where: (b) => eq(meters.meterNumber, (b as { meterNumber: string }).meterNumber) },
  },
  {
    route: 'POST /api/locations',
    request: async () => ({ url: '/api/locations', body: { name: unique('Plant room'), type: 'floor', parentId: fixtures.locationId } }),
    rows: { table: locations, where: (b) => eq(locations.name, (b as { name: string }).name) },
  },
  {
    route: 'POST /api/assets',
    // No clientAssetId: the key alone must keep the asset single.
    request: async () => ({ url: '/api/assets', body: { locationId: fixtures.locationId, type: 'hvac', condition: 'fair', serial: unique('SN') } }),
    rows: { table: assets, where: (b) => eq(assets.serial, (b as { serial: string }).serial) },
  },
  {
    route: 'PATCH /api/assets/:id',
    // An offline edit names the version it was based on: run twice, its second run would find its own change (412).
    request: async () => {
      const current = (await getJson(t.app, `/api/assets/${fixtures.assetId}`, cookie)).json<{ updatedAt: string }>();
      return { url: `/api/assets/${fixtures.assetId}`, body: { description: unique('Lagged pipes') }, headers: { 'if-match': `"${current.updatedAt}"` } };
    },
  },
  {
    route: 'POST /api/assessments',
    // No assessmentId: the key alone must keep the assessment single.
    request: async () => ({ url: '/api/assessments', body: { assetId: fixtures.assetId, condition: 'fair', conditionNotes: unique('Worn seals') } }),
    rows: { table: assessments, where: (b) => eq(assessments.conditionNotes, (b as { conditionNotes: string }).conditionNotes) },
  },
  {
    route: 'POST /api/inspections',
    // No id of the device's own: the key alone must keep the inspection single.
    request: async () => ({ url: '/api/inspections', body: { obligationId: fixtures.obligationId, performedOn: '2026-01-10', result: 'pass', certificateNumber: unique('GS') } }),
    rows: { table: inspections, where: (b) => eq(inspections.certificateNumber, (b as { certificateNumber: string }).certificateNumber) },
  },
  {
    route: 'POST /api/media',
    request: async () => ({ url: '/api/media', body: { key: await uploadLocal(t.app, cookie, await png(), 'image/png'), filename: 'boiler.png', assetId: fixtures.assetId } }),
    rows: { table: media, where: (b) => eq(media.objectKey, (b as { key: string }).key) },
  },
];

function send(method: string, url: string, body: unknown, key: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as InjectOptions['method'],
    url,
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key, ...headers },
    payload: JSON.stringify(body),
  });
}

async function rowCount(rows: NonNullable<CrashCase['rows']>, body: unknown): Promise<number> {
  const [found] = await t.db.select({ n: count() }).from(rows.table).where(rows.where(body));
  return found!.n;
}

describe('an idempotent write whose process dies just after the commit', () => {
  it('covers every route that takes an Idempotency-Key', () => {
    expect([...idempotentRoutes].sort()).toEqual(CASES.map((c) => c.route).sort());
  });

  it('loses an answer kept after its request (the simulated crash bites)', async () => {
    // A retry found by its assessmentId wrote nothing, so its answer is kept as it is sent: here, lost.
    const body = { assetId: fixtures.assetId, condition: 'good', assessmentId: unique('ASM-CRASH') };
    expect((await send('POST', '/api/assessments', body, crypto.randomUUID())).statusCode).toBe(201);
    const k = crypto.randomUUID();
    expect((await send('POST', '/api/assessments', body, k)).statusCode).toBe(200);
    const [claim] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k));
    expect(claim?.statusCode).toBeNull();
  });

  for (const c of CASES) {
    it(`${c.route}: a repeat after the claim is abandoned gets the original answer and writes nothing`, async () => {
      const [method] = c.route.split(' ');
      const { url, body, headers } = await c.request();
      const k = crypto.randomUUID();
      const first = await send(method!, url, body, k, headers);
      expect(first.statusCode, first.body).toBeLessThan(300);
      if (c.rows) expect(await rowCount(c.rows, body)).toBe(1);

      // The claim has been held longer than any request may take: a live process would have answered.
      await t.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`${idempotencyKeys.createdAt} - make_interval(secs => ${HOUR / 1000})` })
        .where(eq(idempotencyKeys.key, k));
      const again = await send(method!, url, body, k, headers);
      if (c.rows) expect(await rowCount(c.rows, body), 'records after the repeat').toBe(1);
      expect(again.statusCode, again.body).toBe(first.statusCode);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.body).toBe(first.body);
    });
  }
});

/** Connections of this test's database waiting for a lock (the server may hold other tests' databases). */
const BOTH_WAITING = "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'";

describe('a claim taken over while its first request is still running', () => {
  it('lets one of the two writes commit: the other is rolled back with a 409, and the retry gets the kept answer', async () => {
    const body = { meterId: fixtures.meterId, reading: 5000 + ++serial, readingDate: '2026-11-21T09:00:00.000Z' };
    const k = crypto.randomUUID();
    // The meter held by another transaction keeps both writes waiting inside theirs.
    const holder = await t.ownerDb.$client.connect();
    let answers: LightMyRequestResponse[];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM meters WHERE id = $1 FOR UPDATE', [fixtures.meterId]);
      const slow = send('POST', '/api/meter-readings', body, k);
      await waitFor(async () => (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))).length === 1);
      // The first request looks abandoned (a stalled process): a repeat takes its claim over.
      await t.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`${idempotencyKeys.createdAt} - make_interval(secs => ${HOUR / 1000})` })
        .where(eq(idempotencyKeys.key, k));
      const repeat = send('POST', '/api/meter-readings', body, k);
      await waitFor(async () => (await holder.query<{ n: number }>(BOTH_WAITING)).rows[0]!.n >= 2);
      await holder.query('COMMIT');
      answers = await Promise.all([slow, repeat]);
    } finally {
      holder.release();
    }
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const kept = answers.find((a) => a.statusCode === 201)!;
    expect((await t.db.select().from(meterReadings).where(and(eq(meterReadings.meterId, fixtures.meterId), eq(meterReadings.reading, body.reading)))).length).toBe(1);
    const retry = await send('POST', '/api/meter-readings', body, k);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(kept.body);
  });
});

async function waitFor(done: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await done()); tries++) {
    if (tries > 200) throw new Error('waited 10 s in vain');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
