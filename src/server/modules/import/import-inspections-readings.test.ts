import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { createdBy, createTestApp, getJson, postJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { insertLocation } from '../../../../tests/factories/register';
import { actions, assets, auditLog, complianceRegimes, inspections, meterReadings, obligations } from '../../db/schema';
import type { ImportJob } from '../../../shared/contract/imports';

/**
 * The import's optional columns (issue 26, ADR 029): a regime's last inspection date and certificate
 * number on each asset, and a meter's latest reading. Recorded as the Compliance tab and the Add
 * Reading form record them, checked by the same rules, once however often the file is imported.
 */

let t: TestApp;
let admin: string;
let manager: string;
let site: { id: string; name: string };
let meterNumber: string;
let meterId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: admin } = await registerUser(t.app, { role: 'org_admin' }));
  ({ cookie: manager } = await registerUser(t.app, { role: 'asset_manager' }));
  site = await insertLocation(t.db, { name: `Import Site ${Math.random().toString(36).slice(2, 7)}`, type: 'site' });
  meterNumber = `EL-IMP-${Math.random().toString(36).slice(2, 7)}`;
  ({ id: meterId } = await createdBy(postJson(t.app, '/api/meters', { meterNumber, type: 'electricity', unit: 'kWh', locationId: site.id }, { cookie: admin })));
  await createdBy(postJson(t.app, '/api/meter-readings', { meterId, reading: 1000, readingDate: '2026-01-10T09:00:00.000Z' }, { cookie: admin }));
});
afterAll(() => t?.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const unique = () => Math.random().toString(36).slice(2, 8);

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Assets');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function uploaded(body: Buffer, cookie = admin): Promise<ImportJob> {
  const res = await t.app.inject({ method: 'POST', url: '/api/imports?name=register.xlsx', headers: { cookie, 'content-type': XLSX_TYPE }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ImportJob>();
}

async function settled(id: string): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const job = (await getJson(t.app, `/api/imports/${id}`, admin)).json<ImportJob>();
    if (job.status !== 'dry_running' && job.status !== 'committing') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

async function dryRun(job: ImportJob, cookie = admin): Promise<ImportJob> {
  const res = await postJson(t.app, `/api/imports/${job.id}/dry-run`, { sheet: 'Assets', mapping: job.sheets[0]!.suggestedMapping }, { cookie });
  expect(res.statusCode, res.body).toBe(202);
  return settled(job.id);
}

async function commit(job: ImportJob): Promise<ImportJob> {
  const res = await postJson(t.app, `/api/imports/${job.id}/commit`, { approveNewLocations: true }, { cookie: admin });
  expect(res.statusCode, res.body).toBe(202);
  const done = await settled(job.id);
  expect(done.status, done.message ?? '').toBe('committed');
  return done;
}

const HEADERS = ['Asset No', 'Type', 'Condition', 'Location', 'EICR Date', 'EICR Cert No', 'Last Gas Safety', 'Meter No', 'Reading', 'Reading Date'];

const regimeId = async (key: string) => (await t.db.select({ id: complianceRegimes.id }).from(complianceRegimes).where(eq(complianceRegimes.key, key)))[0]!.id;

async function obligationOf(clientAssetId: string, key: string) {
  const [asset] = await t.db.select({ id: assets.id }).from(assets).where(eq(assets.clientAssetId, clientAssetId));
  const [row] = await t.db
    .select()
    .from(obligations)
    .where(and(eq(obligations.assetId, asset!.id), eq(obligations.regimeId, await regimeId(key))));
  return row;
}

describe('inspections and meter readings from a spreadsheet', () => {
  it('suggests the columns, records each once with its duty and dates, and records nothing again on a second import', async () => {
    const code = unique();
    const rows = [
      HEADERS,
      [`${code}-1`, 'Other', 'Good', site.name, '01/03/2024', 'EICR-2024-77', '15/01/2020', meterNumber, 1500, '20/02/2026'],
      [`${code}-2`, 'HVAC', 'Fair', site.name, '2024-05-02', null, null, null, null, null],
    ];
    const job = await uploaded(await workbook(rows));
    expect(job.sheets[0]!.suggestedMapping).toEqual([
      'clientAssetId',
      'type',
      'condition',
      'locationPath',
      'inspection:eicr:date',
      'inspection:eicr:certificate',
      'inspection:gas_safety:date',
      'meterNumber',
      'meterReading',
      'meterReadingDate',
    ]);

    const dry = await dryRun(job);
    expect(dry.status, dry.message ?? '').toBe('ready');
    expect(dry.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0, inspections: 3, readings: 1 });
    expect(await t.db.select().from(meterReadings).where(eq(meterReadings.meterId, meterId))).toHaveLength(1);

    const done = await commit(dry);
    expect(done.counts).toMatchObject({ create: 2, inspections: 3, readings: 1 });

    const eicr = await obligationOf(`${code}-1`, 'eicr');
    expect(eicr).toMatchObject({ state: 'active', lastCompletedOn: '2024-03-01', lastResult: 'pass', lastCertificateNumber: 'EICR-2024-77', nextDueOn: '2029-03-01', status: 'compliant' });
    const [recorded] = await t.db.select().from(inspections).where(eq(inspections.obligationId, eicr!.id));
    expect(recorded).toMatchObject({ performedOn: '2024-03-01', result: 'pass', certificateNumber: 'EICR-2024-77', notes: 'Imported from register.xlsx, row 2' });
    expect(eicr!.lastInspectionId).toBe(recorded!.id);

    // A duty last done six years ago is overdue, and raises its action once, as any write does.
    const gas = await obligationOf(`${code}-1`, 'gas_safety');
    expect(gas).toMatchObject({ lastCompletedOn: '2020-01-15', nextDueOn: '2021-01-15', status: 'overdue' });
    expect(await t.db.select().from(actions).where(eq(actions.obligationId, gas!.id))).toMatchObject([{ category: 'compliance', priority: 'high', overdueFor: '2021-01-15' }]);
    expect(await obligationOf(`${code}-2`, 'eicr')).toMatchObject({ lastCompletedOn: '2024-05-02', lastCertificateNumber: null, status: 'compliant' });

    const readings = await t.db.select().from(meterReadings).where(eq(meterReadings.meterId, meterId)).orderBy(meterReadings.readingDate);
    expect(readings.map((r) => [r.reading, r.readingDate.toISOString()])).toEqual([
      [1000, '2026-01-10T09:00:00.000Z'],
      [1500, '2026-02-20T12:00:00.000Z'],
    ]);
    const meter = (await getJson(t.app, `/api/meters/${meterId}`, admin)).json<{ lastReading: number }>();
    expect(meter.lastReading).toBe(1500);

    // The audit trail names the import; the kept compliance counts equal counting from scratch.
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, recorded!.id));
    expect(audited).toMatchObject([{ operation: 'create', importId: job.id }]);
    const kept = await t.db.execute(sql`SELECT location_id, regime_id, status, sum(n)::int AS n FROM location_compliance_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`);
    await t.ownerDb.execute(sql`SELECT rebuild_compliance_counts()`);
    const rebuilt = await t.db.execute(sql`SELECT location_id, regime_id, status, sum(n)::int AS n FROM location_compliance_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3`);
    expect(kept.rows).toEqual(rebuilt.rows);

    const again = await dryRun(await uploaded(await workbook(rows)));
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0, inspections: 0, readings: 0 });
    await commit(again);
    expect(await t.db.select().from(inspections).where(eq(inspections.obligationId, eicr!.id))).toHaveLength(1);
    expect(await t.db.select().from(meterReadings).where(eq(meterReadings.meterId, meterId))).toHaveLength(2);
  });

  it('adds an older inspection to the history without moving the dates a newer one set', async () => {
    const code = unique();
    await commit(await dryRun(await uploaded(await workbook([HEADERS.slice(0, 5), [`${code}-1`, 'Other', 'Good', site.name, '01/06/2025']]))));
    const before = await obligationOf(`${code}-1`, 'eicr');
    const older = await dryRun(await uploaded(await workbook([HEADERS.slice(0, 6), [`${code}-1`, 'Other', 'Good', site.name, '01/06/2020', 'OLD-1']])));
    expect(older.counts).toMatchObject({ unchanged: 1, inspections: 1 });
    await commit(older);
    const after = await obligationOf(`${code}-1`, 'eicr');
    expect(after).toMatchObject({ lastCompletedOn: '2025-06-01', nextDueOn: before!.nextDueOn, status: before!.status, lastInspectionId: before!.lastInspectionId });
    expect(await t.db.select().from(inspections).where(eq(inspections.obligationId, after!.id))).toHaveLength(2);
  });

  it('puts each problem on its row and column: a future date, a certificate without a date, an unknown meter, a reading going back, one meter twice', async () => {
    const code = unique();
    const job = await uploaded(
      await workbook([
        HEADERS,
        [`${code}-1`, 'Other', 'Good', site.name, '01/01/2099', null, null, null, null, null],
        [`${code}-2`, 'Other', 'Good', site.name, null, 'CERT-ONLY', null, null, null, null],
        [`${code}-3`, 'Other', 'Good', site.name, null, null, null, 'NO-SUCH-METER', 5, '01/02/2026'],
        [`${code}-4`, 'Other', 'Good', site.name, null, null, null, meterNumber, 10, '01/03/2026'],
        [`${code}-5`, 'Other', 'Good', site.name, null, null, null, meterNumber, 9999999, '02/03/2026'],
        [`${code}-6`, 'Other', 'Good', site.name, null, null, null, null, 12, null],
        [`${code}-7`, 'Other', 'Good', site.name, null, null, '#CLEAR', null, 'lots', null],
      ]),
    );
    const dry = await dryRun(job);
    expect(dry.counts).toMatchObject({ create: 0, error: 7, inspections: 0, readings: 0 });
    const byRow = (row: number) => dry.errors.filter((e) => e.row === row).map((e) => `${e.column}: ${e.message}`);
    expect(byRow(2)).toEqual(['EICR Date: 2099-01-01 is in the future: an inspection is recorded once it has been done']);
    expect(byRow(3)[0]).toMatch(/^EICR Date: The .* certificate needs the date the inspection was done$/);
    expect(byRow(4)).toEqual(['Meter No: Meter NO-SUCH-METER is not in the register: add it on the Meters page first']);
    expect(byRow(5)[0]).toMatch(/^Reading: Reading is lower than the previous reading \(1,?500 on /);
    expect(byRow(6)).toEqual([`Meter No: Row 5 already records a reading of meter ${meterNumber}: one reading per meter per file`]);
    expect(byRow(7)).toEqual(['Meter No: A meter reading needs the meter number it was read from', 'Reading Date: A meter reading needs the date it was read']);
    expect(byRow(8)).toEqual(['Last Gas Safety: An inspection cannot be cleared: inspections are kept for good', 'Reading: "lots" is not a meter reading: a whole number of 0 or more']);
  });

  it('refuses a mapping naming a regime not in use, a certificate column without its date column, and what the user may not record', async () => {
    const job = await uploaded(await workbook([['Asset No', 'EICR Cert', 'Reading'], ['X-1', 'C-1', 5]]));
    const refused = async (mapping: (string | null)[], cookie = admin) => {
      const res = await postJson(t.app, `/api/imports/${job.id}/dry-run`, { sheet: 'Assets', mapping }, { cookie });
      return { status: res.statusCode, message: res.json<{ message: string }>().message };
    };
    expect(await refused(['clientAssetId', 'inspection:no_such_regime:date', null])).toEqual({
      status: 400,
      message: 'No regime in use has the key no_such_regime: map those columns to a regime of the catalogue (Compliance → Regimes).',
    });
    expect((await refused(['clientAssetId', 'inspection:eicr:certificate', null])).message).toMatch(/certificate number but none gives its date: map the date column too\.$/);
    expect((await refused(['clientAssetId', 'inspection:EICR:date', null])).status).toBe(400);

    const withdraw = (withdrawn: string[]) => sendAs(t.app, admin, 'PATCH', '/api/settings', { withdrawn: { asset_manager: withdrawn } });
    expect((await withdraw(['inspection.record', 'reading.create'])).statusCode).toBe(200);
    try {
      const mine = await uploaded(await workbook([['Asset No', 'EICR Date', 'Reading'], ['X-1', '01/01/2025', 5]]), manager);
      const res = await postJson(t.app, `/api/imports/${mine.id}/dry-run`, { sheet: 'Assets', mapping: ['clientAssetId', 'inspection:eicr:date', null] }, { cookie: manager });
      expect(res.statusCode).toBe(403);
      const readings = await postJson(t.app, `/api/imports/${mine.id}/dry-run`, { sheet: 'Assets', mapping: ['clientAssetId', null, 'meterReading'] }, { cookie: manager });
      expect(readings.statusCode).toBe(403);
      const plain = await postJson(t.app, `/api/imports/${mine.id}/dry-run`, { sheet: 'Assets', mapping: ['clientAssetId', null, null] }, { cookie: manager });
      expect(plain.statusCode, plain.body).toBe(202);
      await settled(mine.id);
    } finally {
      expect((await withdraw([])).statusCode).toBe(200);
    }
  });
});
