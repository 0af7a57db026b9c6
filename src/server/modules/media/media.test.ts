import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import {
  FIXTURE_GPS,
  FIXTURE_TAKEN_AT,
  HTML,
  jpegWithExif,
  avif,
  MP4,
  MP4_LARGESIZE,
  MP4_POLYGLOT,
  MP4_TRUNCATED,
  MP4_WITHOUT_MOOV,
  png,
  POLYGLOT,
  QUICKTIME,
  undecodableHeic,
  WEBM,
  WEBM_POLYGLOT,
  WEBM_TRUNCATED,
  putLocal,
  requestUpload,
  SVG,
  uploadLocal,
} from '../../../../tests/setup/media-fixtures';
import { assets, media } from '../../db/schema';
import { localStorage } from '../../storage/local-storage';
import type { Asset, Media } from '../../../shared/contract';
import type { User } from '../../../shared/contract/auth';
import { HEIC_UNREADABLE_MESSAGE, VIDEO_UNREADABLE_MESSAGE } from '../../../shared/domain/uploads';

let t: TestApp;
let cookie: string;
let user: User;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, user } = await registerUser(t.app, { role: 'asset_manager' }));
});
afterAll(async () => {
  await t?.close();
});

async function newAsset(): Promise<Asset> {
  const site = await postJson(t.app, '/api/locations', { name: 'Media site', type: 'site' }, { cookie });
  const res = await postJson(t.app, '/api/assets', { locationId: site.json().id, type: 'roof', condition: 'fair' }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Asset>();
}

describe('GET /api/media', () => {
  it("lists the asset's media newest first", async () => {
    const asset = await newAsset();
    const other = await newAsset();
    expect((await getJson(t.app, `/api/media?assetId=${asset.id}`, cookie)).json()).toEqual([]);

    const row = (filename: string, assetId: string, createdAt: Date) => ({
      assetId,
      type: 'photo',
      url: `uploads/${filename}`,
      filename,
      uploadedBy: user.id,
      createdAt,
    });
    await t.db.insert(media).values([
      { ...row('old.jpg', asset.id, new Date('2026-01-01T10:00:00Z')), filesize: 1234, mimeType: 'image/jpeg', caption: 'Roof', gpsLat: '51.5', gpsLon: '-0.1', takenAt: new Date('2025-12-31T09:00:00Z') },
      row('new.jpg', asset.id, new Date('2026-02-01T10:00:00Z')),
      row('elsewhere.jpg', other.id, new Date('2026-03-01T10:00:00Z')),
    ]);

    const res = await getJson(t.app, `/api/media?assetId=${asset.id}`, cookie);
    expect(res.statusCode).toBe(200);
    const items = res.json<Media[]>();
    expect(items.map((m) => m.filename)).toEqual(['new.jpg', 'old.jpg']);
    expect(items[1]).toMatchObject({
      assetId: asset.id,
      uploadedByName: user.fullName,
      assessmentId: null,
      actionId: null,
      type: 'photo',
      url: 'uploads/old.jpg',
      filesize: 1234,
      mimeType: 'image/jpeg',
      caption: 'Roof',
      gpsLat: '51.5',
      gpsLon: '-0.1',
      takenAt: '2025-12-31T09:00:00.000Z',
      uploadedBy: user.id,
      createdAt: '2026-01-01T10:00:00.000Z',
    });
    expect(items[0]!.takenAt).toBeNull();
  });

  it('is empty for an asset id that does not exist', async () => {
    const res = await getJson(t.app, '/api/media?assetId=00000000-0000-4000-8000-000000000000', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 400 without a well-formed assetId', async () => {
    for (const query of ['', '?assetId=', '?assetId=abc']) {
      const res = await getJson(t.app, `/api/media${query}`, cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.assetId).toBe('assetId must be an asset id');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await getJson(t.app, '/api/media?assetId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });
});

// ── Recording uploads (local storage) ───────────────────────────────────────────────────────────

const stored = (key: string) => path.join(t.dataDir, 'objects', key);
const recordMedia = (body: Record<string, unknown>, as = cookie) => postJson(t.app, '/api/media', body, { cookie: as });
const photoUrlsOf = async (assetId: string) => (await t.db.select({ urls: assets.photoUrls }).from(assets).where(eq(assets.id, assetId)))[0]!.urls;

/** Puts bytes under a key issued to the user, bypassing the PUT's checks (as a direct S3 upload would). */
async function storeRaw(bytes: Buffer, contentType: string): Promise<string> {
  const { key } = await requestUpload(t.app, cookie);
  await localStorage(path.join(t.dataDir, 'objects')).putStream(key, Readable.from([bytes]), contentType);
  return key;
}

describe('POST /api/media', () => {
  it('records a photo: EXIF time and GPS, a thumbnail, the session user, and the asset\'s photoUrls', async () => {
    const asset = await newAsset();
    const bytes = await jpegWithExif();
    const key = await uploadLocal(t.app, cookie, bytes, 'image/jpeg');
    const res = await recordMedia({ key, filename: 'roof north.jpg', caption: 'North slope', assetId: asset.id });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<Media>();
    expect(item).toMatchObject({
      assetId: asset.id,
      assessmentId: null,
      actionId: null,
      type: 'photo',
      url: `/api/media/${item.id}/file`,
      thumbnailUrl: `/api/media/${item.id}/thumbnail`,
      filename: 'roof north.jpg',
      filesize: bytes.length,
      mimeType: 'image/jpeg',
      width: 800,
      height: 600,
      caption: 'North slope',
      gpsLat: FIXTURE_GPS.lat,
      gpsLon: FIXTURE_GPS.lon,
      takenAt: FIXTURE_TAKEN_AT,
      uploadedBy: user.id,
    });
    expect(await photoUrlsOf(asset.id)).toEqual([item.url]);

    const [row] = await t.db.select().from(media).where(eq(media.id, item.id));
    expect(row!.objectKey).toBe(key);
    const thumb = await sharp(fs.readFileSync(stored(row!.thumbnailKey!))).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);

    const list = (await getJson(t.app, `/api/media?assetId=${asset.id}`, cookie)).json<Media[]>();
    expect(list.map((m) => m.id)).toEqual([item.id]);
  });

  it('records a video without a thumbnail, and leaves it out of photoUrls', async () => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, MP4, 'video/mp4');
    const res = await recordMedia({ key, filename: 'walkround.mp4', assetId: asset.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'video', mimeType: 'video/mp4', thumbnailUrl: null, takenAt: null, gpsLat: null });
    expect(await photoUrlsOf(asset.id)).toEqual([]);
  });

  it('ignores uploadedBy, id, url, type and times sent by the client (mass assignment)', async () => {
    const asset = await newAsset();
    const { user: other } = await registerUser(t.app);
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    const res = await recordMedia({
      key,
      filename: 'a.png',
      assetId: asset.id,
      uploadedBy: other.id,
      id: '00000000-0000-4000-8000-000000000001',
      url: 'javascript:alert(1)',
      type: 'video',
      mimeType: 'text/html',
      filesize: 1,
      createdAt: '2000-01-01T00:00:00Z',
      thumbnailKey: 'exports/x',
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<Media>();
    expect(item.uploadedBy).toBe(user.id);
    expect(item.uploadedByName).toBe(user.fullName);
    expect(item.id).not.toBe('00000000-0000-4000-8000-000000000001');
    expect(item).toMatchObject({ url: `/api/media/${item.id}/file`, type: 'photo', mimeType: 'image/png' });
    expect(item.createdAt).not.toMatch(/^2000/);
    const [row] = await t.db.select().from(media).where(eq(media.id, item.id));
    expect(row!.uploadedBy).toBe(user.id);
    expect(row!.thumbnailKey).toMatch(/^thumbs\/[0-9a-f-]{36}\.webp$/);
  });

  it('stores the filename sanitised: no CR/LF, quotes or path, bounded', async () => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    const res = await recordMedia({ key, filename: '../x\r\nSet-Cookie: a=b"; evil\'.png', assetId: asset.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().filename).toBe('xSet-Cookie: a=b; evil.png');

    const long = await uploadLocal(t.app, cookie, await png(), 'image/png');
    const named = await recordMedia({ key: long, filename: `${'n'.repeat(500)}.png`, assetId: asset.id });
    expect(named.json().filename).toHaveLength(200);
    expect(named.json().filename).toMatch(/\.png$/);
  });

  it.each([
    ['the polyglot (PNG header + HTML)', POLYGLOT, 'image/png'],
    ['an SVG', SVG, 'image/svg+xml'],
    ['an HTML page', HTML, 'text/html'],
  ])('refuses %s with 400 and deletes the object', async (_name, bytes, type) => {
    const asset = await newAsset();
    const key = await storeRaw(bytes, type);
    expect(fs.existsSync(stored(key))).toBe(true);
    const res = await recordMedia({ key, filename: 'x.png', assetId: asset.id });
    expect(res.statusCode).toBe(400);
    expect(fs.existsSync(stored(key))).toBe(false);
    expect(await t.db.select().from(media).where(eq(media.objectKey, key))).toEqual([]);
    expect(await photoUrlsOf(asset.id)).toEqual([]);
  });

  it('refuses the polyglot even when it came through the PUT (its header passes the sniff)', async () => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, POLYGLOT, 'image/png');
    const res = await recordMedia({ key, filename: 'x.png', assetId: asset.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/could not be read/);
    expect(fs.existsSync(stored(key))).toBe(false);
  });

  it.each([
    ['a QuickTime movie', QUICKTIME, 'video/quicktime', 'clip.mov'],
    ['a WebM', WEBM, 'video/webm', 'clip.webm'],
    ['an MP4 whose mdat has a 64-bit size', MP4_LARGESIZE, 'video/mp4', 'clip.mp4'],
  ])('records %s whose structure holds together', async (_name, bytes, mimeType, filename) => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, bytes, mimeType);
    const res = await recordMedia({ key, filename, assetId: asset.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'video', mimeType, filesize: bytes.length });
  });

  it.each([
    ['a truncated MP4', MP4_TRUNCATED, 'video/mp4'],
    ['an MP4 without a moov box', MP4_WITHOUT_MOOV, 'video/mp4'],
    ['an MP4 followed by HTML', MP4_POLYGLOT, 'video/mp4'],
    ['a truncated WebM', WEBM_TRUNCATED, 'video/webm'],
    ['a WebM header followed by HTML', WEBM_POLYGLOT, 'video/webm'],
  ])('refuses %s (400) and deletes it', async (_name, bytes, mimeType) => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, bytes, mimeType);
    const res = await recordMedia({ key, filename: 'clip', assetId: asset.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VIDEO_UNREADABLE_MESSAGE);
    expect(fs.existsSync(stored(key))).toBe(false);
  });

  it('records an AVIF photo with a thumbnail (this sharp build decodes AV1 HEIF)', async () => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, await avif(), 'image/avif');
    const res = await recordMedia({ key, filename: 'p.avif', assetId: asset.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'photo', mimeType: 'image/avif', width: 64, height: 48 });
    expect(res.json().thumbnailUrl).not.toBeNull();
  });

  it('refuses a HEIC photo that cannot be decoded (400, deleted) rather than storing it unchecked', async () => {
    const asset = await newAsset();
    const bytes = await undecodableHeic();
    const key = await uploadLocal(t.app, cookie, bytes, 'image/heic');
    const res = await recordMedia({ key, filename: 'IMG_0001.HEIC', assetId: asset.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(HEIC_UNREADABLE_MESSAGE);
    expect(fs.existsSync(stored(key))).toBe(false);
  });

  it('refuses an object over 10 MB and deletes it', async () => {
    const asset = await newAsset();
    const big = Buffer.alloc(10_485_761);
    big.set(await png());
    const key = await storeRaw(big, 'image/png');
    const res = await recordMedia({ key, filename: 'big.png', assetId: asset.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File exceeds maximum allowed size of 10 MB');
    expect(fs.existsSync(stored(key))).toBe(false);
  });

  it('answers 400 when nothing was uploaded under the key', async () => {
    const asset = await newAsset();
    const { key } = await requestUpload(t.app, cookie);
    const res = await recordMedia({ key, filename: 'a.png', assetId: asset.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not uploaded/);
  });

  it("refuses another user's upload with 403 and a key not from the upload call with 400", async () => {
    const asset = await newAsset();
    const { cookie: other } = await registerUser(t.app);
    const key = await uploadLocal(t.app, other, await png(), 'image/png');
    const res = await recordMedia({ key, filename: 'a.png', assetId: asset.id });
    expect(res.statusCode).toBe(403);
    expect(fs.existsSync(stored(key))).toBe(true);

    for (const bad of ['exports/report.xlsx', 'uploads/../../secret', 'thumbs/00000000-0000-4000-8000-000000000000.webp']) {
      const r = await recordMedia({ key: bad, filename: 'a.png', assetId: asset.id });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().errors.key).toBeDefined();
    }
  });

  it('records an upload only once, and a recorded file cannot be overwritten through its link', async () => {
    const asset = await newAsset();
    const bytes = await png();
    const { uploadURL, key } = await requestUpload(t.app, cookie, { size: bytes.length, contentType: 'image/png' });
    expect((await putLocal(t.app, cookie, uploadURL, bytes, 'image/png')).statusCode).toBe(200);
    expect((await recordMedia({ key, filename: 'a.png', assetId: asset.id })).statusCode).toBe(201);
    expect((await recordMedia({ key, filename: 'b.png', assetId: asset.id })).statusCode).toBe(409);
    expect((await putLocal(t.app, cookie, uploadURL, bytes, 'image/png')).statusCode).toBe(409);
  });

  it('needs an owner, and each owner must exist (400)', async () => {
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    const none = await recordMedia({ key, filename: 'a.png' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.assetId).toBe('Choose the asset, assessment, action or inspection the file belongs to');

    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [field, message] of [
      ['assetId', 'Asset not found'],
      ['assessmentId', 'Assessment not found'],
      ['actionId', 'Action not found'],
    ] as const) {
      const res = await recordMedia({ key, filename: 'a.png', [field]: missing });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      const malformed = await recordMedia({ key, filename: 'a.png', [field]: 'abc' });
      expect(malformed.statusCode, field).toBe(400);
    }
    // Nothing was recorded, so the upload is still there to retry.
    expect(fs.existsSync(stored(key))).toBe(true);
  });

  it("links an assessment's photo to its asset, and refuses an assessment of another asset", async () => {
    const asset = await newAsset();
    const other = await newAsset();
    const assessment = await postJson(t.app, '/api/assessments', { assetId: asset.id, condition: 'poor' }, { cookie });
    expect(assessment.statusCode, assessment.body).toBe(201);
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');

    const mismatch = await recordMedia({ key, filename: 'a.png', assetId: other.id, assessmentId: assessment.json().id });
    expect(mismatch.statusCode).toBe(400);

    const res = await recordMedia({ key, filename: 'a.png', assessmentId: assessment.json().id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ assetId: asset.id, assessmentId: assessment.json().id });
    expect(await photoUrlsOf(asset.id)).toEqual([res.json().url]);
  });

  it('answers 401 without a session', async () => {
    expect((await recordMedia({ key: 'uploads/x', filename: 'a' }, '')).statusCode).toBe(401);
  });
});

/**
 * A photo kept in a device's outbox (ADR 028) is sent as any upload is, each step repeatable: the
 * bytes PUT again after a cut, and the record sent again, with the item's client id as its
 * Idempotency-Key, after its answer was lost.
 */
describe('POST /api/media from the outbox (Idempotency-Key)', () => {
  const withKey = (key: string) => ({ cookie, headers: { 'idempotency-key': key } });
  const count = async (assetId: string) => (await t.db.select({ id: media.id }).from(media).where(eq(media.assetId, assetId))).length;

  it('records a photo once when its upload is sent again whole and its record twice, answering the second with the first', async () => {
    const asset = await newAsset();
    const assessment = await postJson(t.app, '/api/assessments', { assetId: asset.id, condition: 'poor' }, { cookie });
    const bytes = await jpegWithExif();
    const { uploadURL, key } = await requestUpload(t.app, cookie, { size: bytes.length, contentType: 'image/jpeg' });
    // The first PUT was cut (the device never saw the answer): the whole file again, same key.
    expect((await putLocal(t.app, cookie, uploadURL, bytes, 'image/jpeg')).statusCode).toBe(200);
    expect((await putLocal(t.app, cookie, uploadURL, bytes, 'image/jpeg')).statusCode).toBe(200);

    const body = { key, filename: 'plant.jpg', assetId: asset.id, assessmentId: assessment.json().id };
    const clientId = '0b8f8d2e-5c55-4c38-9d43-7b7d1c1e2f10';
    const first = await postJson(t.app, '/api/media', body, withKey(clientId));
    expect(first.statusCode, first.body).toBe(201);
    const again = await postJson(t.app, '/api/media', body, withKey(clientId));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Media>().id).toBe(first.json<Media>().id);
    expect(first.json<Media>()).toMatchObject({ uploadedBy: user.id, takenAt: FIXTURE_TAKEN_AT, gpsLat: FIXTURE_GPS.lat, assessmentId: assessment.json().id });
    expect(await count(asset.id)).toBe(1);
    expect(await photoUrlsOf(asset.id)).toEqual([first.json<Media>().url]);
    // Recorded: its link cannot replace the bytes any more.
    expect((await putLocal(t.app, cookie, uploadURL, bytes, 'image/jpeg')).statusCode).toBe(409);
  });

  it('answers a malformed key with a readable 400 and the same key with another photo with 422, recording nothing', async () => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, await png(), 'image/png');
    const malformed = await postJson(t.app, '/api/media', { key, filename: 'a.png', assetId: asset.id }, withKey('no spaces allowed'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/Idempotency-Key/);
    expect(await count(asset.id)).toBe(0);

    const clientId = 'c5a1f7e4-2b9d-4e0a-8f6c-3d2e1b0a9f88';
    expect((await postJson(t.app, '/api/media', { key, filename: 'a.png', assetId: asset.id }, withKey(clientId))).statusCode).toBe(201);
    const other = await uploadLocal(t.app, cookie, await png(20, 20), 'image/png');
    const reused = await postJson(t.app, '/api/media', { key: other, filename: 'b.png', assetId: asset.id }, withKey(clientId));
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toMatch(/new key/i);
    expect(await count(asset.id)).toBe(1);
  });
});

describe('GET /api/media/{id}/file and /thumbnail', () => {
  it('streams the file with its real type, inline, nosniff and private caching', async () => {
    const asset = await newAsset();
    const bytes = await jpegWithExif();
    const key = await uploadLocal(t.app, cookie, bytes, 'image/jpeg');
    const item = (await recordMedia({ key, filename: 'Façade "east".jpg', assetId: asset.id })).json<Media>();

    const res = await getJson(t.app, item.url, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-disposition']).toBe(`inline; filename="Fa_ade east.jpg"; filename*=UTF-8''Fa%C3%A7ade%20east.jpg`);

    const thumb = await getJson(t.app, item.thumbnailUrl!, cookie);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });

  it('serves byte ranges (video players need them)', async () => {
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, MP4, 'video/mp4');
    const item = (await recordMedia({ key, filename: 'v.mp4', assetId: asset.id })).json<Media>();
    const res = await getJson(t.app, item.url, cookie, { headers: { range: 'bytes=4-7' } });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('ftyp');
    expect(res.headers['content-range']).toBe(`bytes 4-7/${MP4.length}`);
    expect(res.headers['content-type']).toBe('video/mp4');
    const unsatisfiable = await getJson(t.app, item.url, cookie, { headers: { range: `bytes=${MP4.length + 10}-` } });
    expect(unsatisfiable.statusCode).toBe(416);
  });

  it('answers 404 for unknown or malformed ids, 404 for a video thumbnail, 401 without a session', async () => {
    expect((await getJson(t.app, '/api/media/00000000-0000-4000-8000-000000000000/file', cookie)).statusCode).toBe(404);
    expect((await getJson(t.app, '/api/media/abc/file', cookie)).statusCode).toBe(404);
    const asset = await newAsset();
    const key = await uploadLocal(t.app, cookie, MP4, 'video/mp4');
    const item = (await recordMedia({ key, filename: 'v.mp4', assetId: asset.id })).json<Media>();
    expect((await getJson(t.app, `/api/media/${item.id}/thumbnail`, cookie)).statusCode).toBe(404);
    expect((await getJson(t.app, item.url)).statusCode).toBe(401);
  });
});

describe('deleting media', () => {
  it('DELETE /api/media/{id} removes the row, its files and its photoUrls entry', async () => {
    const asset = await newAsset();
    const keep = (await recordMedia({ key: await uploadLocal(t.app, cookie, await png(), 'image/png'), filename: 'keep.png', assetId: asset.id })).json<Media>();
    const gone = (await recordMedia({ key: await uploadLocal(t.app, cookie, await png(), 'image/png'), filename: 'gone.png', assetId: asset.id })).json<Media>();
    const [row] = await t.db.select().from(media).where(eq(media.id, gone.id));
    expect(await photoUrlsOf(asset.id)).toEqual([keep.url, gone.url]);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/media/${gone.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(fs.existsSync(stored(row!.objectKey!))).toBe(false);
    expect(fs.existsSync(stored(row!.thumbnailKey!))).toBe(false);
    expect(await photoUrlsOf(asset.id)).toEqual([keep.url]);
    expect((await getJson(t.app, gone.url, cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${gone.id}`, headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/media/abc', headers: { cookie } })).statusCode).toBe(404);
  });

  it("deleting an asset deletes its media files, including its assessments' and actions'", async () => {
    const asset = await newAsset();
    const assessment = (await postJson(t.app, '/api/assessments', { assetId: asset.id, condition: 'fair' }, { cookie })).json();
    const action = (await postJson(t.app, '/api/actions', { assetId: asset.id, title: 'Fix', priority: 'high' }, { cookie })).json();
    const owners = [{ assetId: asset.id }, { assessmentId: assessment.id }, { actionId: action.id }];
    const items: Media[] = [];
    for (const owner of owners) {
      const res = await recordMedia({ key: await uploadLocal(t.app, cookie, await png(), 'image/png'), filename: 'p.png', ...owner });
      expect(res.statusCode, res.body).toBe(201);
      items.push(res.json<Media>());
    }
    const rows = await t.db.select().from(media).where(eq(media.assetId, asset.id));
    expect(rows).toHaveLength(3);
    const files = rows.flatMap((r) => [r.objectKey!, r.thumbnailKey!]);
    for (const key of files) expect(fs.existsSync(stored(key)), key).toBe(true);

    const unrelated = await newAsset();
    const kept = (await recordMedia({ key: await uploadLocal(t.app, cookie, await png(), 'image/png'), filename: 'k.png', assetId: unrelated.id })).json<Media>();

    const res = await t.app.inject({ method: 'DELETE', url: `/api/assets/${asset.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(204);
    for (const key of files) expect(fs.existsSync(stored(key)), key).toBe(false);
    expect((await getJson(t.app, kept.url, cookie)).statusCode).toBe(200);
  });
});
