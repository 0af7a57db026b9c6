import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createdBy, createTestApp, getJson, postJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { jpegWithExif, uploadLocal } from '../../../../tests/setup/media-fixtures';
import { minimalPdf } from '../../../../tests/factories/pdf';
import { readZip, type ZipEntry } from '../../../../tests/setup/zip-reader';
import type { Inspection, Obligation, Regime } from '../../../shared/contract/compliance';
import type { Media } from '../../../shared/contract/media';
import type { EvidencePackSummary } from '../../../shared/contract/evidence-pack';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import { MISSING_FROM_STORAGE, NO_EVIDENCE, packRefusal, safeName } from './evidence-pack';

/**
 * The evidence pack (ADR 025): a location's subtree's current certificates and photos in a zip,
 * with an index of every obligation, read back here byte for byte by a zip reader of the tests' own.
 */

const MAX_FILES = 6;
let t: TestApp;
let admin: string;
let manager: string;
let regimes: Map<string, Regime>;

const send = (method: InjectOptions['method'], url: string, cookie: string, body?: unknown) => sendAs(t.app, cookie, method, url, body);
const place = (name: string, type: string, parentId?: string) => createdBy(postJson(t.app, '/api/locations', { name, type, parentId }, { cookie: admin }));
const asset = (locationId: string, data: Record<string, unknown> = {}) =>
  createdBy<{ id: string; assetId: string }>(postJson(t.app, '/api/assets', { locationId, type: 'other', condition: 'good', ...data }, { cookie: admin }));
const obligation = (regime: string, subject: { assetId: string } | { locationId: string }) =>
  createdBy<Obligation>(send('POST', '/api/obligations', admin, { regimeId: regimes.get(regime)!.id, ...subject }));
const inspect = (obligationId: string, body: Record<string, unknown> = {}) =>
  createdBy<Inspection>(send('POST', '/api/inspections', manager, { obligationId, performedOn: '2026-03-01', result: 'pass', ...body }));
async function attach(inspectionId: string, bytes: Buffer, mimeType: string, filename: string): Promise<Media> {
  const key = await uploadLocal(t.app, manager, bytes, mimeType);
  return createdBy<Media>(postJson(t.app, '/api/media', { key, filename, inspectionId }, { cookie: manager }));
}

const packUrl = (locationId: string) => `/api/locations/${locationId}/evidence-pack`;
async function download(locationId: string, cookie = manager) {
  const res = await getJson(t.app, packUrl(locationId), cookie);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { res, entries: readZip(res.rawPayload) };
}
const named = (entries: ZipEntry[], name: string) => entries.find((e) => e.name === name)?.data;

/** The index sheet's rows as objects keyed by header, read with the library the app writes it with. */
async function indexSheet(entries: ZipEntry[]): Promise<Array<Record<string, unknown>>> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(named(entries, 'index.xlsx')! as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Array<Record<string, unknown>> = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null])));
  });
  return rows;
}

/**
 * Riverside Campus (site) → Main Block (building) → Ground Floor; a fire alarm service on the
 * building with its certificate and a photo; a boiler on the floor with its gas safety record; an
 * EICR on the floor never inspected; emergency lighting on a typed-in asset inspected without
 * files. Elsewhere, another site's certificate that must stay out.
 */
let tree: {
  site: string;
  building: string;
  floor: string;
  boiler: { id: string; assetId: string };
  fittings: { id: string; assetId: string };
  alarmPdf: Buffer;
  alarmPhoto: Buffer;
  gasPdf: Buffer;
  otherSite: string;
};

beforeAll(async () => {
  t = await createTestApp({ env: { EVIDENCE_PACK_MAX_FILES: String(MAX_FILES) } });
  admin = (await registerUser(t.app, { role: 'org_admin' })).cookie;
  manager = (await registerUser(t.app, { role: 'asset_manager', fullName: 'Ada Manager' })).cookie;
  regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>().map((r) => [r.key, r]));

  const site = await place('Riverside Campus', 'site');
  const building = await place('Main Block', 'building', site.id);
  const floor = await place('Ground Floor', 'floor', building.id);
  const boiler = await asset(floor.id, { type: 'hvac', make: 'Ideal', model: 'Logic' });
  // A name typed to run as a formula when the index is opened in a spreadsheet.
  const fittings = await asset(building.id, { make: '=HYPERLINK("http://evil.example","Click")' });

  const alarm = await obligation('fire_alarm_service', { locationId: building.id });
  const alarmInspection = await inspect(alarm.id, { certificateNumber: 'FA-2026/03', contractor: 'Sparks Ltd' });
  const alarmPdf = minimalPdf({ text: 'Fire alarm certificate FA-2026/03' });
  const alarmPhoto = await jpegWithExif();
  await attach(alarmInspection.id, alarmPdf, 'application/pdf', 'certificate.pdf');
  await attach(alarmInspection.id, alarmPhoto, 'image/jpeg', 'panel.jpg');

  const gas = await obligation('gas_safety', { assetId: boiler.id });
  const gasInspection = await inspect(gas.id, { certificateNumber: 'GS-1001', performedOn: '2026-02-10' });
  const gasPdf = minimalPdf({ text: 'Gas Safety Record GS-1001' });
  await attach(gasInspection.id, gasPdf, 'application/pdf', 'gas record.pdf');

  await obligation('eicr', { locationId: floor.id });
  const lighting = await obligation('emergency_lighting_annual_test', { assetId: fittings.id });
  await inspect(lighting.id);

  const otherSite = await place('Hillside Depot', 'site');
  const otherGas = await obligation('gas_safety', { locationId: otherSite.id });
  await attach((await inspect(otherGas.id, { certificateNumber: 'GS-9999' })).id, minimalPdf({ text: 'Hillside' }), 'application/pdf', 'hillside.pdf');

  tree = { site: site.id, building: building.id, floor: floor.id, boiler, fittings, alarmPdf, alarmPhoto, gasPdf, otherSite: otherSite.id };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the evidence pack of a site', () => {
  it('is a zip attachment named after the site and the day, with each current file under its regime, byte for byte', async () => {
    const { res, entries } = await download(tree.site);
    const today = todayIn(ORGANISATION_TIME_ZONE_DEFAULT, t.clock.now());
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="evidence-pack-riverside-campus-${today}.zip"; filename*=UTF-8''evidence-pack-riverside-campus-${today}.zip`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');

    const alarm = regimes.get('fire_alarm_service')!.name;
    const gas = regimes.get('gas_safety')!.name;
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        // Two files of one inspection: each also carries its own name. The certificate's "/" cannot make a folder.
        `${alarm}/Main Block - 2026-03-01 - FA-2026-03 - certificate.pdf`,
        `${alarm}/Main Block - 2026-03-01 - FA-2026-03 - panel.jpg`,
        `${gas}/Ground Floor - ${tree.boiler.assetId} Ideal Logic - 2026-02-10 - GS-1001.pdf`,
        'index.csv',
        'index.xlsx',
      ].sort(),
    );
    expect(named(entries, `${alarm}/Main Block - 2026-03-01 - FA-2026-03 - certificate.pdf`)!.equals(tree.alarmPdf)).toBe(true);
    expect(named(entries, `${alarm}/Main Block - 2026-03-01 - FA-2026-03 - panel.jpg`)!.equals(tree.alarmPhoto)).toBe(true);
    expect(named(entries, `${gas}/Ground Floor - ${tree.boiler.assetId} Ideal Logic - 2026-02-10 - GS-1001.pdf`)!.equals(tree.gasPdf)).toBe(true);
    // The other site's certificate is not in it.
    expect(entries.some((e) => e.data.includes('Hillside'))).toBe(false);
  });

  it('indexes every obligation of the subtree, those without evidence too, and neutralises typed-in formulas', async () => {
    const { entries } = await download(tree.site);
    const rows = await indexSheet(entries);
    expect(rows).toHaveLength(4);
    const by = (key: string) => rows.find((r) => r.Regime === regimes.get(key)!.name)!;

    expect(by('fire_alarm_service')).toMatchObject({
      'Asset or location': 'Main Block',
      'Location path': 'Riverside Campus / Main Block',
      // Serviced every 6 months: March's service was due in September.
      Status: 'Overdue',
      Result: 'Pass',
      Certificate: 'FA-2026/03',
      Reference: regimes.get('fire_alarm_service')!.reference,
    });
    expect(String(by('fire_alarm_service')['Files in this pack'])).toContain('- certificate.pdf; ');
    expect(by('eicr')).toMatchObject({ 'Asset or location': 'Ground Floor', Status: 'Unknown', 'Files in this pack': NO_EVIDENCE, 'Last performed': null });
    expect(by('emergency_lighting_annual_test')['Files in this pack']).toBe(NO_EVIDENCE);
    expect(by('emergency_lighting_annual_test')['Asset or location']).toBe(`Main Block - ${tree.fittings.assetId} =HYPERLINK("http://evil.example","Click")`);
    expect(by('gas_safety')['Asset ID']).toBe(tree.boiler.assetId);

    const csv = named(entries, 'index.csv')!.toString('utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(5);
    expect(csv).toContain(NO_EVIDENCE);
    expect(csv).not.toContain('Hillside');
  });

  it('neutralises a cell that begins with a formula character', async () => {
    const corner = await place('=1+1 Corner', 'site');
    await obligation('eicr', { locationId: corner.id });
    const { entries } = await download(corner.id);
    const [row] = await indexSheet(entries);
    expect(row!['Asset or location']).toBe("'=1+1 Corner");
    expect(named(entries, 'index.csv')!.toString('utf8')).toContain(`"'=1+1 Corner"`);
  });

  it('packs a building or floor alone: the evidence above and beside it is left out', async () => {
    const { entries } = await download(tree.floor);
    expect(entries.map((e) => e.name).filter((n) => !n.startsWith('index.'))).toEqual([
      `${regimes.get('gas_safety')!.name}/Ground Floor - ${tree.boiler.assetId} Ideal Logic - 2026-02-10 - GS-1001.pdf`,
    ]);
    expect(await indexSheet(entries)).toHaveLength(2);
  });

  it('a file gone from storage is named as missing in the index, and the zip is still whole', async () => {
    const lonely = await place('Lonely Lodge', 'site');
    const duty = await obligation('gas_safety', { locationId: lonely.id });
    const inspection = await inspect(duty.id, { certificateNumber: 'GS-404' });
    const kept = minimalPdf({ text: 'kept' });
    await attach(inspection.id, kept, 'application/pdf', 'kept.pdf');
    const gone = await attach(inspection.id, minimalPdf({ text: 'gone' }), 'application/pdf', 'gone.pdf');
    const [row] = await t.db.execute<{ object_key: string }>(`SELECT object_key FROM media WHERE id = '${gone.id}'`).then((r) => r.rows);
    fs.rmSync(path.join(t.dataDir, 'objects', row!.object_key));

    const { entries } = await download(lonely.id);
    const files = entries.filter((e) => !e.name.startsWith('index.'));
    expect(files).toHaveLength(1);
    expect(files[0]!.data.equals(kept)).toBe(true);
    const [indexRow] = await indexSheet(entries);
    expect(indexRow!['Files in this pack']).toBe(`${files[0]!.name}; ${MISSING_FROM_STORAGE}: gone.pdf`);
  });

  it('gives files that would share a name one each, and keeps folder and file names safe', async () => {
    const odd = await place('../../etc\u202Efdp.exe', 'site');
    const duty = await obligation('gas_safety', { locationId: odd.id });
    const inspection = await inspect(duty.id, { certificateNumber: 'CERT' });
    await attach(inspection.id, minimalPdf({ text: 'one' }), 'application/pdf', 'scan.pdf');
    await attach(inspection.id, minimalPdf({ text: 'two' }), 'application/pdf', 'scan.pdf');
    const { res, entries } = await download(odd.id);
    const names = entries.map((e) => e.name).filter((n) => !n.startsWith('index.'));
    expect(names).toEqual([
      `${regimes.get('gas_safety')!.name}/-..-etc-fdp.exe - 2026-03-01 - CERT - scan.pdf`,
      `${regimes.get('gas_safety')!.name}/-..-etc-fdp.exe - 2026-03-01 - CERT - scan (2).pdf`,
    ]);
    for (const name of names) expect(name.split('/')).toHaveLength(2);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evidence-pack-etcfdpexe-\d{4}-\d{2}-\d{2}\.zip"/);
  });
});

describe('who may have it, and how large it may be', () => {
  it('an area manager packs locations in their areas only: elsewhere is not found', async () => {
    const registered = await registerUser(t.app, { role: 'area_manager' });
    expect((await send('PATCH', `/api/users/${registered.user.id}`, admin, { areaLocationIds: [tree.building] })).statusCode).toBe(200);
    const { entries } = await download(tree.floor, registered.cookie);
    expect(entries.some((e) => e.name.endsWith('GS-1001.pdf'))).toBe(true);
    for (const outside of [tree.site, tree.otherSite]) {
      for (const url of [packUrl(outside), `${packUrl(outside)}/summary`]) {
        const res = await getJson(t.app, url, registered.cookie);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Location not found');
      }
    }
  });

  it('answers HEAD with the headers alone, without building the pack', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: packUrl(tree.site), headers: { cookie: manager } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="evidence-pack-riverside-campus-/);
    expect(res.rawPayload).toHaveLength(0);
  });

  it('answers 404 for a location that does not exist, 401 without a session', async () => {
    expect((await getJson(t.app, packUrl('00000000-0000-4000-8000-000000000000'), manager)).statusCode).toBe(404);
    expect((await getJson(t.app, packUrl('not-a-uuid'), manager)).statusCode).toBe(404);
    expect((await getJson(t.app, packUrl(tree.site))).statusCode).toBe(401);
  });

  it('refuses, before sending anything, a pack of more files than the limit, with a readable 400; the summary says so first', async () => {
    const big = await place('Big Estate', 'site');
    const duty = await obligation('eicr', { locationId: big.id });
    const inspection = await inspect(duty.id);
    for (let i = 0; i < MAX_FILES + 1; i++) await attach(inspection.id, minimalPdf({ text: `page ${i}` }), 'application/pdf', `page-${i}.pdf`);
    const message = `This pack would hold 7 files, more than the ${MAX_FILES} one pack can hold: choose a building or site lower in the tree.`;

    const res = await getJson(t.app, packUrl(big.id), manager);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ message });

    const summary = (await getJson(t.app, `${packUrl(big.id)}/summary`, manager)).json<EvidencePackSummary>();
    expect(summary).toMatchObject({ obligations: 1, withoutEvidence: 0, files: 7, maxFiles: MAX_FILES, maxBytes: 1024 * 1024 * 1024, refusal: message });
    expect(summary.bytes).toBeGreaterThan(0);
  });

  it('summarises what the pack of a site holds', async () => {
    const summary = (await getJson(t.app, `${packUrl(tree.site)}/summary`, manager)).json<EvidencePackSummary>();
    expect(summary).toEqual({
      obligations: 4,
      withoutEvidence: 2,
      files: 3,
      bytes: tree.alarmPdf.length + tree.alarmPhoto.length + tree.gasPdf.length,
      maxFiles: MAX_FILES,
      maxBytes: 1024 * 1024 * 1024,
      refusal: null,
    });
  });

  it('a client that goes mid-download frees its slot: more abandoned packs than slots, and the next still downloads', async () => {
    const large = await place('Large Archive', 'site');
    const duty = await obligation('eicr', { locationId: large.id });
    const inspection = await inspect(duty.id);
    // Larger than the socket's buffers, so the server is still writing when the client goes.
    await attach(inspection.id, minimalPdf({ text: 'x'.repeat(4_000_000) }), 'application/pdf', 'large.pdf');

    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const abandon = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: packUrl(large.id), headers: { cookie: manager } }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
      });
    for (let i = 0; i < 5; i++) await abandon();

    const whole = await new Promise<Buffer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: packUrl(large.id), headers: { cookie: manager } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject)
        .setTimeout(15_000, () => reject(new Error('the pack never came: a slot was not freed')));
    });
    expect(readZip(whole).map((e) => e.name)).toHaveLength(3);
  }, 30_000);
});

describe('packs at once', () => {
  it('builds 3 at once and lets 10 wait; the next is a 503 with Retry-After; all freed when their clients go', async () => {
    const heavy = await place('Heavy Holdings', 'site');
    const duty = await obligation('eicr', { locationId: heavy.id });
    // Near the upload limit, far beyond what the sockets buffer: a client that reads nothing holds its pack.
    await attach((await inspect(duty.id)).id, minimalPdf({ text: 'y'.repeat(9_500_000) }), 'application/pdf', 'heavy.pdf');
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const held: http.ClientRequest[] = [];
    onTestFinished(() => {
      for (const req of held) req.destroy();
    });
    const answered: number[] = [];
    for (let i = 0; i < 13; i++) {
      const req = http.get({ host: '127.0.0.1', port, path: packUrl(heavy.id), headers: { cookie: manager } }, (res) => {
        answered.push(res.statusCode!);
        res.pause();
      });
      req.on('error', () => {});
      held.push(req);
    }
    // The three running answer 200 at once; the ten waiting have no answer yet.
    await expect.poll(() => answered.length, { timeout: 10_000 }).toBe(3);
    expect(answered).toEqual([200, 200, 200]);

    // The ten may still be counting their packs before they queue: a probe that has no answer soon
    // gives up (and waits in the queue in their place, which fills it all the same).
    const probe = () =>
      new Promise<{ status: number; retryAfter: string | undefined; body: string } | null>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: packUrl(heavy.id), headers: { cookie: manager } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], body: Buffer.concat(chunks).toString() }));
        });
        req.on('error', () => resolve(null));
        req.setTimeout(500, () => {
          req.destroy();
          resolve(null);
        });
      });
    let refused = null;
    for (let i = 0; i < 40 && !refused; i++) refused = await probe();
    expect(refused).toMatchObject({ status: 503, retryAfter: '60' });
    expect(JSON.parse(refused!.body).message).toMatch(/Try again/);
    // Never a fourth at once (a held request that queued after the probes is refused instead).
    expect(answered.filter((status) => status === 200)).toHaveLength(3);

    for (const req of held) req.destroy();
    const again = await getJson(t.app, packUrl(tree.floor), manager);
    expect(again.statusCode).toBe(200);
    expect(readZip(again.rawPayload).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the rules behind the names and the limits', () => {
  it('refuses by obligations, then files, then bytes, each with its figures', () => {
    const limits = { maxFiles: 2000, maxBytes: 1024 * 1024 * 1024 };
    expect(packRefusal({ obligations: 20_000, withoutEvidence: 0, files: 2000, bytes: limits.maxBytes }, limits)).toBeNull();
    expect(packRefusal({ obligations: 20_001, withoutEvidence: 0, files: 0, bytes: 0 }, limits)).toBe(
      'This pack would list 20,001 obligations, more than the 20,000 one pack can hold: choose a building or site lower in the tree.',
    );
    expect(packRefusal({ obligations: 10, withoutEvidence: 0, files: 2345, bytes: 0 }, limits)).toBe(
      'This pack would hold 2,345 files, more than the 2,000 one pack can hold: choose a building or site lower in the tree.',
    );
    expect(packRefusal({ obligations: 10, withoutEvidence: 0, files: 10, bytes: limits.maxBytes + 1 }, limits)).toBe(
      'This pack would hold 1,025 MB of files, more than the 1,024 MB one pack can hold: choose a building or site lower in the tree.',
    );
  });

  it.each([
    ['../../secret', 40, '-..-secret'],
    ['..', 40, 'unnamed'],
    ['  .hidden.  ', 40, 'hidden'],
    ['a\u0000b\u0007c\u202Ed', 40, 'a-b-c-d'],
    ['C:\\Windows\\win.ini', 40, 'C--Windows-win.ini'],
    ['CON', 40, '_CON'],
    ['nul.txt', 40, '_nul.txt'],
    ['Ünïcödé 🔥 name', 9, 'Ünïcödé 🔥'],
    ['x'.repeat(300), 120, 'x'.repeat(120)],
  ])('safeName(%j) is %j', (input, max, expected) => {
    expect(safeName(input, max)).toBe(expected);
  });
});
