import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createdBy, createTestApp, getJson, postJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import { HTML, jpegWithExif, MP4, png, requestUpload, uploadLocal } from '../../../../tests/setup/media-fixtures';
import { minimalPdf } from '../../../../tests/factories/pdf';
import { assets, media } from '../../db/schema';
import { localStorage } from '../../storage/local-storage';
import type { Media } from '../../../shared/contract/media';
import type { Inspection, Obligation, Regime } from '../../../shared/contract/compliance';
import {
  EVIDENCE_LIMIT_MESSAGE,
  INSPECTION_EVIDENCE_TYPES_MESSAGE,
  MAX_EVIDENCE_FILES,
  PDF_NEEDS_INSPECTION_MESSAGE,
  PDF_UNREADABLE_MESSAGE,
  UPLOAD_CONTENT_MESSAGE,
} from '../../../shared/domain/uploads';

/**
 * An inspection's evidence (ADR 025): photos and PDF certificates recorded through the existing
 * uploads against the inspection (and its obligation's asset), checked before they are kept, served
 * as downloads, listed in the obligation's history, and bounded by the permission and the areas.
 */

let t: TestApp;
let admin: string;
let manager: string;
let regimes: Map<string, Regime>;

const send = (method: InjectOptions['method'], url: string, cookie: string, body?: unknown) => sendAs(t.app, cookie, method, url, body);
const stored = (key: string) => path.join(t.dataDir, 'objects', key);
const recordMedia = (body: Record<string, unknown>, cookie = manager) => postJson(t.app, '/api/media', body, { cookie });
const history = async (obligationId: string, cookie = manager) => (await getJson(t.app, `/api/obligations/${obligationId}/inspections`, cookie)).json<Inspection[]>();

/** Puts bytes under a key issued to the user, bypassing the PUT's sniff (as a direct S3 upload would). */
async function storeRaw(bytes: Buffer, cookie = manager): Promise<string> {
  const { key } = await requestUpload(t.app, cookie);
  await localStorage(path.join(t.dataDir, 'objects')).putStream(key, Readable.from([bytes]), 'application/pdf');
  return key;
}

const uploadPdf = (bytes = minimalPdf(), cookie = manager) => uploadLocal(t.app, cookie, bytes, 'application/pdf');

/** A site, an asset on it with a gas safety duty, and one inspection of it. */
async function inspectedAsset(cookie = manager) {
  const site = await createdBy(postJson(t.app, '/api/locations', { name: 'Evidence House', type: 'building' }, { cookie: admin }));
  const asset = await createdBy(postJson(t.app, '/api/assets', { locationId: site.id, type: 'hvac', condition: 'good' }, { cookie: admin }));
  const obligation = await createdBy<Obligation>(send('POST', '/api/obligations', admin, { regimeId: regimes.get('gas_safety')!.id, assetId: asset.id }));
  const inspection = await createdBy<Inspection>(
    send('POST', '/api/inspections', cookie, { obligationId: obligation.id, performedOn: '2025-01-10', result: 'pass', certificateNumber: 'GS-1001' }),
  );
  return { site: site.id, asset: asset.id, obligation, inspection };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerUser(t.app, { role: 'org_admin' })).cookie;
  manager = (await registerUser(t.app, { role: 'asset_manager', fullName: 'Ada Manager' })).cookie;
  regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>().map((r) => [r.key, r]));
});

afterAll(async () => {
  await t?.close();
});

describe('recording a PDF certificate against an inspection', () => {
  it('keeps a whole PDF as a document of the inspection and its asset, with no thumbnail, off the asset’s photos', async () => {
    const { asset, inspection } = await inspectedAsset();
    const bytes = minimalPdf();
    const res = await recordMedia({ key: await uploadPdf(bytes), filename: 'GS-1001 certificate.pdf', inspectionId: inspection.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Media>()).toMatchObject({
      type: 'document',
      mimeType: 'application/pdf',
      inspectionId: inspection.id,
      assetId: asset,
      thumbnailUrl: null,
      filesize: bytes.length,
      width: null,
      takenAt: null,
    });
    // On the asset's Media tab, but not among its photos.
    const onAsset = (await getJson(t.app, `/api/media?assetId=${asset}`, manager)).json<Media[]>();
    expect(onAsset.map((m) => m.id)).toEqual([res.json<Media>().id]);
    const [row] = await t.db.select({ urls: assets.photoUrls }).from(assets).where(eq(assets.id, asset));
    expect(row!.urls).toEqual([]);
  });

  it('serves it as a download: its type, nosniff, attachment with the filename', async () => {
    const { inspection } = await inspectedAsset();
    const bytes = minimalPdf({ version: '1.7' });
    const item = await createdBy<Media>(recordMedia({ key: await uploadPdf(bytes), filename: 'Gas "safety" record.pdf', inspectionId: inspection.id }));
    const res = await getJson(t.app, item.url, manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Gas safety record.pdf"; filename*=UTF-8''Gas%20safety%20record.pdf`);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect((await getJson(t.app, `/api/media/${item.id}/thumbnail`, manager)).statusCode).toBe(404);
  });

  it.each([
    ['an HTML page named .pdf', HTML, UPLOAD_CONTENT_MESSAGE],
    ['a truncated PDF', minimalPdf().subarray(0, minimalPdf().length - 40), PDF_UNREADABLE_MESSAGE],
    ['a PDF header followed by HTML', Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML]), PDF_UNREADABLE_MESSAGE],
    ['an unknown PDF version', Buffer.from(minimalPdf().toString('latin1').replace('%PDF-1.4', '%PDF-9.9'), 'latin1'), PDF_UNREADABLE_MESSAGE],
  ])('refuses %s (400) and deletes it', async (_name, bytes, message) => {
    const { inspection } = await inspectedAsset();
    const key = await storeRaw(bytes);
    const res = await recordMedia({ key, filename: 'certificate.pdf', inspectionId: inspection.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(fs.existsSync(stored(key))).toBe(false);
    expect(await t.db.select().from(media).where(eq(media.objectKey, key))).toEqual([]);
    expect((await history(inspection.obligationId))[0]!.evidence).toEqual([]);
  });

  it('refuses a PDF on an asset, an assessment or an action (the spec’s photo rules stay): 400, deleted', async () => {
    const { asset } = await inspectedAsset();
    const action = await createdBy(postJson(t.app, '/api/actions', { assetId: asset, title: 'Service', priority: 'low' }, { cookie: manager }));
    for (const owner of [{ assetId: asset }, { actionId: action.id }]) {
      const key = await uploadPdf();
      const res = await recordMedia({ key, filename: 'certificate.pdf', ...owner });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PDF_NEEDS_INSPECTION_MESSAGE);
      expect(fs.existsSync(stored(key))).toBe(false);
    }
  });

  it('refuses a video as an inspection’s evidence; photos and videos on the asset are recorded as before', async () => {
    const { asset, inspection } = await inspectedAsset();
    const video = await uploadLocal(t.app, manager, MP4, 'video/mp4');
    const refused = await recordMedia({ key: video, filename: 'walkround.mp4', inspectionId: inspection.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(INSPECTION_EVIDENCE_TYPES_MESSAGE);
    const again = await uploadLocal(t.app, manager, MP4, 'video/mp4');
    expect((await recordMedia({ key: again, filename: 'walkround.mp4', assetId: asset })).statusCode).toBe(201);
  });

  it('needs an existing inspection of the asset it is given with', async () => {
    const { inspection } = await inspectedAsset();
    const other = await inspectedAsset();
    const key = await uploadPdf();
    const missing = await recordMedia({ key, filename: 'c.pdf', inspectionId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.inspectionId).toBe('Inspection not found');
    const mismatch = await recordMedia({ key, filename: 'c.pdf', inspectionId: inspection.id, assetId: other.asset });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.inspectionId).toBe('The inspection belongs to another asset');
    // Nothing was recorded, so the upload is still there to record properly.
    expect((await recordMedia({ key, filename: 'c.pdf', inspectionId: inspection.id })).statusCode).toBe(201);
  });
});

describe('the inspection history', () => {
  it('lists each inspection with its evidence (photos with a preview, PDFs), newest first, and the counting certificate number', async () => {
    const { obligation, inspection } = await inspectedAsset();
    const later = await createdBy<Inspection>(
      send('POST', '/api/inspections', manager, { obligationId: obligation.id, performedOn: '2025-02-10', result: 'pass', certificateNumber: 'GS-2002' }),
    );
    const pdf = await createdBy<Media>(recordMedia({ key: await uploadPdf(), filename: 'GS-2002.pdf', inspectionId: later.id }));
    const photo = await createdBy<Media>(recordMedia({ key: await uploadLocal(t.app, manager, await jpegWithExif(), 'image/jpeg'), filename: 'flue.jpg', inspectionId: later.id }));
    const older = await createdBy<Media>(recordMedia({ key: await uploadPdf(), filename: 'GS-1001.pdf', inspectionId: inspection.id }));

    const entries = await history(obligation.id);
    expect(entries.map((e) => e.id)).toEqual([later.id, inspection.id]);
    expect(entries[0]!.recordedByName).toBe('Ada Manager');
    expect(entries[0]!.evidence).toEqual([
      { id: pdf.id, type: 'document', url: pdf.url, thumbnailUrl: null, filename: 'GS-2002.pdf', mimeType: 'application/pdf' },
      { id: photo.id, type: 'photo', url: photo.url, thumbnailUrl: `/api/media/${photo.id}/thumbnail`, filename: 'flue.jpg', mimeType: 'image/jpeg' },
    ]);
    expect(entries[1]!.evidence.map((e) => e.id)).toEqual([older.id]);
    expect((await getJson(t.app, `/api/obligations/${obligation.id}`, manager)).json<Obligation>().lastCertificateNumber).toBe('GS-2002');

    // Evidence deleted through the media delete rule leaves the history.
    expect((await send('DELETE', `/api/media/${photo.id}`, manager)).statusCode).toBe(204);
    expect((await history(obligation.id))[0]!.evidence.map((e) => e.id)).toEqual([pdf.id]);
  });

  it('keeps a location’s inspection evidence on the inspection alone (no asset)', async () => {
    const site = await createdBy(postJson(t.app, '/api/locations', { name: 'Evidence Site', type: 'site' }, { cookie: admin }));
    const obligation = await createdBy<Obligation>(send('POST', '/api/obligations', admin, { regimeId: regimes.get('fire_risk_assessment')!.id, locationId: site.id }));
    const inspection = await createdBy<Inspection>(send('POST', '/api/inspections', manager, { obligationId: obligation.id, performedOn: '2025-01-10', result: 'pass' }));
    const item = await createdBy<Media>(recordMedia({ key: await uploadPdf(), filename: 'FRA.pdf', inspectionId: inspection.id }));
    expect(item).toMatchObject({ assetId: null, inspectionId: inspection.id, type: 'document' });
    expect((await history(obligation.id))[0]!.evidence.map((e) => e.filename)).toEqual(['FRA.pdf']);
  });

  it(`takes at most ${MAX_EVIDENCE_FILES} files per inspection, however they are added`, async () => {
    const { inspection } = await inspectedAsset();
    const keys = await Promise.all(Array.from({ length: MAX_EVIDENCE_FILES + 1 }, async () => uploadLocal(t.app, manager, await png(), 'image/png')));
    // All at once, as a phone sends them: the count is taken under a lock, so exactly ten are kept.
    const answers = await Promise.all(keys.map((key, i) => recordMedia({ key, filename: `p${i}.png`, inspectionId: inspection.id })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_EVIDENCE_FILES);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual([[400, EVIDENCE_LIMIT_MESSAGE]]);
    expect((await history(inspection.obligationId))[0]!.evidence).toHaveLength(MAX_EVIDENCE_FILES);
  });
});

describe('who may add evidence', () => {
  it('anyone with inspection.record, after the fact too; refused (403) where the organisation withdrew it', async () => {
    const { asset, inspection } = await inspectedAsset();
    const surveyor = (await registerUser(t.app, { role: 'surveyor' })).cookie;
    expect((await recordMedia({ key: await uploadPdf(undefined, surveyor), filename: 'late.pdf', inspectionId: inspection.id }, surveyor)).statusCode).toBe(201);

    expect((await send('PATCH', '/api/settings', admin, { withdrawn: { surveyor: ['inspection.record'] } })).statusCode).toBe(200);
    try {
      const key = await uploadPdf(undefined, surveyor);
      const refused = await recordMedia({ key, filename: 'c.pdf', inspectionId: inspection.id }, surveyor);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Your role may not record inspections. Ask an organisation admin if you need to.');
      // Photos of the asset itself follow media.upload, as before.
      const photo = await uploadLocal(t.app, surveyor, await png(), 'image/png');
      expect((await recordMedia({ key: photo, filename: 'p.png', assetId: asset }, surveyor)).statusCode).toBe(201);
    } finally {
      await send('PATCH', '/api/settings', admin, { withdrawn: { surveyor: [] } });
    }
  });

  it('an area manager adds evidence to inspections in their areas only, and does not reach the others’ files', async () => {
    const north = await inspectedAsset();
    const south = await inspectedAsset();
    const southFile = await createdBy<Media>(recordMedia({ key: await uploadPdf(), filename: 'south.pdf', inspectionId: south.inspection.id }));
    const registered = await registerUser(t.app, { role: 'area_manager' });
    expect((await send('PATCH', `/api/users/${registered.user.id}`, admin, { areaLocationIds: [north.site] })).statusCode).toBe(200);
    const areaManager = registered.cookie;

    const inside = await recordMedia({ key: await uploadPdf(undefined, areaManager), filename: 'north.pdf', inspectionId: north.inspection.id }, areaManager);
    expect(inside.statusCode, inside.body).toBe(201);

    const key = await uploadPdf(undefined, areaManager);
    const outside = await recordMedia({ key, filename: 'south.pdf', inspectionId: south.inspection.id }, areaManager);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toMatch(/^Your access is limited to Evidence House/);
    // Named with an asset of their own, the inspection elsewhere still refuses it.
    expect((await recordMedia({ key, filename: 'south.pdf', assetId: north.asset, inspectionId: south.inspection.id }, areaManager)).statusCode).toBe(403);
    expect((await getJson(t.app, southFile.url, areaManager)).statusCode).toBe(404);
    expect((await getJson(t.app, `/api/obligations/${south.obligation.id}/inspections`, areaManager)).statusCode).toBe(404);
  });
});
