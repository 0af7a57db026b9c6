import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, getJson, HOUR, MINUTE, postJson, type TestApp } from '../../../../tests/setup/test-app';
import { insertLocation } from '../../../../tests/factories/register';
import { buildApp } from '../../app';
import { createStorage } from '../../storage';
import { USER_EXPORT_LOCK_CLASS } from './export-locks';
import { assets, reportExports, users } from '../../db/schema';
import { createSession } from '../auth/sessions.repo';
import {
  EXPORT_IN_PROGRESS_MESSAGE,
  EXPORT_IN_PROGRESS_RETRY_AFTER_SECONDS,
  EXPORT_QUEUE_FULL_MESSAGE,
  EXPORT_QUEUE_FULL_RETRY_AFTER_SECONDS,
  EXPORT_TOO_LONG_MESSAGE,
} from '../../../shared/domain/reports';
import type { ExportRecord } from '../../../shared/contract/reports';
import { exportQueue } from './export-queue';
import { generateReport } from './export-report';
import { deleteExpiredExports } from './export-retention';

const DAY = 24 * HOUR;
const EXPORT = { reportType: 'asset_register', format: 'xlsx' };
const SMALL_EXPORT = { reportType: 'condition_summary', format: 'csv' };
/** Each export starts a worker thread (about a second on a busy machine); these tests make many. */
const MANY_EXPORTS = { timeout: 120_000 };

/**
 * Signed-in users made straight in the database: registering 60 through the API would hash 60
 * passwords (~0.4 s each) and meet the per-IP registration limit.
 */
async function signedInUsers(t: TestApp, count: number): Promise<Array<{ id: string; cookie: string }>> {
  const rows = await t.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ username: `exporter${i}_${crypto.randomBytes(3).toString('hex')}`, passwordHash: 'not-used', fullName: `Exporter ${i}`, role: 'surveyor' as const })))
    .returning({ id: users.id });
  return Promise.all(rows.map(async ({ id }) => ({ id, cookie: await sessionCookieFor(t, id) })));
}

/** A new session of the user, started at the app's clock. */
async function sessionCookieFor(t: TestApp, userId: string): Promise<string> {
  return `sid=${await createSession(t.db, userId, t.clock.now(), t.config.sessionAbsoluteMs)}`;
}

async function signedInUser(t: TestApp) {
  return (await signedInUsers(t, 1))[0]!;
}

const startExport = (t: TestApp, cookie: string, body: Record<string, unknown> = EXPORT) => postJson(t.app, '/api/reports/export', body, { cookie });

/** Advisory locks still held in the app's database (the per-user export locks leave none behind). */
/**
 * The users' export locks held in the test's database: two-key advisory locks (objsubid 2) of their
 * class; the app's periodic jobs take one-key locks of their own at any moment.
 */
async function advisoryLocks(t: TestApp): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid = ${USER_EXPORT_LOCK_CLASS}::oid AND objsubid = 2`,
  );
  return rows[0]!.n;
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORTS_PER_USER_PER_HOUR: '3', EXPORT_QUEUE_LIMIT: '4' } });
  // A register of a few hundred assets, so that each export keeps its worker busy for a moment.
  const { id: creator } = await signedInUser(t);
  const site = await insertLocation(t.db, { name: 'Leeds Depot' });
  await t.db.insert(assets).values(
    Array.from({ length: 300 }, (_, i) => ({
      type: 'hvac' as const,
      condition: 'good' as const,
      make: `Make ${i}`,
      description: `Boiler number ${i} with a longer description`,
      locationId: site.id,
      locationPath: site.path,
      createdBy: creator,
    })),
  );
});
afterAll(() => t?.close());

describe('the export queue (per process)', () => {
  it('runs 2 at once, lets `limit` wait, and refuses more with a 503 and Retry-After', async () => {
    const queue = exportQueue({ concurrency: 2, limit: 2 });
    let active = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const job = () =>
      queue.run(async () => {
        peak = Math.max(peak, ++active);
        await new Promise<void>((resolve) => gates.push(resolve));
        active--;
      });
    const accepted = [job(), job(), job(), job()];
    await new Promise((resolve) => setImmediate(resolve));
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 2 });

    const refused = await job().catch((err: unknown) => err);
    expect(refused).toMatchObject({ statusCode: 503, message: EXPORT_QUEUE_FULL_MESSAGE, headers: { 'retry-after': String(EXPORT_QUEUE_FULL_RETRY_AFTER_SECONDS) } });

    // A finishing export hands its slot to the first waiter: still 2 running, and room for one more.
    gates.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 1 });
    const late = job();
    expect(queue.waiting).toBe(2);
    while (gates.length > 0 || queue.running > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all([...accepted, late]);
    expect(peak).toBe(2);
  });
});

describe('the export time limit', () => {
  it('stops an export past its limit and frees its slot for the next', async () => {
    const queue = exportQueue({ concurrency: 1, limit: 0 });
    const ctx = { db: t.db, storage: await createStorage(t.config) };
    const report = { reportType: 'asset_register', format: 'xlsx', scope: null, today: '2026-11-26' } as const;
    // 50 ms: less than a worker needs to start, so this one is always cut off.
    const stopped = await generateReport(ctx, queue, { ...report, timeLimitMs: 50 }).catch((err: unknown) => err);
    expect(stopped).toMatchObject({ statusCode: 503, message: EXPORT_TOO_LONG_MESSAGE });
    expect(queue.running).toBe(0);
    const next = await generateReport(ctx, queue, report);
    expect(next.rowCount).toBe(300);
  });
});

describe('POST /api/reports/export limits', () => {
  it("a user's second export while the first runs is a 429; another user's export still succeeds", MANY_EXPORTS, async () => {
    const [maya, omar] = await signedInUsers(t, 2);
    const [first, second, other] = await Promise.all([startExport(t, maya!.cookie), startExport(t, maya!.cookie), startExport(t, omar!.cookie)]);
    expect(statuses([first!, second!])).toEqual([201, 429]);
    const refused = [first!, second!].find((r) => r.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: EXPORT_IN_PROGRESS_MESSAGE });
    expect(refused.headers['retry-after']).toBe(String(EXPORT_IN_PROGRESS_RETRY_AFTER_SECONDS));
    expect(other!.statusCode, other!.body).toBe(201);

    // Once it has finished, the user may export again, and no lock is left behind.
    expect((await startExport(t, maya!.cookie)).statusCode).toBe(201);
    expect(await advisoryLocks(t)).toBe(0);
  });

  it('holds across two app processes sharing one database', async () => {
    // A second app on the same database stands for a second process: its own pool of locks and queue.
    const other = await buildApp({ config: t.config, db: t.db, now: t.clock.now });
    try {
      const { cookie } = await signedInUser(t);
      const responses = await Promise.all([
        startExport(t, cookie),
        postJson(other, '/api/reports/export', EXPORT, { cookie }),
      ]);
      expect(statuses(responses)).toEqual([201, 429]);
      expect(responses.find((r) => r.statusCode === 429)!.json().message).toBe(EXPORT_IN_PROGRESS_MESSAGE);
    } finally {
      await other.close();
    }
  });

  it('allows EXPORTS_PER_USER_PER_HOUR exports per rolling hour, then 429 until the oldest leaves the hour', MANY_EXPORTS, async () => {
    const { id } = await signedInUser(t);
    const neighbour = await signedInUser(t);
    // A new session for each request: the clock moves past the 30-minute idle limit.
    const exportNow = async () => startExport(t, await sessionCookieFor(t, id), SMALL_EXPORT);
    for (let i = 0; i < 3; i++) {
      if (i > 0) t.clock.advance(10 * MINUTE);
      const res = await exportNow();
      expect(res.statusCode, res.body).toBe(201);
    }
    const limited = await exportNow();
    expect(limited.statusCode).toBe(429);
    // The first export was 20 minutes ago: it leaves the hour in 40 minutes.
    expect(limited.headers['retry-after']).toBe(String(40 * 60));
    expect(limited.json().message).toBe('You have started 3 exports in the last hour, the most allowed. Try again in 40 minutes.');
    expect((await startExport(t, neighbour.cookie, SMALL_EXPORT)).statusCode).toBe(201);

    t.clock.advance(40 * MINUTE - 1000);
    expect((await exportNow()).statusCode).toBe(429);
    t.clock.advance(1000);
    expect((await exportNow()).statusCode).toBe(201);
    // Three in the hour again (made 50, 40 and 0 minutes ago).
    expect((await exportNow()).statusCode).toBe(429);
    t.clock.advance(HOUR);
    expect((await exportNow()).statusCode).toBe(201);
  });

  it('a failed export (the worker errors) does not leave its user blocked', async () => {
    const { cookie } = await signedInUser(t);
    // The worker's query fails while the table is away (renamed as its owner): a real error inside the export worker.
    await t.ownerDb.execute(sql`ALTER TABLE meter_readings RENAME TO meter_readings_away`);
    let failed: LightMyRequestResponse;
    try {
      failed = await startExport(t, cookie, { reportType: 'meter_logs', format: 'csv' });
    } finally {
      await t.ownerDb.execute(sql`ALTER TABLE meter_readings_away RENAME TO meter_readings`);
    }
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).toBe('Internal server error');
    expect(await advisoryLocks(t)).toBe(0);
    const again = await startExport(t, cookie, { reportType: 'meter_logs', format: 'csv' });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('60 users exporting at once: 2 run, EXPORT_QUEUE_LIMIT wait, the rest get 503 with Retry-After; nothing else', MANY_EXPORTS, async () => {
    const crowd = await signedInUsers(t, 60);
    const responses = await Promise.all(crowd.map((user) => startExport(t, user.cookie)));
    const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
    const [created, full, limited] = [count(201), count(503), count(429)];
    console.log(`exports[${inject('databaseKind')}]: 60 concurrent requests: ${created} × 201, ${full} × 503 (queue full), ${limited} × 429`);

    expect(created + full).toBe(60);
    // The first 2 + 4 to arrive always get in; the others arrive while they are still being written.
    expect(created).toBeGreaterThanOrEqual(6);
    expect(full).toBeGreaterThan(0);
    for (const res of responses.filter((r) => r.statusCode === 503)) {
      expect(res.json()).toEqual({ message: EXPORT_QUEUE_FULL_MESSAGE });
      expect(res.headers['retry-after']).toBe(String(EXPORT_QUEUE_FULL_RETRY_AFTER_SECONDS));
    }
    // Nobody is left blocked: a refused user exports as soon as the queue has room.
    const refused = crowd[responses.findIndex((r) => r.statusCode === 503)]!;
    expect((await startExport(t, refused.cookie)).statusCode).toBe(201);
    expect(await advisoryLocks(t)).toBe(0);
  });
});

describe('retention', () => {
  it('deletes the files and rows of exports older than EXPORT_RETENTION_DAYS and keeps younger ones', MANY_EXPORTS, async () => {
    const r = await createTestApp({ env: { EXPORT_RETENTION_DAYS: '30' } });
    try {
      const storage = await createStorage(r.config);
      const exportAs = async (cookie: string) => {
        const res = await startExport(r, cookie, { reportType: 'actions_list', format: 'csv' });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<ExportRecord>();
      };
      const objectKey = async (id: string) => (await r.db.select().from(reportExports).where(eq(reportExports.id, id)))[0]?.objectKey;
      const fileOf = (key: string) => path.join(r.dataDir, 'objects', key);

      const user = await signedInUser(r);
      const old = await exportAs(user.cookie);
      const oldKey = (await objectKey(old.id))!;
      r.clock.advance(20 * DAY);
      const young = await exportAs((await signedInUser(r)).cookie);
      const youngKey = (await objectKey(young.id))!;
      expect(fs.existsSync(fileOf(oldKey)) && fs.existsSync(fileOf(youngKey))).toBe(true);

      // 29 days: nothing is old enough yet.
      r.clock.advance(9 * DAY);
      expect(await deleteExpiredExports({ db: r.db, storage, config: r.config, now: r.clock.now })).toBe(0);

      r.clock.advance(1 * DAY + MINUTE);
      expect(await deleteExpiredExports({ db: r.db, storage, config: r.config, now: r.clock.now })).toBe(1);
      expect(fs.existsSync(fileOf(oldKey))).toBe(false);
      expect(await objectKey(old.id)).toBeUndefined();
      expect(fs.existsSync(fileOf(youngKey))).toBe(true);
      expect(await objectKey(young.id)).toBe(youngKey);

      // The owner's list no longer shows it, and its old link answers 404.
      const fresh = await sessionCookieFor(r, user.id); // the first session has long expired
      expect((await getJson(r.app, '/api/reports/exports', fresh)).json()).toEqual([]);
      const link = await getJson(r.app, old.downloadUrl, fresh);
      expect(link.statusCode).toBe(404);
      expect(link.json()).toEqual({ message: 'Export not found' });
    } finally {
      await r.close();
    }
  });

  it('an export whose row cannot be recorded leaves no file behind', async () => {
    const { cookie, id } = await signedInUser(t);
    const exportsDir = path.join(t.dataDir, 'objects', 'exports');
    const storedFiles = () => (fs.existsSync(exportsDir) ? fs.readdirSync(exportsDir).filter((name) => !name.endsWith('.type')).length : 0);
    const before = storedFiles();
    const pending = startExport(t, cookie);
    // Once the export holds the user's lock (it is generating), the user goes: recording its row fails.
    while ((await advisoryLocks(t)) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await t.ownerDb.delete(users).where(eq(users.id, id));
    expect((await pending).statusCode).toBe(500);
    expect(storedFiles()).toBe(before);
    expect(await advisoryLocks(t)).toBe(0);
  });

  it('a link whose file has gone answers 404, not 500', async () => {
    const { cookie, id } = await signedInUser(t);
    const record = (await startExport(t, cookie, { reportType: 'condition_summary', format: 'csv' })).json<ExportRecord>();
    const [row] = await t.db.select().from(reportExports).where(eq(reportExports.userId, id));
    fs.rmSync(path.join(t.dataDir, 'objects', row!.objectKey));
    const res = await getJson(t.app, record.downloadUrl, cookie);
    expect(res.statusCode).toBe(404);
  });
});
