import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  createClock,
  createTestApp,
  getJson,
  HOUR,
  MINUTE,
  registerUser,
  sendAs,
  type TestApp,
} from '../../../../tests/setup/test-app';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { startTestS3, TEST_BACKUP_BUCKET, TEST_BUCKET } from '../../../../tests/setup/s3-server';
import { createS3Client } from '../../storage/s3-storage';
import { backupNameFor } from '../../backup/create-backup';
import { MANIFEST_FILE } from '../../backup/manifest';
import { manifestAt } from '../../../../tests/setup/backup-fixtures';
import { closeBackupSession, openBackupSession } from '../../backup/session';
import { wallClockInstant } from '../../backup/schedule';
import type { BackupRun, BackupSettings, BackupsOverview, UpdateBackupSettings } from '../../../shared/contract/backups';
import type { AdminAuditEntry } from '../../../shared/contract/users';
import { INTERRUPTED_MESSAGE } from './backup-runs.repo';
import type { StartOutcome, TickOutcome } from './backup-service';
import { BACKUP_BUSY_MESSAGE } from './backups.routes';

/**
 * Scheduled backups and the Backups section of Settings (ADR 026, "Schedule and retention"), on
 * both databases: who may use it, the settings' validation, "Back up now" (bodiless, 202, a run
 * row, a backup in BACKUP_DIR), failures recorded with their error, a refused attempt not recorded,
 * the retention rule after a backup, the scheduler with a moved clock (and two processes), and the
 * overdue word in GET /api/health; and the same to an S3 prefix.
 */

const DAILY_AT_2: UpdateBackupSettings = { enabled: true, frequency: 'daily', hour: 2, weekday: 7, keepDaily: 7, keepWeekly: 4 };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app of its own, its admin's session outliving the days the tests move the clock on. */
async function appWithAdmin(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp({ ...options, env: { SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '10000', ...options.env } });
  cleanups.push(t.close);
  const admin = await registerUser(t.app, { role: 'org_admin', fullName: 'Olive Admin' });
  return { t, admin: admin.cookie };
}

const overview = async (t: TestApp, cookie: string) => {
  const res = await getJson(t.app, '/api/backups', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BackupsOverview>();
};

/** Until no backup is running, as the Settings page polls. */
async function settled(t: TestApp, cookie: string): Promise<BackupsOverview> {
  for (let i = 0; i < 300; i += 1) {
    const now = await overview(t, cookie);
    if (!now.running) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the backup did not finish in 30 s');
}

const started = (outcome: StartOutcome | TickOutcome) => {
  if (outcome.kind !== 'started') throw new Error(`expected a started backup, got ${outcome.kind}`);
  return outcome;
};

const health = async (app: FastifyInstance) => {
  const res = await getJson(app, '/api/health');
  expect(res.statusCode).toBe(200);
  return res.json<{ status: string; database: string; backup?: string }>().backup;
};

/** The folder BACKUP_DIR names (these tests back up to a folder; an S3 prefix is tested below). */
const backupFolderOf = (t: TestApp) => {
  if (t.config.backupTarget.kind !== 'folder') throw new Error('expected a folder target');
  return t.config.backupTarget.path;
};

const runCount = async (t: TestApp) => Number((await t.db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM backup_runs`)).rows[0]!.n);

describe('the Backups section’s API', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await registerUser(t.app, { role: 'org_admin', fullName: 'Olive Admin' })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for org admins only', async () => {
    for (const role of ['asset_manager', 'surveyor', 'area_manager'] as const) {
      const { cookie } = await registerUser(t.app, { role });
      for (const [method, url, body] of [
        ['GET', '/api/backups', undefined],
        ['PUT', '/api/backups/settings', DAILY_AT_2],
        ['POST', '/api/backups', undefined],
      ] as const) {
        const res = await sendAs(t.app, cookie, method, url, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json<{ message: string }>().message).toBe('Your role may not manage backups and their schedule. Ask an organisation admin if you need to.');
      }
    }
    expect((await getJson(t.app, '/api/backups')).statusCode).toBe(401);
    expect(await runCount(t)).toBe(0);
  });

  it('starts with the schedule off, nothing taken, and says where backups go', async () => {
    const now = await overview(t, admin);
    expect(now).toMatchObject({
      settings: { enabled: false, frequency: 'daily', hour: 2, weekday: 7, keepDaily: 7, keepWeekly: 4, enabledAt: null, timeZone: 'Europe/London' },
      health: 'off',
      nextRunAt: null,
      scheduledHere: true,
      running: null,
      lastRun: null,
      lastSuccess: null,
      location: backupFolderOf(t),
      backups: [],
      targetError: null,
    });
    expect(await health(t.app)).toBe('off');
  });

  it('validates the settings, each field with its message', async () => {
    const put = (body: unknown) => sendAs(t.app, admin, 'PUT', '/api/backups/settings', body);
    const refused = async (body: unknown, field: string, message: RegExp) => {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors[field]).toMatch(message);
    };
    await refused({ ...DAILY_AT_2, hour: 24 }, 'hour', /at most 23/);
    await refused({ ...DAILY_AT_2, hour: 1.5 }, 'hour', /whole number/);
    await refused({ ...DAILY_AT_2, weekday: 0 }, 'weekday', /at least 1/);
    await refused({ ...DAILY_AT_2, keepDaily: 0 }, 'keepDaily', /at least 1/);
    await refused({ ...DAILY_AT_2, keepDaily: 91 }, 'keepDaily', /at most 90/);
    await refused({ ...DAILY_AT_2, keepWeekly: -1 }, 'keepWeekly', /at least 0/);
    await refused({ ...DAILY_AT_2, keepWeekly: 53 }, 'keepWeekly', /at most 52/);
    await refused({ ...DAILY_AT_2, frequency: 'monthly' }, 'frequency', /daily or weekly/);
    await refused({ ...DAILY_AT_2, enabled: 'yes' }, 'enabled', /Choose whether/);
    const { hour: _hour, ...withoutHour } = DAILY_AT_2;
    await refused(withoutHour, 'hour', /number/);
    expect((await put({ ...DAILY_AT_2, target: '/etc' })).statusCode).toBe(400);
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings')).statusCode).toBe(400);
    expect((await overview(t, admin)).settings.enabled).toBe(false);
  });

  it('saves the schedule, records when it was switched on, and leaves a line in the administrative changes', async () => {
    const res = await sendAs(t.app, admin, 'PUT', '/api/backups/settings', { ...DAILY_AT_2, frequency: 'weekly', weekday: 3, hour: 23, keepDaily: 10, keepWeekly: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<BackupSettings>();
    expect(saved).toMatchObject({ enabled: true, frequency: 'weekly', weekday: 3, hour: 23, keepDaily: 10, keepWeekly: 0, timeZone: 'Europe/London' });
    expect(saved.enabledAt).toBe(t.clock.now().toISOString());

    // Saved again while on: still on since the first time.
    const again = (await sendAs(t.app, admin, 'PUT', '/api/backups/settings', { ...DAILY_AT_2, keepDaily: 5 })).json<BackupSettings>();
    expect(again.enabledAt).toBe(saved.enabledAt);
    const now = await overview(t, admin);
    expect(now.settings).toMatchObject({ enabled: true, frequency: 'daily', hour: 2, keepDaily: 5 });
    expect(now.health).toBe('ok');
    expect(new Date(now.nextRunAt!).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await health(t.app)).toBe('ok');

    const audit = (await getJson(t.app, '/api/admin/audit', admin)).json<{ items: AdminAuditEntry[] }>().items;
    const change = audit.find((e) => e.entity === 'settings' && e.after && 'backup_enabled' in e.after);
    expect(change).toMatchObject({ actorName: 'Olive Admin', operation: 'update', before: { backup_enabled: false }, after: { backup_enabled: true } });

    const off = (await sendAs(t.app, admin, 'PUT', '/api/backups/settings', { ...DAILY_AT_2, enabled: false })).json<BackupSettings>();
    expect(off.enabled).toBe(false);
    expect((await overview(t, admin)).health).toBe('off');
  });

  it('backs up now from a bodiless POST: 202 with the run, then a backup in the folder, listed', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/backups', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(202);
    const run = res.json<BackupRun>();
    expect(run).toMatchObject({ trigger: 'manual', status: 'running', requestedBy: 'Olive Admin', finishedAt: null, error: null });
    expect(run.name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{6}Z$/);

    const after = await settled(t, admin);
    expect(after.lastRun).toEqual(after.lastSuccess);
    expect(after.lastSuccess).toMatchObject({ id: run.id, status: 'succeeded', name: run.name, error: null, warning: null, pruned: 0 });
    expect(after.lastSuccess!.storedBytes).toBeGreaterThan(0);
    expect(after.lastSuccess!.rows).toBeGreaterThan(0);
    expect(after.lastSuccess!.objects).toBe(0);
    expect(after.lastSuccess!.durationMs).toBeGreaterThanOrEqual(0);
    expect(after.backups).toEqual([
      expect.objectContaining({ name: run.name, appVersion: '0.1.0', trigger: 'manual', objects: 0, missingObjects: 0, rows: after.lastSuccess!.rows }),
    ]);
    expect(after.backups[0]!.tables).toBeGreaterThan(20);
    // The same size on the run and in the list.
    expect(after.backups[0]!.storedBytes).toBe(after.lastSuccess!.storedBytes);
    expect(fs.existsSync(path.join(backupFolderOf(t), run.name!, MANIFEST_FILE))).toBe(true);

    // `{}` as JSON works too.
    const json = await sendAs(t.app, admin, 'POST', '/api/backups', {});
    expect(json.statusCode, json.body).toBe(202);
    await settled(t, admin);
  });

  it('answers 409 while another backup or a restore holds the lock, and records nothing', async () => {
    const runs = await runCount(t);
    const holder = await openBackupSession(t.databaseUrl, 'backup');
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/backups', headers: { cookie: admin } });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(BACKUP_BUSY_MESSAGE);
    } finally {
      await closeBackupSession(holder);
    }
    expect(await runCount(t)).toBe(runs);
  });

  it('refuses a second backup in the same process at once', async () => {
    const first = t.app.backups.start('manual', null);
    const second = t.app.backups.start('manual', null);
    expect(await second).toEqual({ kind: 'busy' });
    await started(await first).done;
  });

  it('reports a run whose process died as failed', async () => {
    await t.db.execute(sql`INSERT INTO backup_runs (trigger, started_at, heartbeat_at, name)
                           VALUES ('scheduled', now() + interval '1 day', now() - interval '10 minutes', '2099-01-01T000000Z')`);
    const now = await overview(t, admin);
    expect(now.running).toBeNull();
    expect(now.lastRun).toMatchObject({ status: 'failed', error: INTERRUPTED_MESSAGE, name: '2099-01-01T000000Z' });
  });
});

describe('a failed backup', () => {
  it('records why when the backup folder cannot be used at all', async () => {
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ar-blocked-')), 'a file');
    fs.writeFileSync(blocker, 'not a folder');
    cleanups.push(() => fs.rmSync(path.dirname(blocker), { recursive: true, force: true }));
    const { t, admin } = await appWithAdmin({ env: { BACKUP_DIR: path.join(blocker, 'backups') } });

    const res = await t.app.inject({ method: 'POST', url: '/api/backups', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(202);
    const after = await settled(t, admin);
    expect(after.lastRun).toMatchObject({ trigger: 'manual', status: 'failed', requestedBy: 'Olive Admin' });
    expect(after.lastRun!.error).toMatch(/ENOTDIR/);
    expect(after.lastRun!.finishedAt).not.toBeNull();
    expect(after.lastSuccess).toBeNull();
    expect(after.targetError).toMatch(/ENOTDIR/);
    expect(after.backups).toEqual([]);
  });

  it('records why when it fails half way, and leaves nothing behind', async () => {
    const clock = createClock(new Date('2026-11-20T12:00:00Z'));
    const { t, admin } = await appWithAdmin({ clock });
    // The users table's file cannot be written: a folder stands where it goes.
    const name = backupNameFor(clock.now());
    fs.mkdirSync(path.join(backupFolderOf(t), name, 'database', 'users.copy.gz'), { recursive: true });

    const run = (await sendAs(t.app, admin, 'POST', '/api/backups')).json<BackupRun>();
    expect(run).toMatchObject({ status: 'running', name });
    const after = await settled(t, admin);
    expect(after.lastRun).toMatchObject({ id: run.id, status: 'failed', name });
    expect(after.lastRun!.error).toMatch(/users\.copy\.gz/);
    expect(after.lastSuccess).toBeNull();
    expect(fs.existsSync(path.join(backupFolderOf(t), name))).toBe(false);
  });
});

describe('the retention rule after a backup', () => {
  it('deletes the backups it does not keep, and says how many', async () => {
    const clock = createClock(new Date('2026-11-20T12:00:00Z'));
    const { t, admin } = await appWithAdmin({ clock });
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings', { ...DAILY_AT_2, enabled: false, keepDaily: 2, keepWeekly: 1 })).statusCode).toBe(200);
    const made: string[] = [];
    for (const day of ['2026-11-08', '2026-11-17', '2026-11-18', '2026-11-19']) {
      const createdAt = wallClockInstant(day, 2, 'Europe/London');
      const name = backupNameFor(createdAt);
      fs.mkdirSync(path.join(backupFolderOf(t), name), { recursive: true });
      fs.writeFileSync(path.join(backupFolderOf(t), name, MANIFEST_FILE), JSON.stringify(manifestAt(createdAt)));
      made.push(name);
    }
    // Unfinished: one a crash left ten days ago, one perhaps still being written an hour ago.
    for (const name of ['2026-11-10T020000Z', '2026-11-20T110000Z']) fs.mkdirSync(path.join(backupFolderOf(t), name, 'database'), { recursive: true });

    const listed = await overview(t, admin);
    expect(listed.backups.map((b) => b.name)).toEqual([...made].reverse());
    expect(listed.backups[0]).toMatchObject({ appVersion: '0.0.9', storedBytes: 1040, rows: 3, tables: 1, objects: 2, trigger: null });

    const run = (await sendAs(t.app, admin, 'POST', '/api/backups')).json<BackupRun>();
    const after = await settled(t, admin);
    // Kept: today's (the new one) and the 19th (2 days); the week's newest is today's. Deleted: the
    // 8th, 17th and 18th, and the crash's leftovers.
    expect(after.lastSuccess).toMatchObject({ id: run.id, pruned: 4, warning: null });
    expect(after.backups.map((b) => [b.name, b.trigger])).toEqual([
      [run.name, 'manual'],
      ['2026-11-19T020000Z', null],
    ]);
    expect(fs.readdirSync(backupFolderOf(t)).sort()).toEqual(['2026-11-19T020000Z', '2026-11-20T110000Z', run.name].sort());
  });
});

describe('backups to an S3 prefix (BACKUP_DIR=s3://bucket/prefix)', () => {
  it('backs up now into the bucket, lists the backup there and applies the retention rule to it', async () => {
    const s3 = await startTestS3();
    cleanups.push(() => s3.close());
    const clock = createClock(new Date('2026-11-20T12:00:00Z'));
    // Files in one bucket, backups in another, as the README advises.
    const { t, admin } = await appWithAdmin({ clock, env: { ...s3.env, BACKUP_DIR: `s3://${TEST_BACKUP_BUCKET}/register/` } });
    expect(t.config.backupTarget).toEqual({ kind: 's3', bucket: TEST_BACKUP_BUCKET, prefix: 'register' });
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings', { ...DAILY_AT_2, enabled: false, keepDaily: 1, keepWeekly: 0 })).statusCode).toBe(200);

    const client = createS3Client({ ...t.config.s3, bucket: TEST_BACKUP_BUCKET });
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: TEST_BACKUP_BUCKET, Prefix: 'register/' }))).Contents ?? []).map((o) => o.Key!);
    const oldAt = wallClockInstant('2026-11-10', 2, 'Europe/London');
    const old = backupNameFor(oldAt);
    await client.send(new PutObjectCommand({ Bucket: TEST_BACKUP_BUCKET, Key: `register/${old}/${MANIFEST_FILE}`, Body: JSON.stringify(manifestAt(oldAt)) }));

    const before = await overview(t, admin);
    expect(before.location).toBe(`s3://${TEST_BACKUP_BUCKET}/register`);
    expect(before.targetError).toBeNull();
    expect(before.backups.map((b) => b.name)).toEqual([old]);

    const run = (await sendAs(t.app, admin, 'POST', '/api/backups')).json<BackupRun>();
    const after = await settled(t, admin);
    expect(after.lastSuccess).toMatchObject({ id: run.id, status: 'succeeded', pruned: 1, warning: null });
    expect(after.backups.map((b) => [b.name, b.trigger])).toEqual([[run.name, 'manual']]);
    const stored = await keys();
    expect(stored).toContain(`register/${run.name}/${MANIFEST_FILE}`);
    expect(stored.some((k) => k.startsWith(`register/${run.name}/database/`))).toBe(true);
    expect(stored.every((k) => k.startsWith(`register/${run.name}/`))).toBe(true);
    // Nothing of the backup went to the files' bucket.
    const files = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: 'register/' }));
    expect(files.Contents ?? []).toEqual([]);
  });
});

describe('the schedule', () => {
  it('backs up when due on a moved clock, once a day, and health says ok, then stale, then off', async () => {
    // Tuesday 14 July 2026, 13:00 BST.
    const clock = createClock(new Date('2026-07-14T12:00:00Z'));
    const { t, admin } = await appWithAdmin({ clock });
    expect(await t.app.backups.tick()).toEqual({ kind: 'not-due', reason: 'off' });
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings', DAILY_AT_2)).statusCode).toBe(200);
    expect((await overview(t, admin)).nextRunAt).toBe('2026-07-15T01:00:00.000Z');

    // Today's 02:00 was before the schedule was switched on.
    expect(await t.app.backups.tick()).toEqual({ kind: 'not-due', reason: 'before-first-slot' });
    expect(await runCount(t)).toBe(0);

    // 02:04 BST on the 15th.
    clock.advance(13 * HOUR + 4 * MINUTE);
    const first = started(await t.app.backups.tick());
    expect(first.run).toMatchObject({ trigger: 'scheduled', status: 'running', requestedBy: null, name: '2026-07-15T010400Z' });
    expect(await first.done).toMatchObject({ status: 'succeeded', name: '2026-07-15T010400Z' });
    expect(await t.app.backups.tick()).toEqual({ kind: 'not-due', reason: 'done' });
    expect(await health(t.app)).toBe('ok');

    // The next day's check, five minutes after 02:00.
    clock.advance(24 * HOUR + MINUTE);
    const second = started(await t.app.backups.tick());
    expect(await second.done).toMatchObject({ status: 'succeeded', name: '2026-07-16T010500Z' });
    const now = await overview(t, admin);
    expect(now.backups.map((b) => [b.name, b.trigger])).toEqual([
      ['2026-07-16T010500Z', 'scheduled'],
      ['2026-07-15T010400Z', 'scheduled'],
    ]);
    expect(now).toMatchObject({ health: 'ok', nextRunAt: '2026-07-17T01:00:00.000Z' });

    // No backup for 26 hours and a minute: stale, but health still answers 200 (a stale backup
    // must not take the app out of a load balancer), and says nothing more.
    clock.advance(26 * HOUR + MINUTE);
    expect(await health(t.app)).toBe('stale');
    expect((await getJson(t.app, '/api/health')).json()).toEqual({ status: 'ok', database: 'up', backup: 'stale' });
    expect((await overview(t, admin)).health).toBe('stale');

    // Switched off: off, however old.
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings', { ...DAILY_AT_2, enabled: false })).statusCode).toBe(200);
    expect(await health(t.app)).toBe('off');
    expect(await t.app.backups.tick()).toEqual({ kind: 'not-due', reason: 'off' });
  });

  it('says stale when no backup has succeeded since it was switched on, and retries a failure an hour later', async () => {
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ar-blocked-')), 'a file');
    fs.writeFileSync(blocker, 'not a folder');
    cleanups.push(() => fs.rmSync(path.dirname(blocker), { recursive: true, force: true }));
    const clock = createClock(new Date('2026-01-10T12:00:00Z'));
    const { t, admin } = await appWithAdmin({ clock, env: { BACKUP_DIR: path.join(blocker, 'backups') } });
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings', DAILY_AT_2)).statusCode).toBe(200);

    clock.advance(14 * HOUR + 5 * MINUTE); // 02:05 GMT on the 11th
    const failed = started(await t.app.backups.tick());
    expect(await failed.done).toMatchObject({ status: 'failed', trigger: 'scheduled' });
    clock.advance(30 * MINUTE);
    expect(await t.app.backups.tick()).toEqual({ kind: 'not-due', reason: 'retry-later' });
    clock.advance(30 * MINUTE);
    expect(await started(await t.app.backups.tick()).done).toMatchObject({ status: 'failed' });
    expect(await health(t.app)).toBe('ok');

    // 26 hours after it was switched on, with no success: stale.
    clock.advance(26 * HOUR - 15 * HOUR - 5 * MINUTE + MINUTE);
    expect(await health(t.app)).toBe('stale');
    const now = await overview(t, admin);
    expect(now.health).toBe('stale');
    expect(now.lastRun!.error).toMatch(/ENOTDIR/);
  });

  it('does not record an attempt refused because another backup holds the lock', async () => {
    const clock = createClock(new Date('2026-07-14T12:00:00Z'));
    const { t, admin } = await appWithAdmin({ clock });
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings', DAILY_AT_2)).statusCode).toBe(200);
    clock.advance(13 * HOUR + 4 * MINUTE);
    const holder = await openBackupSession(t.databaseUrl, 'backup');
    try {
      expect(await t.app.backups.tick()).toEqual({ kind: 'busy' });
    } finally {
      await closeBackupSession(holder);
    }
    expect(await runCount(t)).toBe(0);
    expect((await overview(t, admin)).lastRun).toBeNull();
    // The next check takes it.
    expect(await started(await t.app.backups.tick()).done).toMatchObject({ status: 'succeeded' });
  });

  it('takes one backup when two app processes check at once', async () => {
    const clock = createClock(new Date('2026-07-14T12:00:00Z'));
    const { t, admin } = await appWithAdmin({ clock });
    const other = await t.spawnProcess();
    cleanups.push(() => other.close());
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings', DAILY_AT_2)).statusCode).toBe(200);
    clock.advance(13 * HOUR + 4 * MINUTE);

    const outcomes = await Promise.all([t.app.backups.tick(), other.backups.tick()]);
    const runs = outcomes.filter((o) => o.kind === 'started');
    expect(runs).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind !== 'started')).toEqual([expect.objectContaining({ kind: expect.stringMatching(/^(busy|not-due)$/) })]);
    await started(runs[0]!).done;
    expect(await runCount(t)).toBe(1);
    expect(await Promise.all([t.app.backups.tick(), other.backups.tick()])).toEqual([
      { kind: 'not-due', reason: 'done' },
      { kind: 'not-due', reason: 'done' },
    ]);
  });

  it('never starts in a process told BACKUP_SCHEDULE=off, which still backs up on request', async () => {
    const clock = createClock(new Date('2026-07-14T12:00:00Z'));
    const { t, admin } = await appWithAdmin({ clock, env: { BACKUP_SCHEDULE: 'off' } });
    expect((await sendAs(t.app, admin, 'PUT', '/api/backups/settings', DAILY_AT_2)).statusCode).toBe(200);
    clock.advance(13 * HOUR + 4 * MINUTE);
    expect(await t.app.backups.tick()).toEqual({ kind: 'not-scheduled-here' });
    expect((await overview(t, admin)).scheduledHere).toBe(false);
    expect((await sendAs(t.app, admin, 'POST', '/api/backups')).statusCode).toBe(202);
    expect((await settled(t, admin)).lastSuccess).toMatchObject({ trigger: 'manual' });
  });

  it('stops a backup when the app closes, and records it as interrupted', async () => {
    const { t, admin } = await appWithAdmin();
    const other = await t.spawnProcess();
    const outcome = other.backups.start('manual', null);
    await other.close();
    const run = started(await outcome);
    expect(await run.done).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Interrupted: the app was stopping/) });
    expect((await overview(t, admin)).backups).toEqual([]);
  });
});
