import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createdBy, createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../tests/setup/test-app';
import { jpegWithExif, uploadLocal } from '../../../tests/setup/media-fixtures';
import { minimalPdf } from '../../../tests/factories/pdf';
import { localStorage } from '../storage/local-storage';
import type { Regime } from '../../shared/contract/compliance';
import type { DashboardStats } from '../../shared/contract/dashboard';
import type { HistoryEntry } from '../../shared/contract/history';
import { createBackup, localFolderTarget, restoreAsset, RestoreRefused, type AssetRestoreOptions, type BackupResult } from './backup';
import { backedUpTables, quoteIdent } from './catalog';
import { Measure } from './checksum';

/**
 * Restoring one deleted asset into the live register (issue 24): a register of two assets at one
 * location, each with a photo, an assessment with a defect, an action, and an obligation with an
 * inspection and its PDF certificate, built through the API and backed up. One asset is deleted
 * through the API, the register changes afterwards (a third asset, edited), and the deleted asset
 * is restored from the backup: its rows and files come back exactly, its history with them, the
 * counts add up, and nothing else moves.
 */

let t: TestApp;
let admin: { cookie: string; id: string; username: string };
let backupRoot: string;
let backup: BackupResult;
let objectsRoot: string;
const ids = { site: '', blockA: '', blockB: '', gone: '', kept: '', code: '', later: '' };
const cleanups: Array<() => Promise<void> | void> = [];

/** Each table's rows that belong to the asset `$1`, as the restore defines them. */
const BELONGING: Record<string, string> = {
  assets: `id = $1`,
  assessments: `asset_id = $1`,
  defects: `assessment_id IN (SELECT id FROM assessments WHERE asset_id = $1)`,
  obligations: `asset_id = $1`,
  inspections: `obligation_id IN (SELECT id FROM obligations WHERE asset_id = $1)`,
  compliance_reminders: `obligation_id IN (SELECT id FROM obligations WHERE asset_id = $1)`,
  actions: `asset_id = $1`,
  media: `asset_id = $1 OR assessment_id IN (SELECT id FROM assessments WHERE asset_id = $1) OR action_id IN (SELECT id FROM actions WHERE asset_id = $1)`,
  audit_log: `asset_id = $1 AND id <= $2`,
};
/** Tables the restore changes beyond the asset's own rows: the trigger-kept figures, the new history entry. */
const DERIVED = new Set(['asset_counts', 'action_counts', 'location_asset_counts', 'location_action_counts', 'location_action_due_counts', 'location_compliance_counts', 'search_words']);

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query("SET TimeZone = 'UTC'");
    return await run(client);
  } finally {
    await client.end();
  }
}

async function digest(client: pg.Client, select: string, params: unknown[]): Promise<string> {
  const measure = new Measure();
  const literal = params.map((p) => (typeof p === 'number' ? String(p) : `'${String(p)}'`));
  const sql = select.replace(/\$(\d)/g, (_, n: string) => literal[Number(n) - 1]!);
  await pipeline(client.query(copyTo(`COPY (${sql}) TO STDOUT`)), measure, new Writable({ write: (_c, _e, done) => done() }));
  return `${measure.lines} rows ${measure.sha256}`;
}

/** The asset's rows in every table (audit rows up to `lastAuditId`), each table in a fixed order. */
const assetDigest = (assetId: string, lastAuditId: number) =>
  withClient(async (client) => {
    const out: Record<string, string> = {};
    for (const [table, where] of Object.entries(BELONGING)) {
      out[table] = await digest(client, `SELECT * FROM ${quoteIdent(table)} t WHERE ${where} ORDER BY t::text`, [assetId, lastAuditId]);
    }
    return out;
  });

/** Every table's rows but the asset's own and its history's, and the trigger-kept figures. */
const restOfRegister = (assetId: string) =>
  withClient(async (client) => {
    const out: Record<string, string> = {};
    for (const { name } of await backedUpTables(client)) {
      if (DERIVED.has(name)) continue;
      const where = name === 'audit_log' ? `asset_id IS DISTINCT FROM $1` : BELONGING[name] ? `NOT coalesce(${BELONGING[name]!.replace(' AND id <= $2', '')}, false)` : 'true';
      out[name] = await digest(client, `SELECT * FROM ${quoteIdent(name)} t WHERE ${where} ORDER BY t::text`, [assetId]);
    }
    return out;
  });

const lastAuditId = () => withClient(async (c) => Number((await c.query<{ n: string }>(`SELECT coalesce(max(id), 0)::text AS n FROM audit_log`)).rows[0]!.n));

/**
 * The trigger-kept counts as they are, against the same counts rebuilt from the rows (the bulk
 * loader's rebuild, rolled back): they agree when every insert of the restore was counted once.
 */
const countsAgreeWithRows = () =>
  withClient(async (client) => {
    const tables = ['asset_counts', 'action_counts', 'location_asset_counts', 'location_action_counts', 'location_action_due_counts', 'location_compliance_counts'];
    const read = async () => {
      const out: Record<string, string> = {};
      for (const table of tables) {
        // A compliance count is the sum of its key's slots (a rebuild puts it all in slot 0).
        const rows =
          table === 'location_compliance_counts'
            ? `SELECT location_id, regime_id, status, sum(n) AS n FROM ${table} GROUP BY 1, 2, 3 HAVING sum(n) <> 0`
            : `SELECT * FROM ${table} WHERE n <> 0`;
        out[table] = await digest(client, `SELECT * FROM (${rows}) t ORDER BY t::text`, []);
      }
      return out;
    };
    await client.query('BEGIN');
    try {
      const kept = await read();
      await client.query('SELECT rebuild_register_aggregates()');
      return { kept, rebuilt: await read() };
    } finally {
      await client.query('ROLLBACK');
    }
  });

const send = <T = { id: string } & Record<string, unknown>>(method: 'POST' | 'PATCH', url: string, body?: unknown) =>
  createdBy<T>(sendAs(t.app, admin.cookie, method, url, body));
const deleteAsset = async (id: string) => expect((await sendAs(t.app, admin.cookie, 'DELETE', `/api/assets/${id}`)).statusCode).toBe(204);
const stats = async () => (await getJson(t.app, '/api/dashboard/stats', admin.cookie)).json<DashboardStats>();
const compliance = async () => (await getJson(t.app, '/api/compliance/summary', admin.cookie)).json<unknown>();
const history = async (assetId: string) => (await getJson(t.app, `/api/assets/${assetId}/history?limit=100`, admin.cookie)).json<HistoryEntry[]>();
const restore = (extra: Partial<AssetRestoreOptions> = {}) =>
  restoreAsset({ databaseUrl: t.databaseUrl, storage: localStorage(objectsRoot), target: localFolderTarget(backupRoot), name: backup.name, asset: ids.code, ...extra });
const filesUnder = (root: string): string[] =>
  fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();

async function assetWithRecords(locationId: string, regime: Regime, i: number): Promise<string> {
  const asset = await send('POST', '/api/assets', { locationId, type: 'hvac', condition: 'good', make: `Make ${i}`, serial: `SN-${i}` });
  const photo = await uploadLocal(t.app, admin.cookie, await jpegWithExif(), 'image/jpeg');
  await send('POST', '/api/media', { key: photo, filename: `plant ${i}.jpg`, assetId: asset.id, caption: 'Plant room' });
  const assessment = await send('POST', '/api/assessments', {
    assetId: asset.id,
    condition: 'poor',
    conditionNotes: 'Corroded pipework',
    defects: [{ description: `Corrosion ${i}`, severity: 'high', code: 'D1' }],
  });
  const action = await send('POST', '/api/actions', { assetId: asset.id, assessmentId: assessment.id, title: `Replace flow pipe ${i}`, priority: 'high', targetDate: '2020-01-01' });
  await send('PATCH', `/api/actions/${action.id}`, { status: 'in_progress' });
  const obligation = await send('POST', '/api/obligations', { regimeId: regime.id, assetId: asset.id });
  const inspection = await send('POST', '/api/inspections', { obligationId: obligation.id, performedOn: '2025-01-10', result: 'pass', certificateNumber: `GS-100${i}` });
  const pdf = await uploadLocal(t.app, admin.cookie, minimalPdf(), 'application/pdf');
  await send('POST', '/api/media', { key: pdf, filename: `GS-100${i}.pdf`, inspectionId: inspection.id });
  return asset.id;
}

let before: {
  stats: DashboardStats;
  compliance: unknown;
  rows: Record<string, string>;
  objects: Map<string, Buffer>;
  history: HistoryEntry[];
  lastAuditId: number;
};
let afterChange: { stats: DashboardStats; rest: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerUser(t.app, { role: 'org_admin' });
  admin = { cookie: registered.cookie, id: registered.user.id, username: registered.input.username };
  objectsRoot = path.join(t.dataDir, 'objects');
  backupRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-asset-backups-'));
  cleanups.push(() => fs.rmSync(backupRoot, { recursive: true, force: true }));

  const regimes = (await getJson(t.app, '/api/compliance/regimes', admin.cookie)).json<Regime[]>();
  const gas = regimes.find((r) => r.key === 'gas_safety')!;
  ids.site = (await send('POST', '/api/locations', { name: 'Riverside Campus', type: 'site' })).id;
  ids.blockA = (await send('POST', '/api/locations', { name: 'Block A', type: 'building', parentId: ids.site })).id;
  ids.gone = await assetWithRecords(ids.blockA, gas, 1);
  ids.kept = await assetWithRecords(ids.blockA, gas, 2);
  ids.code = (await getJson(t.app, `/api/assets/${ids.gone}`, admin.cookie)).json<{ assetId: string }>().assetId;

  backup = await createBackup({ databaseUrl: t.databaseUrl, databaseKind: inject('databaseKind'), storage: localStorage(objectsRoot), target: localFolderTarget(backupRoot) });

  const keys = await withClient(async (c) =>
    (await c.query<{ key: string }>(`SELECT unnest(ARRAY[object_key, thumbnail_key]) AS key FROM media WHERE asset_id = $1`, [ids.gone])).rows.map((r) => r.key).filter(Boolean),
  );
  const last = await lastAuditId();
  before = {
    stats: await stats(),
    compliance: await compliance(),
    rows: await assetDigest(ids.gone, last),
    objects: new Map(keys.map((key) => [key, fs.readFileSync(path.join(objectsRoot, key))])),
    history: await history(ids.gone),
    lastAuditId: last,
  };
  expect(before.objects.size).toBe(3); // the photo, its thumbnail, the certificate

  // Someone deletes the wrong asset; the register moves on: a new building and asset, edited.
  await deleteAsset(ids.gone);
  for (const key of before.objects.keys()) expect(fs.existsSync(path.join(objectsRoot, key))).toBe(false);
  ids.blockB = (await send('POST', '/api/locations', { name: 'Block B', type: 'building', parentId: ids.site })).id;
  ids.later = (await send('POST', '/api/assets', { locationId: ids.blockB, type: 'roof', condition: 'fair', make: 'Later' })).id;
  await send('PATCH', `/api/assets/${ids.later}`, { condition: 'excellent' });
  afterChange = { stats: await stats(), rest: await restOfRegister(ids.gone) };
  expect(afterChange.stats.totalAssets).toBe(before.stats.totalAssets);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t?.close();
});

describe('restoring one deleted asset', () => {
  it('as a dry run lists what it would restore and writes nothing', async () => {
    const files = filesUnder(objectsRoot);
    const result = await restore({ dryRun: true });
    expect(result).toMatchObject({ dryRun: true, problems: [], asset: { id: ids.gone, code: ids.code, locationPath: 'Riverside Campus / Block A' } });
    expect(result.rows).toMatchObject({ assets: 1, assessments: 1, defects: 1, obligations: 1, inspections: 1, actions: 2, media: 2, audit_log: 0 });
    expect(result.alreadyPresent.audit_log).toBeGreaterThan(5);
    expect(result.objects).toMatchObject({ count: 3, present: 0, notInBackup: [] });
    expect(result.objects.bytes).toBe([...before.objects.values()].reduce((n, b) => n + b.length, 0));
    expect(filesUnder(objectsRoot)).toEqual(files);
    expect(await restOfRegister(ids.gone)).toEqual(afterChange.rest);
    expect((await getJson(t.app, `/api/assets/${ids.gone}`, admin.cookie)).statusCode).toBe(404);
  });

  it('brings back its rows and files exactly, its history with one entry more, and leaves the rest of the register as it is', async () => {
    // A file whose removal failed is still there, unchanged: it is left alone.
    const [leftKey, leftBytes] = [...before.objects][0]!;
    await localStorage(objectsRoot).putStream(leftKey, Readable.from([leftBytes]), 'image/jpeg');
    const result = await restore({ actor: admin.username });
    expect(result.problems).toEqual([]);
    expect(result.objects).toMatchObject({ count: 2, present: 1 });
    expect(result.rows).toMatchObject({ assets: 1, assessments: 1, defects: 1, obligations: 1, inspections: 1, actions: 2, media: 2 });

    expect(await assetDigest(ids.gone, before.lastAuditId)).toEqual(before.rows);
    for (const [key, bytes] of before.objects) expect(fs.readFileSync(path.join(objectsRoot, key)).equals(bytes), key).toBe(true);
    expect(await restOfRegister(ids.gone)).toEqual(afterChange.rest);

    // The history: every entry it had, the deletes, and the restore by the operator, newest first.
    const entries = await history(ids.gone);
    const oldIds = before.history.map((e) => e.id);
    expect(entries.map((e) => e.id)).toEqual(expect.arrayContaining(oldIds));
    expect(entries[0]).toMatchObject({ entity: 'asset', operation: 'create', actor: { id: admin.id }, subject: ids.code });
    expect(entries[0]!.changes).toContainEqual({ field: 'restoredFromBackup', before: null, after: backup.name });
    expect(entries.filter((e) => e.operation === 'delete').length).toBeGreaterThan(0);
    expect(entries.filter((e) => !oldIds.includes(e.id) && e.operation !== 'delete')).toEqual([entries[0]]);

    // The figures: as before the delete, plus the asset added since (fair, then excellent).
    const now = await stats();
    expect(now).toEqual({
      ...before.stats,
      totalAssets: before.stats.totalAssets + 1,
      goodCondition: before.stats.goodCondition + 1,
      conditionBreakdown: { ...before.stats.conditionBreakdown, excellent: before.stats.conditionBreakdown.excellent + 1 },
    });
    expect(await compliance()).toEqual(before.compliance);
    const counts = await countsAgreeWithRows();
    expect(counts.kept).toEqual(counts.rebuilt);

    const asset = (await getJson(t.app, `/api/assets/${ids.gone}`, admin.cookie)).json<{ assetId: string; locationId: string }>();
    expect(asset).toMatchObject({ assetId: ids.code, locationId: ids.blockA });
    const later = (await getJson(t.app, `/api/assets/${ids.later}`, admin.cookie)).json<{ condition: string }>();
    expect(later.condition).toBe('excellent');
  });

  it('refuses an asset that is in the register', async () => {
    await expect(restore()).rejects.toThrow(RestoreRefused);
    await expect(restore()).rejects.toThrow(`${ids.code} is in the register (at Riverside Campus / Block A); nothing to restore.`);
    const dry = await restore({ dryRun: true });
    expect(dry.problems).toEqual([`${ids.code} is in the register (at Riverside Campus / Block A); nothing to restore.`]);
  });

  it('refuses an asset the backup does not hold, and an unknown operator', async () => {
    const code = (await getJson(t.app, `/api/assets/${ids.later}`, admin.cookie)).json<{ assetId: string }>().assetId;
    await expect(restore({ asset: code })).rejects.toThrow(new RegExp(`${code} is not in the backup ${backup.name} .*added after that backup`));
    await expect(restore({ actor: 'nobody-here' })).rejects.toThrow(/no user nobody-here/);
  });

  it('refuses when its location is gone, naming the location to restore first, and changes nothing', async () => {
    await deleteAsset(ids.gone);
    await deleteAsset(ids.kept);
    // Locations have no delete in the app; one removed in the database directly.
    await withClient((c) => c.query(`DELETE FROM locations WHERE id = $1`, [ids.blockA]));
    const rest = await restOfRegister(ids.gone);
    const files = filesUnder(objectsRoot);
    const expected = `${ids.code} was at Riverside Campus / Block A, which is not in the register: restore or recreate Riverside Campus / Block A first`;
    await expect(restore()).rejects.toThrow(expected);
    expect((await restore({ dryRun: true })).problems).toEqual([expect.stringContaining(expected)]);
    expect(await restOfRegister(ids.gone)).toEqual(rest);
    expect(filesUnder(objectsRoot)).toEqual(files);

    // Recreated at the same place in the tree, it takes the old one's place. And a code sequence
    // behind the asset's codes (a register restored whole from an older backup) is moved past them.
    const blockA = await send('POST', '/api/locations', { name: 'Block A', type: 'building', parentId: ids.site });
    await withClient((c) => c.query(`SELECT setval('action_code_seq', 1)`));
    const result = await restore();
    const [sequence] = await withClient(async (c) =>
      (await c.query<{ at: number; top: number }>(`SELECT (SELECT last_value FROM action_code_seq)::int AS at, (SELECT max(substr(action_id, 5)::int) FROM actions WHERE asset_id = $1) AS top`, [ids.gone])).rows,
    );
    expect(sequence!.top).toBeGreaterThan(1);
    expect(sequence!.at).toBe(sequence!.top);
    expect(result.notes).toContain(`Riverside Campus / Block A was recreated since the backup: ${ids.code} goes back to the location at that path now.`);
    const asset = (await getJson(t.app, `/api/assets/${ids.gone}`, admin.cookie)).json<{ locationId: string }>();
    expect(asset.locationId).toBe(blockA.id);
    const counts = await countsAgreeWithRows();
    expect(counts.kept).toEqual(counts.rebuilt);
  });
});
