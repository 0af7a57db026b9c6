import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation, type LocationRow } from '../../../../tests/factories/register';
import { assets } from '../../db/schema';
import { LABEL_LAYOUTS, LABELS_MAX } from '../../../shared/domain/labels';
import { assetLink, parseScannedCode } from '../../../shared/domain/scan';
import { labelQrPng } from './label-sheet';
import { labelQrText } from './labels.routes';

/** GET /api/labels.pdf (ADR 027): A4 label sheets of a location's assets, and what their QR codes encode. */

let t: TestApp;
let admin: string;
let userId: string;
let site: LocationRow;
let building: LocationRow;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: admin, user: { id: userId } } = await registerUser(t.app, { role: 'org_admin' }));
  site = await insertLocation(t.db, { name: 'Leeds Depot' });
  building = await insertLocation(t.db, { name: 'Block A', parent: site });
  for (let i = 0; i < 12; i++) await insertAsset(t.db, userId, { location: site, description: `Radiator ${i}` });
  for (let i = 0; i < 10; i++) await insertAsset(t.db, userId, { location: building, make: 'Otis', model: `Lift ${i}` });
  const bytes = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer } });
});
afterAll(() => t?.close());

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe('GET /api/labels.pdf', () => {
  it('prints the assets of a location and everything in it on A4 sheets of the chosen layout', async () => {
    const res = await getJson(t.app, `/api/labels.pdf?locationId=${site.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('labels-leeds-depot-l7160.pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // 22 assets: a sheet of 21 and one more; A4 is 595.28 × 841.89 points.
    expect(pages(pdf)).toBe(2);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');

    const small = await getJson(t.app, `/api/labels.pdf?locationId=${site.id}&layout=l7651`, admin);
    expect(pages(small.rawPayload)).toBe(1);
    const wide = await getJson(t.app, `/api/labels.pdf?locationId=${building.id}&layout=l7163`, admin);
    expect(pages(wide.rawPayload)).toBe(1);
  });

  it('refuses a missing or unknown location or layout, an empty location and too many labels, with a message', async () => {
    const cases: Array<[string, number, string]> = [
      ['/api/labels.pdf', 400, 'Choose a location'],
      [`/api/labels.pdf?locationId=${site.id}&layout=l9999`, 400, 'Choose a label layout'],
      ['/api/labels.pdf?locationId=00000000-0000-4000-8000-000000000000', 404, 'Location not found'],
    ];
    const empty = await insertLocation(t.db, { name: 'Empty Yard' });
    cases.push([`/api/labels.pdf?locationId=${empty.id}`, 400, 'No assets in Empty Yard to print labels for']);
    const big = await insertLocation(t.db, { name: 'Warehouse' });
    await t.db.insert(assets).values(
      Array.from({ length: LABELS_MAX + 1 }, () => ({ type: 'other' as const, condition: 'good' as const, locationId: big.id, locationPath: big.path, createdBy: userId })),
    );
    cases.push([`/api/labels.pdf?locationId=${big.id}`, 400, `At most ${LABELS_MAX} labels at a time`]);
    for (const [url, status, message] of cases) {
      const res = await getJson(t.app, url, admin);
      expect(res.statusCode, url).toBe(status);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });

  it('is not found for an area manager outside their areas', async () => {
    const manager = await registerUser(t.app, { role: 'area_manager' });
    const other = await insertLocation(t.db, { name: 'Elsewhere' });
    await insertAsset(t.db, userId, { location: other });
    expect((await sendAs(t.app, admin, 'PATCH', `/api/users/${manager.user.id}`, { areaLocationIds: [other.id] })).statusCode).toBe(200);
    expect((await getJson(t.app, `/api/labels.pdf?locationId=${site.id}`, manager.cookie)).statusCode).toBe(404);
    expect((await getJson(t.app, `/api/labels.pdf?locationId=${other.id}`, manager.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/labels.pdf?kind=locations', () => {
  it('prints a tag for the location and each location inside it, named after it', async () => {
    const res = await getJson(t.app, `/api/labels.pdf?locationId=${site.id}&kind=locations`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('location-tags-leeds-depot-l7160.pdf');
    expect(pages(res.rawPayload)).toBe(1);
    // 66 places: a sheet of 65 tags and one more.
    const estate = await insertLocation(t.db, { name: 'Tagged Estate' });
    for (let i = 0; i < 65; i++) await insertLocation(t.db, { name: `Plant room ${i}`, parent: estate });
    const many = await getJson(t.app, `/api/labels.pdf?locationId=${estate.id}&kind=locations&layout=l7651`, admin);
    expect(pages(many.rawPayload)).toBe(2);
    const bad = await getJson(t.app, `/api/labels.pdf?locationId=${site.id}&kind=rooms`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Choose asset labels or location tags');
  });
});

describe('POST /api/labels.pdf', () => {
  it('prints the chosen assets, each once', async () => {
    const chosen = await Promise.all([0, 1, 2].map((i) => insertAsset(t.db, userId, { location: site, description: `Chosen ${i}` })));
    const ids = chosen.map((a) => a.id);
    const res = await sendAs(t.app, admin, 'POST', '/api/labels.pdf', { assetIds: [...ids, ids[0]], layout: 'l7163' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('labels-3-assets-l7163.pdf');
    expect(pages(res.rawPayload)).toBe(1);
    // A surveyor may print labels too.
    const surveyor = await registerUser(t.app, { role: 'surveyor' });
    expect((await sendAs(t.app, surveyor.cookie, 'POST', '/api/labels.pdf', { assetIds: ids })).statusCode).toBe(200);
  });

  it('refuses an empty or too long choice, a bodiless request and an asset that no longer exists, with a message', async () => {
    const [one] = await Promise.all([insertAsset(t.db, userId, { location: site })]);
    const gone = '00000000-0000-4000-8000-000000000000';
    const cases: Array<[unknown, number, string]> = [
      [undefined, 400, ''],
      [{ assetIds: [] }, 400, 'Choose the assets to print labels for'],
      [{ assetIds: ['AST-000001'] }, 400, 'Each chosen asset must be an asset id'],
      [{ assetIds: Array.from({ length: LABELS_MAX + 1 }, () => one!.id) }, 400, `At most ${LABELS_MAX} labels at a time`],
      [{ assetIds: [one!.id], layout: 'l9999' }, 400, 'Choose a label layout'],
      [{ assetIds: [one!.id, gone] }, 404, '1 of the chosen assets no longer exist'],
    ];
    for (const [body, status, message] of cases) {
      const res = await sendAs(t.app, admin, 'POST', '/api/labels.pdf', body);
      expect(res.statusCode, JSON.stringify(body)?.slice(0, 80)).toBe(status);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });

  it("treats an asset outside an area manager's areas as one that does not exist", async () => {
    const manager = await registerUser(t.app, { role: 'area_manager' });
    const other = await insertLocation(t.db, { name: 'Their Yard' });
    const theirs = await insertAsset(t.db, userId, { location: other });
    const outside = await insertAsset(t.db, userId, { location: site });
    expect((await sendAs(t.app, admin, 'PATCH', `/api/users/${manager.user.id}`, { areaLocationIds: [other.id] })).statusCode).toBe(200);
    expect((await sendAs(t.app, manager.cookie, 'POST', '/api/labels.pdf', { assetIds: [theirs.id] })).statusCode).toBe(200);
    const refused = await sendAs(t.app, manager.cookie, 'POST', '/api/labels.pdf', { assetIds: [theirs.id, outside.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<{ message: string }>().message).toBe('1 of the chosen assets no longer exist or are outside your areas: choose again');
  });
});

describe('what labels encode', () => {
  it('is the bare code until an org admin chooses links, with their base address', async () => {
    expect(labelQrText('AST-000001', 'code', 'https://x.example')).toBe('AST-000001');
    expect(labelQrText('AST-000001', 'link', 'https://x.example')).toBe('https://x.example/a/AST-000001');

    const before = await getJson(t.app, '/api/settings', admin);
    expect(before.json()).toMatchObject({ labelContent: 'code', labelLinkBase: null });
    const changed = await sendAs(t.app, admin, 'PATCH', '/api/settings', { labelContent: 'link', labelLinkBase: 'https://labels.example.org/' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ labelContent: 'link', labelLinkBase: 'https://labels.example.org' });
    for (const labelLinkBase of ['ftp://x.example', 'not a url', 'https://x.example/?q=1', `https://${'x'.repeat(200)}.example`]) {
      const refused = await sendAs(t.app, admin, 'PATCH', '/api/settings', { labelLinkBase });
      expect(refused.statusCode, labelLinkBase).toBe(400);
    }
    const cleared = await sendAs(t.app, admin, 'PATCH', '/api/settings', { labelContent: 'code', labelLinkBase: '' });
    expect(cleared.json()).toMatchObject({ labelContent: 'code', labelLinkBase: null });
  });

  // The sheet's codes at the printer's 300 dpi, and as small as a phone sees a label at arm's length.
  for (const [key, layout] of Object.entries(LABEL_LAYOUTS)) {
    it(`decodes the ${key} label's QR code with a link and with a bare code, printed and as a phone sees it`, async () => {
      const qrMm = layout.height - 4;
      for (const text of [assetLink('https://assets.example-estates.co.uk', 'AST-004217'), 'AST-004217']) {
        const png = await labelQrPng(text, qrMm);
        for (const width of [undefined, 110]) {
          for (const angle of [0, 90, 20]) {
            const { data, info } = await sharp(png)
              .resize(width ? { width } : undefined)
              .rotate(angle, { background: '#ffffff' })
              .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
              .ensureAlpha()
              .raw()
              .toBuffer({ resolveWithObject: true });
            const image = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, colorSpace: 'srgb' };
            const [result] = await readBarcodes(image as unknown as ImageData, { formats: ['QRCode'], tryHarder: true });
            expect(result?.text, `${text} at ${width ?? 'print'} px, ${angle}°`).toBe(text);
          }
        }
        expect(parseScannedCode(text).kind).toBe(text.startsWith('https') ? 'asset-link' : 'code');
      }
    });
  }
});
