import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createdBy,
  createTestApp,
  getJson,
  registerUser,
  sendAs,
  signIn,
  type TestApp,
} from '../../../tests/setup/test-app';
import { scratch } from '../../../tests/setup/backup-fixtures';
import { jpegWithExif, uploadLocal } from '../../../tests/setup/media-fixtures';
import { minimalPdf } from '../../../tests/factories/pdf';
import { localStorage } from '../storage/local-storage';
import type { Regime } from '../../shared/contract/compliance';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { setUpDatabase } from '../db/setup';
import { BackupBusy, createBackup, localFolderTarget, restoreBackup, RestoreRefused, type BackupResult } from './backup';
import { backedUpTables, quoteIdent } from './catalog';
import { Measure } from './checksum';
import { openBackupSession, closeBackupSession } from './session';
import { MANIFEST_FILE, tableFile } from './manifest';
import { s3Target } from './s3-target';
import { startTestS3, TEST_BUCKET } from '../../../tests/setup/s3-server';
import { createS3Client } from '../storage/s3-storage';
import { keyLikeColumns, NOT_OBJECT_KEYS, OBJECT_KEY_COLUMNS } from './object-keys';

/**
 * The round trip (docs/reliability.md, "Backups"): a small register built through the API (photos,
 * a PDF certificate, an export, the audit trail they leave), backed up, restored into a new empty
 * database and storage folder, and every table's rows and every object's bytes compared. Then what a
 * restore must refuse, before it writes anything.
 */

let t: TestApp;
let admin: { cookie: string; username: string; password: string };
let backupRoot: string;
let backup: BackupResult;
const cleanups: Array<() => Promise<void> | void> = [];

const { tempDir, freshDatabase } = scratch(cleanups);

async function buildRegister(): Promise<void> {
  const send = (method: 'POST' | 'PATCH', url: string, body: unknown) => createdBy<{ id: string } & Record<string, unknown>>(sendAs(t.app, admin.cookie, method, url, body));
  const regimes = (await getJson(t.app, '/api/compliance/regimes', admin.cookie)).json<Regime[]>();
  const site = await send('POST', '/api/locations', { name: 'Riverside Campus', type: 'site' });
  const building = await send('POST', '/api/locations', { name: 'Block A', type: 'building', parentId: site.id });
  const assets = [];
  for (const [i, type] of (['hvac', 'fire_door', 'roof'] as const).entries()) {
    assets.push(await send('POST', '/api/assets', { locationId: building.id, type, condition: 'good', make: `Make ${i}`, serial: `SN-${i}` }));
  }
  for (const asset of assets.slice(0, 2)) {
    const key = await uploadLocal(t.app, admin.cookie, await jpegWithExif(), 'image/jpeg');
    await send('POST', '/api/media', { key, filename: 'plant room.jpg', assetId: asset.id, caption: 'Plant room' });
  }
  const assessment = await send('POST', '/api/assessments', {
    assetId: assets[0]!.id,
    condition: 'poor',
    conditionNotes: 'Corroded pipework',
    defects: [
      { description: 'Corrosion on flow pipe', severity: 'high', code: 'D1' },
      { description: 'Lagging missing', severity: 'low' },
    ],
  });
  const action = await send('POST', '/api/actions', { assetId: assets[0]!.id, assessmentId: assessment.id, title: 'Replace flow pipe', priority: 'high' });
  await send('PATCH', `/api/actions/${action.id}`, { status: 'in_progress' });
  await send('POST', '/api/actions', { title: 'Tidy plant room', priority: 'low' });
  const meter = await send('POST', '/api/meters', { meterNumber: 'E-1001', type: 'electricity', unit: 'kWh', multiplier: 1, locationId: building.id });
  for (const [reading, day] of [[100, '01'], [250, '15']] as const) {
    await send('POST', '/api/meter-readings', { meterId: meter.id, reading, readingDate: `2025-06-${day}T09:00:00Z` });
  }
  const gas = regimes.find((r) => r.key === 'gas_safety')!;
  const obligation = await send('POST', '/api/obligations', { regimeId: gas.id, assetId: assets[0]!.id });
  const inspection = await send('POST', '/api/inspections', { obligationId: obligation.id, performedOn: '2025-01-10', result: 'pass', certificateNumber: 'GS-1001' });
  const pdf = await uploadLocal(t.app, admin.cookie, minimalPdf(), 'application/pdf');
  await send('POST', '/api/media', { key: pdf, filename: 'GS-1001.pdf', inspectionId: inspection.id });
  await send('POST', '/api/reports/export', { reportType: 'asset_register', format: 'csv' });
}

/** SHA-256 of a table's rows, in an order that does not depend on how they were stored. */
async function tableDigest(client: pg.Client, table: string): Promise<string> {
  const measure = new Measure();
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(client.query(copyTo(`COPY (SELECT * FROM ${quoteIdent(table)} t ORDER BY t::text) TO STDOUT`)), measure, discard);
  return `${measure.lines} rows ${measure.sha256}`;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET TimeZone = 'UTC'");
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Every table's digest (sessions aside) and every sequence's position. */
async function databaseDigest(url: string): Promise<Record<string, string>> {
  return withClient(url, async (client) => {
    const digest: Record<string, string> = {};
    for (const { name } of await backedUpTables(client)) digest[name] = await tableDigest(client, name);
    const { rows } = await client.query<{ name: string }>(`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public'`);
    for (const { name } of rows) {
      const { rows: at } = await client.query<{ v: string }>(`SELECT last_value::text || ' ' || is_called::text AS v FROM ${quoteIdent(name)}`);
      digest[`sequence ${name}`] = at[0]!.v;
    }
    return digest;
  });
}

/** Tables in the public schema (a never-restored database has none). */
const tableCount = (url: string) =>
  withClient(url, async (c) => Number((await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM pg_tables WHERE schemaname = 'public'`)).rows[0]!.n));

const filesUnder = (root: string): string[] =>
  fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))) : [];

/** A copy of the backup to damage, as its own target. */
function copyOfBackup(): { root: string; target: ReturnType<typeof localFolderTarget>; dir: string } {
  const root = tempDir('ar-backup-copy-');
  fs.cpSync(path.join(backupRoot, backup.name), path.join(root, backup.name), { recursive: true });
  return { root, target: localFolderTarget(root), dir: path.join(root, backup.name) };
}

const restoreInto = (url: string, storageRoot: string, extra: Partial<Parameters<typeof restoreBackup>[0]> = {}) =>
  restoreBackup({ databaseUrl: url, storage: localStorage(storageRoot), target: localFolderTarget(backupRoot), name: backup.name, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerUser(t.app, { role: 'org_admin' });
  admin = { cookie: registered.cookie, username: registered.input.username, password: registered.input.password };
  await buildRegister();
  backupRoot = tempDir('ar-backups-');
  backup = await createBackup({
    databaseUrl: t.databaseUrl,
    databaseKind: inject('databaseKind'),
    storage: localStorage(path.join(t.dataDir, 'objects')),
    target: localFolderTarget(backupRoot),
  });
  const size = filesUnder(path.join(backupRoot, backup.name)).reduce((n, f) => n + fs.statSync(path.join(backupRoot, backup.name, f)).size, 0);
  console.log(
    `backup[${inject('databaseKind')}]: ${backup.manifest.tables.length} tables, ${backup.manifest.tables.reduce((n, x) => n + x.rows, 0)} rows, ` +
      `${backup.manifest.objects.count} objects (${backup.manifest.objects.bytes} bytes), ${size} bytes on disk, ${backup.manifest.durationMs} ms`,
  );
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t?.close();
});

describe('a backup', () => {
  it('holds every table but sessions, the migration level, and every object the rows name, with checksums', async () => {
    const { manifest } = backup;
    const tables = await withClient(t.databaseUrl, (c) => backedUpTables(c));
    expect(manifest.tables.map((x) => x.name)).toEqual(tables.map((x) => x.name));
    expect(manifest.tables.map((x) => x.name)).not.toContain('sessions');
    const rows = Object.fromEntries(manifest.tables.map((x) => [x.name, x.rows]));
    expect(rows).toMatchObject({ locations: 2, assets: 3, assessments: 1, defects: 2, meters: 1, meter_readings: 2, obligations: 1, inspections: 1, media: 3, report_exports: 1 });
    expect(rows.actions).toBeGreaterThanOrEqual(2);
    expect(rows.audit_log).toBeGreaterThan(10);
    expect(manifest.migrations.count).toBeGreaterThan(0);
    expect(manifest.migrations.last?.tag).toMatch(/^\d{4}_/);
    // Two photos with their thumbnails, the PDF, the export file.
    expect(manifest.objects).toMatchObject({ count: 6, missing: [] });
    const dir = path.join(backupRoot, backup.name);
    expect(fs.existsSync(path.join(dir, MANIFEST_FILE))).toBe(true);
    expect(fs.existsSync(path.join(dir, tableFile('assets')))).toBe(true);
    expect(backup.manifest.database.postgresVersion).toMatch(/^\d+/);
  });

  it('copies the objects of every column that holds a storage key: each key-like column is declared one way or the other', async () => {
    const declared = [...OBJECT_KEY_COLUMNS.map((c) => `${c.table}.${c.column}`), ...Object.keys(NOT_OBJECT_KEYS)].sort();
    expect(await withClient(t.databaseUrl, (c) => keyLikeColumns(c))).toEqual(declared);
  });

  it('refuses to start while another backup or restore holds the lock', async () => {
    const holder = await openBackupSession(t.databaseUrl, 'backup');
    try {
      await expect(
        createBackup({ databaseUrl: t.databaseUrl, databaseKind: 'server', storage: localStorage(path.join(t.dataDir, 'objects')), target: localFolderTarget(tempDir('ar-busy-')) }),
      ).rejects.toThrow(BackupBusy);
    } finally {
      await closeBackupSession(holder);
    }
  });
});

describe('a backup stopped', () => {
  it('by its signal mid-snapshot (the app closing) deletes what it wrote, releases the lock and rejects with the reason', async () => {
    const root = tempDir('ar-stopped-');
    const stop = new AbortController();
    const started: string[] = [];
    const attempt = createBackup({
      databaseUrl: t.databaseUrl,
      databaseKind: inject('databaseKind'),
      storage: localStorage(path.join(t.dataDir, 'objects')),
      target: localFolderTarget(root),
      onStart: (name) => void started.push(name),
      // Called after each table: stop after the first one is written.
      log: () => stop.abort(new Error('the app is closing')),
      signal: stop.signal,
    });
    await expect(attempt).rejects.toThrow('the app is closing');
    expect(started).toHaveLength(1);
    expect(filesUnder(root)).toEqual([]);
    // The lock went with the connection: the next backup starts.
    const next = await createBackup({ databaseUrl: t.databaseUrl, databaseKind: 'server', storage: localStorage(path.join(t.dataDir, 'objects')), target: localFolderTarget(root) });
    expect(fs.existsSync(path.join(root, next.name, MANIFEST_FILE))).toBe(true);
  });
});

describe('restoring', () => {
  it('into a new empty database and storage gives every table’s rows and every object’s bytes back, and the app serves them', async () => {
    const target = await freshDatabase();
    const storageRoot = path.join(tempDir('ar-restored-'), 'objects');
    const result = await restoreInto(target.url, storageRoot);
    expect(result).toMatchObject({ dryRun: false, objects: 6 });

    const [before, after] = await Promise.all([databaseDigest(t.databaseUrl), databaseDigest(target.url)]);
    expect(after).toEqual(before);

    const sourceRoot = path.join(t.dataDir, 'objects');
    const keys = await withClient(t.databaseUrl, async (c) =>
      (await c.query<{ key: string }>(`SELECT object_key AS key FROM media UNION SELECT thumbnail_key FROM media WHERE thumbnail_key IS NOT NULL UNION SELECT object_key FROM report_exports`)).rows.map((r) => r.key),
    );
    expect(keys).toHaveLength(6);
    for (const key of keys) expect(fs.readFileSync(path.join(storageRoot, key)).equals(fs.readFileSync(path.join(sourceRoot, key))), key).toBe(true);

    // The restored register works: the same account signs in and reads a photo's bytes.
    const secret = crypto.randomBytes(32).toString('base64url');
    const { database } = await setUpDatabase(target.url, secret, { max: 2 });
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.dirname(storageRoot), SESSION_SECRET: secret }), db: database.db });
    try {
      const cookie = await signIn(app, admin.username, admin.password);
      const list = (await getJson(app, '/api/assets', cookie)).json<{ assets?: unknown[]; items?: unknown[] } | unknown[]>();
      expect(JSON.stringify(list)).toContain('SN-0');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('into a database the app has already migrated (empty but for its seeded catalogue) is allowed', async () => {
    const target = await freshDatabase();
    const { database } = await setUpDatabase(target.url, crypto.randomBytes(32).toString('base64url'), { max: 2 });
    await database.close();
    await restoreInto(target.url, path.join(tempDir('ar-restored-'), 'objects'));
    const [before, after] = await Promise.all([databaseDigest(t.databaseUrl), databaseDigest(target.url)]);
    expect(after).toEqual(before);
  });

  it('from an S3 prefix gives the same register back as from a folder', async () => {
    const s3 = await startTestS3();
    cleanups.push(() => s3.close());
    const client = createS3Client({ bucket: TEST_BUCKET, region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    const target = s3Target(client, TEST_BUCKET, 'backups');
    const made = await createBackup({ databaseUrl: t.databaseUrl, databaseKind: 'server', storage: localStorage(path.join(t.dataDir, 'objects')), target });
    const database = await freshDatabase();
    const storageRoot = path.join(tempDir('ar-restored-'), 'objects');
    await restoreBackup({ databaseUrl: database.url, storage: localStorage(storageRoot), target, name: made.name });
    const [before, after] = await Promise.all([databaseDigest(t.databaseUrl), databaseDigest(database.url)]);
    expect(after).toEqual(before);
    // Local storage keeps each object's content type beside it (`<key>.type`).
    const objects = filesUnder(storageRoot).filter((f) => !f.endsWith('.type'));
    expect(objects.sort()).toEqual(filesUnder(path.join(backupRoot, backup.name, 'objects')).sort());
    for (const key of objects) expect(fs.readFileSync(path.join(storageRoot, key)).equals(fs.readFileSync(path.join(t.dataDir, 'objects', key))), key).toBe(true);
  });

  it('refuses a damaged backup before writing anything, naming every damaged file', async () => {
    const copy = copyOfBackup();
    const photo = filesUnder(path.join(copy.dir, 'objects')).find((f) => f.startsWith('uploads'));
    const objectPath = path.join(copy.dir, 'objects', photo!);
    const bytes = fs.readFileSync(objectPath);
    bytes.writeUInt8(bytes.readUInt8(bytes.length >> 1) ^ 0xff, bytes.length >> 1);
    fs.writeFileSync(objectPath, bytes);
    const gz = path.join(copy.dir, tableFile('assets'));
    fs.writeFileSync(gz, fs.readFileSync(gz).subarray(0, 40));
    const target = await freshDatabase();
    const storageRoot = path.join(tempDir('ar-restored-'), 'objects');
    const attempt = restoreBackup({ databaseUrl: target.url, storage: localStorage(storageRoot), target: copy.target, name: backup.name });
    await expect(attempt).rejects.toThrow(RestoreRefused);
    await expect(attempt).rejects.toThrow(/damaged; nothing was restored[\s\S]*database\/assets\.copy\.gz[\s\S]*objects\/uploads\//);
    expect(await tableCount(target.url)).toBe(0);
    expect(filesUnder(storageRoot)).toEqual([]);
  });

  it('refuses a backup made by a newer app version, or with migrations this app does not know', async () => {
    const target = await freshDatabase();
    for (const [change, message] of [
      [(m: Record<string, unknown>) => ((m.app as { version: string }).version = '99.0.0'), /made by asset-register 99\.0\.0, newer than this app/],
      [(m: Record<string, unknown>) => ((m.migrations as { count: number }).count = 999), /migration 999 .*which this app does not have/],
      [(m: Record<string, unknown>) => (m.format = 2), /backup format 2, newer than this app reads/],
    ] as const) {
      const copy = copyOfBackup();
      const file = path.join(copy.dir, MANIFEST_FILE);
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      change(manifest);
      fs.writeFileSync(file, JSON.stringify(manifest));
      await expect(restoreBackup({ databaseUrl: target.url, storage: localStorage(tempDir('ar-restored-')), target: copy.target, name: backup.name })).rejects.toThrow(message);
    }
    expect(await tableCount(target.url)).toBe(0);
  });

  it('refuses a database that already holds records, and changes nothing in it', async () => {
    const before = await databaseDigest(t.databaseUrl);
    await expect(restoreInto(t.databaseUrl, path.join(tempDir('ar-restored-'), 'objects'))).rejects.toThrow(/already holds records: .*assets \(3\)/);
    expect(await databaseDigest(t.databaseUrl)).toEqual(before);
  });

  it('as a dry run checks everything and writes nothing', async () => {
    const target = await freshDatabase();
    const storageRoot = path.join(tempDir('ar-restored-'), 'objects');
    const result = await restoreInto(target.url, storageRoot, { dryRun: true });
    expect(result).toMatchObject({ dryRun: true, objects: 6, before: { tablesWithRows: [], level: { count: 0 } } });
    expect(result.rows).toBe(backup.manifest.tables.reduce((n, x) => n + x.rows, 0));
    expect(await tableCount(target.url)).toBe(0);
    expect(filesUnder(storageRoot)).toEqual([]);
  });
});
