import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, getJson, postJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation } from '../../../../tests/factories/register';
import { assets, auditLog, imports, locations } from '../../db/schema';
import type { ImportJob, ImportMapping } from '../../../shared/contract/imports';
import type { ExportRecord } from '../../../shared/contract/reports';
import type { HistoryEntry } from '../../../shared/contract/history';
import { IMPORT_MAX_ROWS, IMPORT_UPLOADS_PER_HOUR, NOT_A_SPREADSHEET_MESSAGE, MALFORMED_WORKBOOK_MESSAGE } from '../../../shared/domain/imports';

/** Spreadsheet import (issue 26, ADR 029): upload, dry run, commit, error workbook, saved mappings. */

let t: TestApp;
let admin: string;
let adminId: string;
let manager: string;
let surveyor: string;

beforeAll(async () => {
  t = await createTestApp({ env: { EXPORTS_PER_USER_PER_HOUR: '1000' } });
  ({ cookie: admin, user: { id: adminId } } = await registerUser(t.app, { role: 'org_admin', fullName: 'Ada Admin' }));
  ({ cookie: manager } = await registerUser(t.app, { role: 'asset_manager' }));
  ({ cookie: surveyor } = await registerUser(t.app, { role: 'surveyor' }));
});
afterAll(() => t?.close());

type CellValue = string | number | Date | null;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: CellValue[][], sheetName = 'Assets', style?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  style?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const unique = () => Math.random().toString(36).slice(2, 8);

async function upload(body: Buffer, name = 'register.xlsx', cookie = admin, type = XLSX_TYPE) {
  return t.app.inject({ method: 'POST', url: `/api/imports?name=${encodeURIComponent(name)}`, headers: { cookie, 'content-type': type }, payload: body });
}

async function uploaded(body: Buffer, name?: string, type?: string): Promise<ImportJob> {
  const res = await upload(body, name, admin, type);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportJob>();
}

async function settled(id: string, cookie = admin): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const res = await getJson(t.app, `/api/imports/${id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json<ImportJob>();
    if (job.status !== 'dry_running' && job.status !== 'committing') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

async function dryRun(job: ImportJob, mapping = job.sheets[0]!.suggestedMapping, extra: Record<string, unknown> = {}): Promise<ImportJob> {
  const res = await postJson(t.app, `/api/imports/${job.id}/dry-run`, { sheet: job.sheets[0]!.name, mapping, ...extra }, { cookie: admin });
  expect(res.statusCode, res.body).toBe(202);
  const done = await settled(job.id);
  expect(done.status, done.message ?? '').toBe('ready');
  return done;
}

async function commit(job: ImportJob, approveNewLocations = true): Promise<ImportJob> {
  const res = await postJson(t.app, `/api/imports/${job.id}/commit`, { approveNewLocations }, { cookie: admin });
  expect(res.statusCode, res.body).toBe(202);
  return settled(job.id);
}

/** Upload, dry run with the suggested mapping, commit; answers both jobs. */
async function importFile(body: Buffer, name?: string) {
  const job = await uploaded(body, name);
  const dry = await dryRun(job);
  const done = await commit(dry);
  expect(done.status, done.message ?? '').toBe('committed');
  return { dry, done };
}

const assetBy = async (column: 'clientAssetId' | 'barcode' | 'serial' | 'assetId', value: string) =>
  t.db.select().from(assets).where(eq(assets[column], value));

async function tableCounts(): Promise<Record<string, number>> {
  const { rows } = await t.db.$client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const { name } of rows) counts[name] = Number((await t.db.$client.query(`SELECT count(*) AS n FROM "${name}"`)).rows[0].n);
  return counts;
}

describe('upload', () => {
  it('answers the sheets with their headers, row counts, a sample read as shown and the suggested mapping', async () => {
    const body = await workbook(
      [
        ['Asset No', 'Serial Number', 'Condition Grade', 'Install Date', 'Location', 'Colour'],
        ['0012', '0099', 'G', '03/04/2025', 'North / Leeds', 'Red'],
        [13, 100, '2', new Date(Date.UTC(2024, 0, 31)), 'North / York', null],
      ],
      'Register',
      (sheet) => {
        sheet.getCell('B3').numFmt = '0000';
      },
    );
    const job = await uploaded(body, 'My register.xlsx');
    expect(job).toMatchObject({ fileName: 'My register.xlsx', format: 'xlsx', status: 'uploaded', counts: null });
    expect(job.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(job.sheets).toEqual([
      {
        name: 'Register',
        headers: ['Asset No', 'Serial Number', 'Condition Grade', 'Install Date', 'Location', 'Colour'],
        rows: 2,
        sample: [
          ['0012', '0099', 'G', '03/04/2025', 'North / Leeds', 'Red'],
          ['13', '0100', '2', '2024-01-31', 'North / York', ''],
        ],
        suggestedMapping: ['clientAssetId', 'serial', 'condition', 'installDate', 'locationPath', null],
      },
    ]);
  });

  it('reads CSV in UTF-8 with a BOM, or Windows-1252, with its delimiter detected', async () => {
    const utf8 = await uploaded(Buffer.from('\uFEFFMake;Model;Location\n"Daikin; Ltd";Café 1;North\n', 'utf8'), 'a.csv', 'text/csv');
    expect(utf8.sheets[0]).toMatchObject({ name: 'CSV', headers: ['Make', 'Model', 'Location'], rows: 1, sample: [['Daikin; Ltd', 'Café 1', 'North']] });
    const latin = Buffer.concat([Buffer.from('Make\tModel\n'), Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from([0x09, 0x80, 0x20, 0x32, 0x0a])]);
    const windows = await uploaded(latin, 'b.csv', 'text/csv');
    expect(windows.sheets[0]!.sample).toEqual([['Café', '€ 2']]);
  });

  it('refuses a file that is not a spreadsheet, a damaged workbook and an empty file, with a clear message', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const notSheet = await upload(png, 'photo.xlsx');
    expect(notSheet.statusCode).toBe(400);
    expect(notSheet.json()).toMatchObject({ message: NOT_A_SPREADSHEET_MESSAGE });
    const damaged = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]), 'broken.xlsx');
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json()).toMatchObject({ message: MALFORMED_WORKBOOK_MESSAGE });
    const truncated = (await workbook([['Make'], ['Daikin']])).subarray(0, 300);
    expect((await upload(truncated)).statusCode).toBe(400);
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('refuses a file of more than 100,000 rows, saying so, and one over 25 MB', async () => {
    const lines = ['Make,Serial'];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) lines.push(`Make,S${i}`);
    const res = await upload(Buffer.from(lines.join('\n')), 'big.csv', admin, 'text/csv');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/more than 100,000 rows/);
    const huge = await upload(Buffer.alloc(25 * 1024 * 1024 + 1, 0x61), 'huge.csv', admin, 'text/csv');
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ message: string }>().message).toMatch(/25 MB/);
  });

  it('takes at most 60 uploads an hour from one user', async () => {
    const { cookie, user } = await registerUser(t.app, { role: 'asset_manager' });
    const body = await workbook([['Make'], ['Daikin']]);
    // The hour's uploads but the last, as recorded (each upload is read in a worker thread: 60 of
    // them take longer than the test needs to).
    await t.db.insert(imports).values(
      Array.from({ length: IMPORT_UPLOADS_PER_HOUR - 1 }, (_, i) => ({ fileName: `earlier-${i}.xlsx`, sha256: '0'.repeat(64), format: 'xlsx' as const, sheets: [], createdBy: user.id })),
    );
    // An upload more than an hour ago does not count.
    await t.db.insert(imports).values({ fileName: 'old.xlsx', sha256: '0'.repeat(64), format: 'xlsx', sheets: [], createdBy: user.id, createdAt: new Date(Date.now() - 61 * 60_000) });
    expect((await upload(body, 'x.xlsx', cookie)).statusCode).toBe(201);
    const refused = await upload(body, 'x.xlsx', cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/At most 60 spreadsheets an hour/);
    expect((await upload(body, 'x.xlsx', manager)).statusCode).toBe(201);
  }, 60_000);

  it('is for org admins and asset managers: a surveyor is refused', async () => {
    const body = await workbook([['Make'], ['Daikin']]);
    expect((await upload(body, 'x.xlsx', manager)).statusCode).toBe(201);
    const refused = await upload(body, 'x.xlsx', surveyor);
    expect(refused.statusCode).toBe(403);
    const job = await uploaded(body);
    expect((await getJson(t.app, `/api/imports/${job.id}`, surveyor)).statusCode).toBe(403);
    expect((await postJson(t.app, `/api/imports/${job.id}/dry-run`, { sheet: 'Assets', mapping: ['make'] }, { cookie: surveyor })).statusCode).toBe(403);
  });
});

describe('dry run and commit', () => {
  it('builds locations from paths within their parents: two Room 101s on two floors are two areas, and a re-run creates none', async () => {
    const region = `Region ${unique()}`;
    const rows: CellValue[][] = [
      ['Asset No', 'Type', 'Condition', 'Location'],
      [`R1-${region}`, 'HVAC', 'Good', `${region} / Leeds / Block A / Floor 1 / Room 101`],
      [`R2-${region}`, 'HVAC', 'Good', `${region} / Leeds / Block A / Floor 2 / Room 101`],
      [`R3-${region}`, 'PC', 'G', `${region.toUpperCase()} / leeds / BLOCK A / floor 2 / room 101`],
    ];
    const body = await workbook(rows);
    const job = await uploaded(body);
    const before = await tableCounts();
    const dry = await dryRun(job);
    expect(await tableCounts()).toEqual(before); // a dry run changes no table's row count
    expect(dry.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0, inspections: 0, readings: 0 });
    expect(dry.newLocationCount).toBe(7);
    expect(dry.newLocations).toEqual([
      {
        name: region,
        type: 'region',
        parentPath: null,
        children: [
          {
            name: 'Leeds',
            type: 'site',
            parentPath: null,
            children: [
              {
                name: 'Block A',
                type: 'building',
                parentPath: null,
                children: [
                  { name: 'Floor 1', type: 'floor', parentPath: null, children: [{ name: 'Room 101', type: 'area', parentPath: null, children: [] }] },
                  { name: 'Floor 2', type: 'floor', parentPath: null, children: [{ name: 'Room 101', type: 'area', parentPath: null, children: [] }] },
                ],
              },
            ],
          },
        ],
      },
    ]);

    // New locations need approving.
    const refused = await postJson(t.app, `/api/imports/${job.id}/commit`, {}, { cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/7 new locations: approve them/);
    const done = await commit(dry);
    expect(done).toMatchObject({ status: 'committed', counts: { create: 3, update: 0, unchanged: 0, error: 0 } });
    expect(done.committedAt).not.toBeNull();

    const rooms = await t.db.select().from(locations).where(sql`${locations.path} LIKE ${`${region} / %Room 101`}`);
    expect(rooms.map((r) => r.path).sort()).toEqual([`${region} / Leeds / Block A / Floor 1 / Room 101`, `${region} / Leeds / Block A / Floor 2 / Room 101`]);
    const [r3] = await assetBy('clientAssetId', `R3-${region}`);
    const [r2] = await assetBy('clientAssetId', `R2-${region}`);
    expect(r3!.locationId).toBe(r2!.locationId);
    expect(r3!.createdBy).toBe(adminId);

    const again = await dryRun(await uploaded(body));
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0, inspections: 0, readings: 0 });
    expect(again.newLocationCount).toBe(0);
  });

  it('takes the location from one column per level, and refuses a level below an area', async () => {
    const site = `Site ${unique()}`;
    const body = await workbook([
      ['Asset No', 'Type', 'Condition', 'Site', 'Building', 'Room', 'Location'],
      [`L1-${site}`, 'Roof', 'Fair', site, 'Main', 'Plant room', null],
    ]);
    const job = await uploaded(body);
    const dry = await dryRun(job, ['clientAssetId', 'type', 'condition', 'site', 'building', 'area', null]);
    expect(dry.newLocations[0]).toMatchObject({ name: site, type: 'site', children: [{ name: 'Main', type: 'building', children: [{ name: 'Plant room', type: 'area' }] }] });
    await commit(dry);
    const [asset] = await assetBy('clientAssetId', `L1-${site}`);
    expect(asset!.locationPath).toBe(`${site} / Main / Plant room`);

    const deep = await dryRun(await uploaded(await workbook([['Type', 'Condition', 'Location'], ['Roof', 'Good', 'A / B / C / D / E / F / G']])));
    expect(deep.counts?.error).toBe(1);
    expect(deep.errors[0]).toMatchObject({ row: 2, column: 'Location', message: expect.stringMatching(/below an area/) });
  });

  it('matches by assetId, else clientAssetId, else a unique barcode or serial, never by description', async () => {
    const place = await insertLocation(t.db, { name: `Match ${unique()}` });
    const code = unique();
    const byAssetId = await insertAsset(t.db, adminId, { location: place, make: 'A' });
    const byClient = await insertAsset(t.db, adminId, { location: place, clientAssetId: `C-${code}`, make: 'B' });
    const byBarcode = await insertAsset(t.db, adminId, { location: place, barcode: `BC-${code}`, make: 'C' });
    const bySerial = await insertAsset(t.db, adminId, { location: place, serial: `SN-${code}`, make: 'D' });
    await insertAsset(t.db, adminId, { location: place, barcode: `TWICE-${code}` });
    await insertAsset(t.db, adminId, { location: place, barcode: `TWICE-${code}` });
    const described = await insertAsset(t.db, adminId, { location: place, description: `Boiler ${code}` });
    const body = await workbook([
      ['Asset ID', 'Asset No', 'Barcode', 'Serial', 'Make', 'Description', 'Type', 'Condition', 'Location'],
      [byAssetId.assetId.toLowerCase(), null, null, null, 'A2', null, null, null, null],
      [null, `C-${code}`, null, null, 'B2', null, null, null, null],
      [null, null, `BC-${code}`, null, 'C2', null, null, null, null],
      [null, null, null, `SN-${code}`, 'D2', null, null, null, null],
      [null, null, `TWICE-${code}`, null, 'E2', null, null, null, null],
      ['AST-999999', null, null, null, 'F2', null, null, null, null],
      [null, null, null, null, 'G2', `Boiler ${code}`, 'Other', 'Good', place.path],
    ]);
    const dry = await dryRun(await uploaded(body));
    expect(dry.counts).toEqual({ create: 1, update: 4, unchanged: 0, error: 2, inspections: 0, readings: 0 });
    expect(dry.diffs.map((d) => [d.assetId, d.changes])).toEqual([
      [byAssetId.assetId, [{ field: 'make', before: 'A', after: 'A2' }]],
      [byClient.assetId, [{ field: 'make', before: 'B', after: 'B2' }]],
      [byBarcode.assetId, [{ field: 'make', before: 'C', after: 'C2' }]],
      [bySerial.assetId, [{ field: 'make', before: 'D', after: 'D2' }]],
    ]);
    expect(dry.errors).toEqual([
      { row: 6, column: 'Asset ID', message: `2 assets have barcode TWICE-${code}: add the Asset ID to say which` },
      { row: 7, column: 'Asset ID', message: 'Asset ID AST-999999 is not in the register (leave it blank to add a new asset)' },
    ]);
    // The described boiler is left alone: the row is a new asset.
    expect((await assetBy('assetId', described.assetId))[0]!.make).toBeNull();
  });

  it('leaves a blank cell’s value unchanged and empties a field marked #CLEAR', async () => {
    const place = await insertLocation(t.db, { name: `Clear ${unique()}` });
    const asset = await insertAsset(t.db, adminId, { location: place, make: 'Daikin', model: 'VRV', serial: 'S1', installDate: '2020-01-01', customFields: { colour: 'red', size: 'L' } });
    const body = await workbook([
      ['Asset ID', 'Make', 'Model', 'Install date', 'Colour', 'Condition'],
      [asset.assetId, null, '#CLEAR', '#clear', '#CLEAR', '#CLEAR'],
    ]);
    const dry = await dryRun(await uploaded(body), ['assetId', 'make', 'model', 'installDate', 'custom:colour', null]);
    expect(dry.counts).toEqual({ create: 0, update: 1, unchanged: 0, error: 0, inspections: 0, readings: 0 });
    await commit(dry);
    const [after] = await assetBy('assetId', asset.assetId);
    expect(after).toMatchObject({ make: 'Daikin', model: null, serial: 'S1', installDate: null, customFields: { size: 'L' } });

    const required = await dryRun(await uploaded(body), ['assetId', null, null, null, null, 'condition']);
    expect(required.errors).toEqual([{ row: 2, column: 'Condition', message: 'Condition cannot be cleared' }]);
  });

  it('reads dd/mm/yyyy, ISO and Excel serial dates, and refuses ambiguous and impossible ones', async () => {
    const place = await insertLocation(t.db, { name: `Dates ${unique()}` });
    const code = unique();
    const body = await workbook([
      ['Asset No', 'Install date', 'Warranty expiry', 'Type', 'Condition', 'Location'],
      [`D1-${code}`, '03/04/2025', '2027-04-03', 'Other', 'Good', place.path],
      [`D2-${code}`, 45750, new Date(Date.UTC(2027, 3, 3)), 'Other', 'Good', place.path],
      [`D3-${code}`, '03/04/05', '31/02/2027', 'Other', 'Good', place.path],
    ]);
    const dry = await dryRun(await uploaded(body));
    expect(dry.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 1, inspections: 0, readings: 0 });
    expect(dry.errors).toEqual([
      { row: 4, column: 'Install date', message: '"03/04/05" is ambiguous: write the year in full (dd/mm/yyyy)' },
      { row: 4, column: 'Warranty expiry', message: '"31/02/2027" is not a real date' },
    ]);
  });

  it('keeps the leading zeros of codes, in text cells, zero-padded number cells and CSV', async () => {
    const place = await insertLocation(t.db, { name: `Zeros ${unique()}` });
    const code = unique();
    const body = await workbook(
      [
        ['Asset No', 'Barcode', 'Serial', 'Type', 'Condition', 'Location'],
        [`Z1-${code}`, '0012', 7, 'Other', 'Good', place.path],
      ],
      'Assets',
      (sheet) => {
        sheet.getCell('C2').numFmt = '00000';
      },
    );
    await commit(await dryRun(await uploaded(body)));
    expect((await assetBy('clientAssetId', `Z1-${code}`))[0]).toMatchObject({ barcode: '0012', serial: '00007' });

    const csv = Buffer.from(`Asset No,Barcode,Type,Condition,Location\nZ2-${code},000345,Other,Good,${place.path}\n`);
    const job = await uploaded(csv, 'zeros.csv', 'text/csv');
    await commit(await dryRun(job));
    expect((await assetBy('clientAssetId', `Z2-${code}`))[0]!.barcode).toBe('000345');
  });

  it('refuses a second row for the same asset, and an unknown condition, naming row and column', async () => {
    const place = await insertLocation(t.db, { name: `Dupes ${unique()}` });
    const code = unique();
    const body = await workbook([
      ['Asset No', 'Type', 'Condition', 'Location'],
      [`X-${code}`, 'Other', 'Good', place.path],
      [`X-${code}`, 'Other', 'Fair', place.path],
      [`Y-${code}`, 'Spaceship', 'Sparkling', place.path],
    ]);
    const dry = await dryRun(await uploaded(body));
    expect(dry.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 2, inspections: 0, readings: 0 });
    expect(dry.errors).toEqual([
      { row: 3, column: null, message: `Row 2 has the same asset number (X-${code}): each asset once per file` },
      { row: 4, column: 'Type', message: '"Spaceship" is not one of fire_door, hvac, pc, monitor, printer, meter, roof, other (or add it as a synonym)' },
      { row: 4, column: 'Condition', message: '"Sparkling" is not one of excellent, good, fair, poor, unsafe (or add it as a synonym)' },
    ]);
    const commitRefused = await postJson(t.app, `/api/imports/${dry.id}/commit`, { approveNewLocations: true }, { cookie: admin });
    expect(commitRefused.statusCode).toBe(409);
    expect(commitRefused.json<{ message: string }>().message).toMatch(/2 rows are in error/);

    // A value synonym of the user's makes the condition readable.
    const synonyms = await dryRun(await uploaded(body), undefined, { valueSynonyms: { condition: { Sparkling: 'excellent' }, type: { spaceship: 'other' } } });
    expect(synonyms.counts?.error).toBe(1);
  });

  it('writes nothing when a row fails at commit time (all or nothing)', async () => {
    const place = await insertLocation(t.db, { name: `Atomic ${unique()}` });
    const code = unique();
    await insertAsset(t.db, adminId, { location: place, barcode: `ONE-${code}`, make: 'Old' });
    const body = await workbook([
      ['Asset No', 'Barcode', 'Make', 'Type', 'Condition', 'Location'],
      [`N1-${code}`, null, 'New', 'Other', 'Good', `${place.path} / New floor`],
      [null, `ONE-${code}`, 'Changed', null, null, null],
    ]);
    const dry = await dryRun(await uploaded(body));
    expect(dry.counts).toEqual({ create: 1, update: 1, unchanged: 0, error: 0, inspections: 0, readings: 0 });
    // Between the dry run and the commit a second asset takes the barcode: the row no longer names one asset.
    await insertAsset(t.db, adminId, { location: place, barcode: `ONE-${code}` });
    const before = await tableCounts();
    const failed = await commit(dry);
    expect(failed.status).toBe('commit_failed');
    expect(failed.message).toMatch(/^Row 3: .*2 assets have barcode ONE-.*nothing was imported/i);
    expect(await tableCounts()).toEqual(before);
    expect(await assetBy('clientAssetId', `N1-${code}`)).toEqual([]);
  });

  it('records the import and writes "imported" entries by the signed-in user to the audit trail', async () => {
    const place = await insertLocation(t.db, { name: `Audit ${unique()}` });
    const existing = await insertAsset(t.db, adminId, { location: place, make: 'Before' });
    const code = unique();
    const body = await workbook([
      ['Asset ID', 'Asset No', 'Make', 'Type', 'Condition', 'Location'],
      [existing.assetId, null, 'After', null, null, null],
      [null, `AU-${code}`, 'Fresh', 'Other', 'Good', `${place.path} / Store`],
    ]);
    const { done } = await importFile(body);
    const [created] = await assetBy('clientAssetId', `AU-${code}`);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.importId, done.id));
    expect(rows.map((r) => [r.entity, r.operation, r.actorId]).sort()).toEqual([
      ['assets', 'create', adminId],
      ['assets', 'update', adminId],
      ['locations', 'create', adminId],
    ]);
    const history = await getJson(t.app, `/api/assets/${existing.id}/history`, admin);
    expect(history.json<HistoryEntry[]>()[0]).toMatchObject({ operation: 'update', importId: done.id, changes: [{ field: 'make', before: 'Before', after: 'After' }] });
    const createdHistory = await getJson(t.app, `/api/assets/${created!.id}/history`, admin);
    expect(createdHistory.json<HistoryEntry[]>()[0]).toMatchObject({ operation: 'create', importId: done.id });
    // The job keeps what was imported, by whom, from which file.
    expect(done).toMatchObject({ status: 'committed', createdBy: adminId, fileName: 'register.xlsx', counts: { create: 1, update: 1 } });
    expect((await postJson(t.app, `/api/imports/${done.id}/commit`, { approveNewLocations: true }, { cookie: admin })).statusCode).toBe(409);
  });

  it('refuses to commit before a dry run, and a dry run of a sheet the file does not have', async () => {
    const job = await uploaded(await workbook([['Make'], ['Daikin']]));
    const early = await postJson(t.app, `/api/imports/${job.id}/commit`, {}, { cookie: admin });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/dry run of this file first/);
    const wrongSheet = await postJson(t.app, `/api/imports/${job.id}/dry-run`, { sheet: 'Nope', mapping: ['make'] }, { cookie: admin });
    expect(wrongSheet.statusCode).toBe(400);
    const badTarget = await postJson(t.app, `/api/imports/${job.id}/dry-run`, { sheet: 'Assets', mapping: ['colour'] }, { cookie: admin });
    expect(badTarget.statusCode).toBe(400);
    expect((await getJson(t.app, `/api/imports/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await getJson(t.app, '/api/imports/not-an-id', admin)).statusCode).toBe(404);
  });
});

describe('jobs across processes', () => {
  it('runs one import at a time in any process, and reads a job whose process stopped as failed', async () => {
    const elsewhere = await uploaded(await workbook([['Make'], ['Daikin']]));
    // Another process is running this job's dry run: its heartbeat is fresh.
    await t.db.update(imports).set({ status: 'dry_running', sheet: 'Assets', heartbeatAt: sql`now()`, rowsDone: 1 }).where(eq(imports.id, elsewhere.id));
    const job = await getJson(t.app, `/api/imports/${elsewhere.id}`, admin);
    expect(job.json<ImportJob>()).toMatchObject({ status: 'dry_running', progress: { rowsDone: 1, rowsTotal: 1 } });
    const mine = await uploaded(await workbook([['Make'], ['Trane']]));
    const busy = await postJson(t.app, `/api/imports/${mine.id}/dry-run`, { sheet: 'Assets', mapping: ['make'] }, { cookie: admin });
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ message: string }>().message).toMatch(/Another import is running/);

    // Its process died: no heartbeat for a minute.
    await t.db.update(imports).set({ heartbeatAt: sql`now() - interval '1 minute'` }).where(eq(imports.id, elsewhere.id));
    const failed = (await getJson(t.app, `/api/imports/${elsewhere.id}`, admin)).json<ImportJob>();
    expect(failed).toMatchObject({ status: 'dry_run_failed', message: expect.stringMatching(/server stopped/) });
    expect((await postJson(t.app, `/api/imports/${mine.id}/dry-run`, { sheet: 'Assets', mapping: ['make'] }, { cookie: admin })).statusCode).toBe(202);
    await settled(mine.id);
  }, 60_000);
});

describe('round trip', () => {
  async function exportRegister(format: 'xlsx' | 'csv'): Promise<Buffer> {
    const res = await postJson(t.app, '/api/reports/export', { reportType: 'asset_register', format }, { cookie: admin });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json<ExportRecord>();
    const file = await t.app.inject({ method: 'GET', url: record.downloadUrl, headers: { cookie: admin } });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  }

  it('imports the register export (xlsx and csv) and changes nothing', async () => {
    const org = await insertLocation(t.db, { name: `Round ${unique()}`, type: 'organisation' });
    const site = await insertLocation(t.db, { name: 'Depot', type: 'site', parent: org });
    await insertAsset(t.db, adminId, {
      location: site,
      type: 'fire_door',
      make: '=HYPERLINK("x")',
      model: '-12',
      serial: '0007',
      barcode: '000123',
      description: 'Door; with: punctuation',
      installDate: '2021-05-06',
      warrantyExpiry: '2031-05-06',
      condition: 'unsafe',
      conditionNotes: 'Hinge',
      complianceFire: 'no',
      complianceElectrical: 'yes',
      status: 'under_repair',
      customFields: { rating: 'FD30', width: 826 },
    });
    for (const format of ['xlsx', 'csv'] as const) {
      const file = await exportRegister(format);
      const job = await uploaded(file, `register.${format}`, format === 'csv' ? 'text/csv' : XLSX_TYPE);
      const dry = await dryRun(job);
      const total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(assets))[0]!.n;
      expect({ format, counts: dry.counts, newLocations: dry.newLocationCount, errors: dry.errors.slice(0, 3) }).toEqual({
        format,
        counts: { create: 0, update: 0, unchanged: total, error: 0, inspections: 0, readings: 0 },
        newLocations: 0,
        errors: [],
      });
    }
  });
});

describe('error workbook', () => {
  it('gives the original rows with an errors column; the fixed file imports', async () => {
    const place = await insertLocation(t.db, { name: `Errors ${unique()}` });
    const code = unique();
    const body = await workbook([
      ['Asset No', 'Description', 'Install date', 'Condition', 'Type', 'Location'],
      [`E1-${code}`, '=1+1', '01/02/2024', 'Good', 'Other', place.path],
      [`E2-${code}`, 'Fine', '01/02/24', 'Bad-ish', 'Other', place.path],
    ]);
    const dry = await dryRun(await uploaded(body));
    expect(dry.counts?.error).toBe(1);
    const res = await t.app.inject({ method: 'GET', url: `/api/imports/${dry.id}/errors.xlsx`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Asset No', 'Description', 'Install date', 'Condition', 'Type', 'Location', 'errors']);
    expect(rows[1]!.slice(0, 2)).toEqual([`E1-${code}`, "'=1+1"]);
    expect(rows[1]![6]).toBeUndefined();
    expect(rows[2]![6]).toBe(
      'Install date: "01/02/24" is ambiguous: write the year in full (dd/mm/yyyy); Condition: "Bad-ish" is not one of excellent, good, fair, poor, unsafe (or add it as a synonym)',
    );
    let formulas = 0;
    sheet.eachRow((row) => row.eachCell((cell) => void (cell.formula && formulas++)));
    expect(formulas).toBe(0);

    // Fixed in place and uploaded again: the errors column is ignored.
    sheet.getCell('C3').value = '01/02/2024';
    sheet.getCell('D3').value = 'Fair';
    const fixed = await uploaded(Buffer.from(await book.xlsx.writeBuffer()), 'fixed.xlsx');
    expect(fixed.sheets[0]!.suggestedMapping.at(-1)).toBeNull();
    const { done } = { done: await commit(await dryRun(fixed)) };
    expect(done.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0, inspections: 0, readings: 0 });
    expect((await assetBy('clientAssetId', `E1-${code}`))[0]).toMatchObject({ description: '=1+1', installDate: '2024-02-01' });
  });
});

describe('saved mappings', () => {
  it('saves a mapping by name and lists it, and validates targets', async () => {
    const saved = await sendAs(t.app, manager, 'PUT', '/api/import-mappings', {
      name: 'Legacy CAFM',
      mapping: { 'Asset No': 'clientAssetId', Colour: 'custom:colour', Notes: null },
      valueSynonyms: { condition: { A: 'excellent' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await sendAs(t.app, admin, 'PUT', '/api/import-mappings', { name: 'Legacy CAFM', mapping: { 'Asset No': 'clientAssetId' } });
    const list = await getJson(t.app, '/api/import-mappings', admin);
    expect(list.json<ImportMapping[]>()).toEqual([{ name: 'Legacy CAFM', mapping: { 'Asset No': 'clientAssetId' }, valueSynonyms: {}, updatedAt: expect.any(String) }]);
    const bad = await sendAs(t.app, admin, 'PUT', '/api/import-mappings', { name: 'x', mapping: { a: 'nonsense' } });
    expect(bad.statusCode).toBe(400);
    const badSynonym = await sendAs(t.app, admin, 'PUT', '/api/import-mappings', { name: 'x', mapping: {}, valueSynonyms: { condition: { A: 'shiny' } } });
    expect(badSynonym.statusCode).toBe(400);
    expect((await getJson(t.app, '/api/import-mappings', surveyor)).statusCode).toBe(403);
  });
});
