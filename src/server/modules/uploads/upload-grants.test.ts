import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOUR, MINUTE, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { png, putLocal, requestUpload, uploadLocal } from '../../../../tests/setup/media-fixtures';
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA_WINDOW_MS } from '../../../shared/domain/uploads';
import type { Asset } from '../../../shared/contract';
import { uploadGrants } from '../../db/schema';
import { localStorage } from '../../storage/local-storage';
import { CLEANUP_LOCK_KEY, cleanupUploads } from './upload-cleanup';

const MB = 1024 * 1024;
/** These tests move the clock by days: sessions must outlive that. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '2000' };

/** POST /api/objects/upload as the spec's client sends it: no body, no Content-Type. */
const bodiless = (t: TestApp, cookie: string) => t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });

describe('POST /api/objects/upload without a body (the spec’s client)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await registerUser(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the app’s own URL for up to 10 MB of any image or video, which then takes the file', async () => {
    const res = await bodiless(t, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const url = new URL(body.uploadURL);
    expect(url.pathname).toBe(`/api/objects/local/${body.key}`);
    expect(url.searchParams.get('size')).toBe(String(MAX_UPLOAD_BYTES));
    expect(body.headers).toEqual({});
    const put = await putLocal(t.app, cookie, body.uploadURL, await png(), 'image/png');
    expect(put.statusCode, put.body).toBe(200);
  });

  it('is still refused cross-site', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('per-user upload quota', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // 25 MB a day: two undeclared uploads (counted at 10 MB each until stored) fit, a third does not.
    t = await createTestApp({ env: { ...LONG_SESSIONS, UPLOAD_QUOTA_MB_PER_DAY: '25' } });
    ({ cookie } = await registerUser(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After once the next upload would exceed the daily quota, and counts stored sizes', async () => {
    await requestUpload(t.app, cookie);
    t.clock.advance(HOUR);
    const second = await requestUpload(t.app, cookie);
    const refused = await bodiless(t, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Daily upload limit reached: you can upload 25 MB in 24 hours. Try again in 23 h.');
    // The first grant leaves the window 23 h from now, and that frees enough.
    expect(Number(refused.headers['retry-after'])).toBe(23 * 3600);
    // Declared sizes count as declared: 4 MB still fits beside 20 MB, 6 MB does not.
    expect((await postJson(t.app, '/api/objects/upload', { size: 6 * MB, contentType: 'image/jpeg' }, { cookie })).statusCode).toBe(429);
    expect((await postJson(t.app, '/api/objects/upload', { size: 4 * MB, contentType: 'image/jpeg' }, { cookie })).statusCode).toBe(200);

    // Once stored, a grant counts its real size: the small PNG frees almost 10 MB.
    expect((await putLocal(t.app, cookie, second.uploadURL, await png(), 'image/png')).statusCode).toBe(200);
    expect((await bodiless(t, cookie)).statusCode).toBe(200);
    expect((await bodiless(t, cookie)).statusCode).toBe(429);

    // Other users have their own quota.
    const { cookie: other } = await registerUser(t.app);
    expect((await bodiless(t, other)).statusCode).toBe(200);

    // A day later the window is empty again.
    t.clock.advance(UPLOAD_QUOTA_WINDOW_MS);
    expect((await bodiless(t, cookie)).statusCode).toBe(200);
  });

  it('holds under parallel requests: 12 at once for 25 MB give exactly 2 URLs', async () => {
    const { cookie: fresh } = await registerUser(t.app);
    const results = await Promise.all(Array.from({ length: 12 }, () => bodiless(t, fresh)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });

  it('counts presigned POSTs and multipart uploads too (they need S3: 400 before any grant here)', async () => {
    const { cookie: fresh, user } = await registerUser(t.app);
    expect((await postJson(t.app, '/api/s3/multipart', { type: 'video/mp4' }, { cookie: fresh })).statusCode).toBe(400);
    expect(await t.db.select().from(uploadGrants).where(eq(uploadGrants.userId, user.id))).toEqual([]);
  });
});

describe('clean-up of uploads (local storage)', () => {
  let t: TestApp;
  let cookie: string;
  const storage = () => localStorage(path.join(t.dataDir, 'objects'));
  const run = () => cleanupUploads({ db: t.db, storage: storage(), config: t.config, now: t.clock.now });
  const stored = (key: string) => fs.existsSync(path.join(t.dataDir, 'objects', key));

  beforeAll(async () => {
    // A grace period (1 h) shorter than the quota window (24 h), so the two steps can be told apart.
    t = await createTestApp({ env: { ...LONG_SESSIONS, UPLOAD_CLEANUP_GRACE_HOURS: '1' } });
    ({ cookie } = await registerUser(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function recorded(): Promise<string> {
    const site = await postJson(t.app, '/api/locations', { name: 'Cleanup site', type: 'site' }, { cookie });
    const asset = (await postJson(t.app, '/api/assets', { locationId: site.json().id, type: 'roof', condition: 'good' }, { cookie })).json<Asset>();
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    expect((await postJson(t.app, '/api/media', { key, filename: 'p.png', assetId: asset.id }, { cookie })).statusCode).toBe(201);
    return key;
  }

  it('deletes unrecorded uploads after the grace period, keeps recorded and young ones, then prunes the rows', async () => {
    const grace = t.config.uploads.cleanupGraceMs;
    const old = await uploadLocal(t.app, cookie, await png(), 'image/png');
    const keep = await recorded();
    const neverUsed = (await requestUpload(t.app, cookie)).key;
    t.clock.advance(grace - 10 * MINUTE);
    const young = await uploadLocal(t.app, cookie, await png(), 'image/png');
    t.clock.advance(10 * MINUTE + 1);

    expect(await run()).toEqual({ discarded: 2, aborted: 0, pruned: 0 });
    expect(stored(old)).toBe(false);
    expect(stored(`${old}.type`)).toBe(false);
    expect(stored(keep)).toBe(true);
    expect(stored(young)).toBe(true);
    const rows = await t.db.select().from(uploadGrants);
    expect(rows.find((r) => r.key === old)?.discardedAt).not.toBeNull();
    expect(rows.find((r) => r.key === neverUsed)?.discardedAt).not.toBeNull();
    expect(rows.find((r) => r.key === keep)?.discardedAt).toBeNull();

    // A second run finds nothing more to delete.
    expect(await run()).toEqual({ discarded: 0, aborted: 0, pruned: 0 });

    // Past the grace period and the quota window, settled rows go: the table does not only grow.
    t.clock.advance(UPLOAD_QUOTA_WINDOW_MS);
    const fresh = (await requestUpload(t.app, cookie)).key;
    expect(await run()).toEqual({ discarded: 1, aborted: 0, pruned: 4 });
    expect(stored(young)).toBe(false);
    expect(stored(keep)).toBe(true);
    const left = await t.db.select({ key: uploadGrants.key }).from(uploadGrants);
    expect(left.map((r) => r.key)).toEqual([fresh]);
  });

  it('runs in one app process at a time (advisory lock)', async () => {
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [CLEANUP_LOCK_KEY]);
      expect(await run()).toBeNull();
      await holder.query('SELECT pg_advisory_unlock($1)', [CLEANUP_LOCK_KEY]);
      expect(await run()).not.toBeNull();
    } finally {
      await holder.end();
    }
  });
});

describe('a link whose grant the clean-up has discarded', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // A grace period (36 s) shorter than a link's life (15 min), as an operator might set it.
    t = await createTestApp({ env: { UPLOAD_CLEANUP_GRACE_HOURS: '0.01' } });
    ({ cookie } = await registerUser(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('can no longer store a file, though its signature is sound and it has not expired', async () => {
    const { uploadURL, key } = await requestUpload(t.app, cookie);
    t.clock.advance(MINUTE);
    const storage = localStorage(path.join(t.dataDir, 'objects'));
    expect(await cleanupUploads({ db: t.db, storage, config: t.config, now: t.clock.now })).toMatchObject({ discarded: 1 });
    const res = await putLocal(t.app, cookie, uploadURL, await png(), 'image/png');
    expect(res.statusCode).toBe(403);
    expect(fs.existsSync(path.join(t.dataDir, 'objects', key))).toBe(false);
  });
});

describe('recording an upload while the clean-up runs', () => {
  let t: TestApp;
  let cookie: string;
  const storage = () => localStorage(path.join(t.dataDir, 'objects'));
  const run = () => cleanupUploads({ db: t.db, storage: storage(), config: t.config, now: t.clock.now });
  beforeAll(async () => {
    t = await createTestApp({ env: { ...LONG_SESSIONS, UPLOAD_CLEANUP_GRACE_HOURS: '1' } });
    ({ cookie } = await registerUser(t.app));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the file of a media row committed while the clean-up waits for its grant', async () => {
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    t.clock.advance(HOUR + MINUTE);
    // A media insert in flight: it holds the grant (as media.repo's insert does) and has written its row.
    const recorder = new pg.Client({ connectionString: t.databaseUrl });
    await recorder.connect();
    try {
      await recorder.query('BEGIN');
      await recorder.query('SELECT 1 FROM upload_grants WHERE key = $1 FOR SHARE', [key]);
      await recorder.query(
        `INSERT INTO media (type, url, filename, object_key, uploaded_by)
         SELECT 'photo', '/api/media/x/file', 'p.png', $1, id FROM users LIMIT 1`,
        [key],
      );
      const cleanup = run();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await recorder.query('COMMIT');
      expect(await cleanup).toMatchObject({ discarded: 0 });
    } finally {
      await recorder.end();
    }
    expect(fs.existsSync(path.join(t.dataDir, 'objects', key))).toBe(true);
    const [grant] = await t.db.select().from(uploadGrants).where(eq(uploadGrants.key, key));
    expect(grant!.discardedAt).toBeNull();
  });

  it('refuses to record an upload the clean-up has already deleted (400), leaving no row', async () => {
    const site = await postJson(t.app, '/api/locations', { name: 'Race site', type: 'site' }, { cookie });
    const asset = (await postJson(t.app, '/api/assets', { locationId: site.json().id, type: 'roof', condition: 'good' }, { cookie })).json<Asset>();
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    t.clock.advance(HOUR + MINUTE);
    // The clean-up claimed the grant; its object is about to go (kept here so inspection passes).
    await t.db.update(uploadGrants).set({ discardedAt: t.clock.now() }).where(eq(uploadGrants.key, key));
    const res = await postJson(t.app, '/api/media', { key, filename: 'p.png', assetId: asset.id }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not recorded in time/);
    const rows = await t.ownerDb.$client.query('SELECT 1 FROM media WHERE object_key = $1', [key]);
    expect(rows.rowCount).toBe(0);
  });
});
