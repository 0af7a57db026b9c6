import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { createClock, createdBy, createTestApp, getJson, MINUTE, postJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation, type LocationRow } from '../../../../tests/factories/register';
import { eq } from 'drizzle-orm';
import { actions, complianceRegimes, inspections, meterReadings, meters, obligations, users } from '../../db/schema';
import { REPORT_TYPES, EXPORT_FORMATS, type ReportType } from '../../../shared/domain/reports';
import type { ExportRecord } from '../../../shared/contract/reports';

let t: TestApp;
let cookie: string;
let userId: string;
let leeds: LocationRow;
let york: LocationRow;

const INJECTIONS = ['=HYPERLINK("http://x","y")', '+1', '-1+2', '@SUM(A1)', '\t=1', 'a";=1+2', `=1+2'" ;,=1+2`];

beforeAll(async () => {
  // This file exports far more than the hourly limit on one frozen clock; export-limits.test.ts tests the limits.
  // Today is 15 November 2026 on the organisation's calendar: the compliance schedule looks ahead from it.
  t = await createTestApp({ env: { EXPORTS_PER_USER_PER_HOUR: '1000' }, clock: createClock(new Date('2026-11-15T12:00:00Z')) });
  ({ cookie, user: { id: userId } } = await registerUser(t.app, { fullName: 'Maya Manager' }));
  const org = await insertLocation(t.db, { name: 'Acme Estates', type: 'organisation' });
  leeds = await insertLocation(t.db, { name: 'Leeds Depot', type: 'site', parent: org });
  york = await insertLocation(t.db, { name: 'York Office', type: 'site', parent: org });
  const blockA = await insertLocation(t.db, { name: 'Block A', type: 'building', parent: leeds });
  const floor = await insertLocation(t.db, { name: 'Floor 2', type: 'floor', parent: blockA });

  const boiler = await insertAsset(t.db, userId, {
    location: floor,
    type: 'hvac',
    make: INJECTIONS[0],
    model: INJECTIONS[1],
    serial: INJECTIONS[2],
    description: INJECTIONS[3],
    subtype: INJECTIONS[4],
    barcode: INJECTIONS[5],
    conditionNotes: INJECTIONS[6],
    condition: 'poor',
    complianceFire: 'no',
    installDate: '2020-03-15',
    customFields: { Refrigerant: 'R32' },
  });
  await insertAsset(t.db, userId, { location: blockA, condition: 'good', complianceElectrical: 'yes' });
  await insertAsset(t.db, userId, { location: york, condition: 'excellent', complianceLoler: 'no', complianceHygiene: 'no' });
  await t.db.insert(actions).values([
    { title: '=cmd|calc', priority: 'high', createdBy: userId, assetId: boiler.id, targetDate: '2026-12-01' },
    { title: 'General tidy', priority: 'low', status: 'closed', createdBy: userId },
  ]);
  const [meter] = await t.db
    .insert(meters)
    .values({ meterNumber: 'EL-1', type: 'electricity', unit: 'kWh', multiplier: 10, locationId: leeds.id, locationPath: leeds.path })
    .returning();
  await t.db.insert(meterReadings).values([
    { meterId: meter!.id, reading: 100, readingDate: new Date('2026-09-01T00:00:00Z'), recordedBy: userId },
    { meterId: meter!.id, reading: 160, readingDate: new Date('2026-10-01T00:00:00Z'), recordedBy: userId },
  ]);
});
afterAll(() => t.close());

async function exportReport(body: Record<string, unknown>, as = cookie): Promise<ExportRecord> {
  const res = await postJson(t.app, '/api/reports/export', body, { cookie: as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ExportRecord>();
}

async function download(record: ExportRecord, as = cookie) {
  return t.app.inject({ method: 'GET', url: record.downloadUrl, headers: { cookie: as } });
}

/** Every cell of a downloaded report as text rows (header first). */
async function readCells(record: ExportRecord): Promise<{ rows: string[][]; formulas: number }> {
  const res = await download(record);
  expect(res.statusCode, res.body).toBe(200);
  if (record.format === 'csv') {
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // UTF-8 BOM
    return { rows: parse(res.rawPayload, { bom: true, relax_column_count: false }) as string[][], formulas: 0 };
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  let formulas = 0;
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      if (cell.type === ExcelJS.ValueType.Formula) formulas++;
      cells.push(cell.value instanceof Date ? cell.value.toISOString() : cell.value === null ? '' : String(cell.value));
    });
    rows.push(cells);
  });
  return { rows, formulas };
}

describe('POST /api/reports/export', () => {
  for (const reportType of REPORT_TYPES) {
    for (const format of EXPORT_FORMATS) {
      it(`writes ${reportType} as ${format}, readable back, with no live formula`, async () => {
        const record = await exportReport({ reportType, format });
        expect(record.downloadUrl).toMatch(new RegExp(`^/api/reports/exports/${record.id}/download\\?expires=\\d+&sig=`));
        expect(record.filename).toMatch(new RegExp(`^${reportType}-all-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
        const { rows, formulas } = await readCells(record);
        expect(formulas).toBe(0);
        expect(rows.length).toBe(record.rowCount + 1);
        for (const row of rows.slice(1)) {
          for (const cell of row) expect(cell, `cell ${JSON.stringify(cell)}`).not.toMatch(/^[=+\-@\t\r\n]/);
        }
      });
    }
  }

  it('neutralises every formula trigger with a leading apostrophe and keeps the text', async () => {
    for (const format of EXPORT_FORMATS) {
      const { rows } = await readCells(await exportReport({ reportType: 'asset_register', format }));
      const cells = rows.flat();
      for (const payload of INJECTIONS) {
        // Only a leading trigger is dangerous; other text (quotes, separators) comes back unchanged.
        const expected = /^[=+\-@\t]/.test(payload) ? `'${payload}` : payload;
        expect(cells, `${format}: ${JSON.stringify(payload)}`).toContain(expected);
      }
    }
  });

  it('the asset register has every audited field, with labels and real dates', async () => {
    const { rows } = await readCells(await exportReport({ reportType: 'asset_register', format: 'xlsx' }));
    const [header, ...data] = rows;
    expect(header).toEqual(expect.arrayContaining(['Asset ID', 'Location', 'Condition', 'Fire', 'Electrical', 'LOLER', 'Hygiene', 'Custom fields', 'Created by']));
    const boiler = data.find((r) => r.some((c) => c.endsWith('Floor 2')))!;
    expect(boiler).toContain('Poor');
    expect(boiler).toContain('Non-compliant');
    expect(boiler).toContain('Refrigerant: R32');
    expect(boiler).toContain('Maya Manager');
    expect(boiler).toContain('2020-03-15T00:00:00.000Z'); // install date is a date cell
  });

  it('a site scope covers everything inside that site, and names the file after it', async () => {
    const record = await exportReport({ reportType: 'asset_register', format: 'csv', locationId: leeds.id });
    expect(record.filename).toMatch(/^asset_register-leeds-depot-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(record).toMatchObject({ rowCount: 2, locationName: 'Leeds Depot' });
    const york = await exportReport({ reportType: 'actions_list', format: 'csv', locationId: (await insertLocation(t.db)).id });
    expect(york.rowCount).toBe(0);
  });

  it('summarises conditions per site and building', async () => {
    const { rows } = await readCells(await exportReport({ reportType: 'condition_summary', format: 'csv' }));
    expect(rows).toEqual([
      ['Site', 'Building', 'Excellent', 'Good', 'Fair', 'Poor', 'Unsafe', 'Total'],
      ['Leeds Depot', 'Block A', '0', '1', '0', '1', '0', '2'],
      ['York Office', '(no building)', '1', '0', '0', '0', '0', '1'],
    ]);
  });

  it('lists the compliance schedule: every obligation, the most urgent first, with its certificate and the next 12 months of due dates', async () => {
    const { cookie: admin } = await registerUser(t.app, { role: 'org_admin' });
    const send = (method: 'POST' | 'PATCH', url: string, body: unknown) => sendAs(t.app, admin, method, url, body);
    const regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Array<{ id: string; key: string }>>().map((r) => [r.key, r.id]));
    const monthly = await createdBy<{ id: string }>(send('POST', '/api/compliance/regimes', { name: 'Monthly plant check', category: 'environmental', interval: { count: 1, unit: 'month' }, dueSoonDays: 7 }));
    const boiler = (await getJson(t.app, '/api/assets?search=hvac', admin)).json<Array<{ id: string }>>();
    const oblige = (body: Record<string, unknown>) => createdBy<{ id: string }>(send('POST', '/api/obligations', body));
    const inspect = (obligationId: string, performedOn: string, extra: Record<string, unknown> = {}) =>
      createdBy(send('POST', '/api/inspections', { obligationId, performedOn, result: 'pass', ...extra }));

    const gas = await oblige({ regimeId: regimes.get('gas_safety'), assetId: boiler[0]!.id, contractor: 'Flue & Co' });
    await inspect(gas.id, '2025-10-01', { certificateNumber: 'GS-77' });
    const plant = await oblige({ regimeId: monthly.id, locationId: york.id });
    await inspect(plant.id, '2026-11-10');
    await oblige({ regimeId: regimes.get('fire_risk_assessment'), locationId: leeds.id });
    const wiring = await oblige({ regimeId: regimes.get('eicr'), locationId: (await getJson(t.app, '/api/locations?search=Block%20A', admin)).json<Array<{ id: string }>>()[0]!.id });
    await inspect(wiring.id, '2026-01-31', { certificateNumber: 'EICR-5' });

    const { rows } = await readCells(await exportReport({ reportType: 'compliance_schedule', format: 'csv' }));
    const column = (header: string) => rows[0]!.indexOf(header);
    const pick = (row: string[], ...headers: string[]) => headers.map((h) => row[column(h)]);
    expect(rows.slice(1).map((r) => pick(r, 'Regime', 'Status', 'Certificate', 'Next due', 'Days overdue', 'Due in the next 12 months'))).toEqual([
      ['Gas safety inspection and service', 'Overdue', 'GS-77', '2026-10-01', '45', '2'],
      ['Fire risk assessment review', 'Unknown', '', '', '', '0'],
      ['Monthly plant check', 'Compliant', '', '2026-12-10', '', '12'],
      ['Electrical installation condition report (EICR)', 'Compliant', 'EICR-5', '2031-01-31', '', '0'],
    ]);
    // Overdue: its missed date, then a year on; monthly: twelve dates, month by month.
    expect(pick(rows[1]!, 'Due dates (next 12 months)', 'Contractor', 'Location')).toEqual(['2026-10-01, 2027-10-01', 'Flue & Co', 'Acme Estates / Leeds Depot / Block A / Floor 2']);
    expect(rows[3]![column('Due dates (next 12 months)')]).toBe(
      '2026-12-10, 2027-01-10, 2027-02-10, 2027-03-10, 2027-04-10, 2027-05-10, 2027-06-10, 2027-07-10, 2027-08-10, 2027-09-10, 2027-10-10, 2027-11-10',
    );

    // A location's schedule holds only what lies in it.
    const yorkOnly = await readCells(await exportReport({ reportType: 'compliance_schedule', format: 'csv', locationId: york.id }));
    expect(yorkOnly.rows.slice(1).map((r) => r[0])).toEqual(['Monthly plant check']);
  });

  it('logs meter readings with consumption × multiplier', async () => {
    const { rows } = await readCells(await exportReport({ reportType: 'meter_logs', format: 'csv' }));
    expect(rows.slice(1).map((r) => [r[0], r[6], r[7]])).toEqual([
      ['EL-1', '100', ''],
      ['EL-1', '160', '600'],
    ]);
  });

  it('refuses bad requests with 400', async () => {
    for (const body of [{}, { reportType: 'payroll' }, { reportType: 'asset_register', format: 'pdf' }]) {
      expect((await postJson(t.app, '/api/reports/export', body, { cookie })).statusCode).toBe(400);
    }
    const unknown = await postJson(t.app, '/api/reports/export', { reportType: 'asset_register', locationId: crypto.randomUUID() }, { cookie });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Location not found');
  });
});

describe('downloads and recent exports', () => {
  it('serves the file as an attachment with the right type, to its owner only', async () => {
    const record = await exportReport({ reportType: 'actions_list', format: 'xlsx' });
    const res = await download(record);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${record.filename}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const other = await registerUser(t.app);
    expect((await download(record, other.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: record.downloadUrl })).statusCode).toBe(401);
    expect((await getJson(t.app, record.downloadUrl.replace(/sig=[^&]+/, 'sig=forged'), cookie)).statusCode).toBe(403);
  });

  it('links expire after 15 minutes; the list hands out fresh ones', async () => {
    t.clock.advance(1000); // the newest export (exports are stamped with the app's clock, which stands still in tests)
    const record = await exportReport({ reportType: 'meter_logs', format: 'csv' });
    t.clock.advance(16 * MINUTE);
    const expired = await download(record);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
    const recent = (await getJson(t.app, '/api/reports/exports', cookie)).json<ExportRecord[]>();
    const fresh = recent.find((r) => r.id === record.id)!;
    expect((await download(fresh)).statusCode).toBe(200);
  });

  it("lists only the user's own exports, newest first", async () => {
    const other = await registerUser(t.app);
    expect((await getJson(t.app, '/api/reports/exports', other.cookie)).json()).toEqual([]);
    const first = await exportReport({ reportType: 'condition_summary', format: 'csv' }, other.cookie);
    t.clock.advance(1000); // exports are stamped with the app's clock, which stands still in tests
    const second = await exportReport({ reportType: 'asset_register', format: 'xlsx' }, other.cookie);
    const list = (await getJson(t.app, '/api/reports/exports', other.cookie)).json<ExportRecord[]>();
    expect(list.map((r) => r.id)).toEqual([second.id, first.id]);
  });
});

describe('formula injection in every text column of every report', () => {
  // Each trigger of SEC-EXP-1 leads a value, CR and LF too. Rows go in through the database, because
  // the API trims leading whitespace and so could never store the TAB, CR and LF cases.
  const TRIGGERS = ['=HYPERLINK("http://x","y")', '+1+1', '-1+2', '@SUM(A1)', '\t=1+1', '\r=1+1', '\n=1+1', `=1+2'" ;,=1+2`];

  /** The values each report must carry (each comes back behind an apostrophe). */
  const carried: Record<ReportType, string[]> = {
    asset_register: [],
    actions_list: [],
    condition_summary: [],
    compliance_schedule: [],
    meter_logs: [],
  };

  /** One small estate per trigger: every text that reaches a report starts with it. */
  async function estateLedBy(trigger: string) {
    const text = (column: string) => `${trigger} ${column}`;
    const { user } = await registerUser(t.app);
    const fullName = text('full name');
    await t.db.update(users).set({ fullName }).where(eq(users.id, user.id));

    const site = await insertLocation(t.db, { name: text('site'), type: 'site' });
    const building = await insertLocation(t.db, { name: text('building'), type: 'building', parent: site });

    const asset = {
      subtype: text('subtype'),
      make: text('make'),
      model: text('model'),
      serial: text('serial'),
      description: text('description'),
      conditionNotes: text('condition notes'),
      barcode: text('barcode'),
    };
    const custom = { [text('custom name')]: text('custom value') };
    const assetRow = await insertAsset(t.db, user.id, { location: building, ...asset, customFields: custom });

    const action = { title: text('title'), description: text('action description'), assignee: text('assignee') };
    await t.db.insert(actions).values({ ...action, priority: 'high', createdBy: user.id, assetId: assetRow.id });

    const meter = { meterNumber: text('meter number'), unit: text('unit') };
    const [meterRow] = await t.db.insert(meters).values({ ...meter, type: 'water', multiplier: 1, locationId: site.id, locationPath: site.path }).returning();
    const notes = text('reading notes');
    await t.db.insert(meterReadings).values({ meterId: meterRow!.id, reading: 5, readingDate: new Date('2026-10-01T00:00:00Z'), recordedBy: user.id, notes });

    carried.asset_register.push(...Object.values(asset), building.path, Object.entries(custom).map(([k, v]) => `${k}: ${v}`).join(''), fullName);
    carried.actions_list.push(...Object.values(action), building.path, fullName);
    carried.condition_summary.push(site.name, building.name);
    const [gas] = await t.db.select({ id: complianceRegimes.id }).from(complianceRegimes).where(eq(complianceRegimes.key, 'gas_safety'));
    const contractor = text('contractor');
    const [obligation] = await t.db
      .insert(obligations)
      .values({ regimeId: gas!.id, assetId: assetRow.id, locationId: building.id, responsibleUserId: user.id, contractor, createdBy: user.id, status: 'unknown' })
      .returning();
    const certificate = text('certificate');
    const [inspection] = await t.db.insert(inspections).values({ obligationId: obligation!.id, performedOn: '2026-10-01', result: 'pass', certificateNumber: certificate, recordedById: user.id }).returning();
    await t.db.update(obligations).set({ lastInspectionId: inspection!.id, lastCertificateNumber: certificate }).where(eq(obligations.id, obligation!.id));
    carried.compliance_schedule.push(`${asset.make} ${asset.model}`, building.path, fullName, contractor, certificate);
    carried.meter_logs.push(...Object.values(meter), site.path, fullName, notes);
  }

  beforeAll(async () => {
    for (const trigger of TRIGGERS) await estateLedBy(trigger);
  });

  for (const reportType of REPORT_TYPES) {
    for (const format of EXPORT_FORMATS) {
      it(`${reportType} as ${format}: each value comes back as text behind an apostrophe, never a formula`, async () => {
        // Every trigger leads some value in every column of this report that holds text.
        expect(new Set(carried[reportType].map((value) => value[0]))).toEqual(new Set(['=', '+', '-', '@', '\t', '\r', '\n']));
        const { rows, formulas } = await readCells(await exportReport({ reportType, format }));
        expect(formulas).toBe(0);
        const cells = rows.slice(1).flat();
        for (const cell of cells) expect(cell, `cell ${JSON.stringify(cell)}`).not.toMatch(/^[=+\-@\t\r\n]/);
        for (const value of carried[reportType]) {
          // exceljs writes a CR as it is, and XML reads a bare CR back as LF (XML 1.0 §2.11).
          const readBack = format === 'xlsx' ? value.replace(/\r/g, '\n') : value;
          expect(cells, JSON.stringify(value)).toContain(`'${readBack}`);
        }
      });
    }
  }
});
