import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, HOUR, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { FIXTURE_GPS, FIXTURE_TAKEN_AT, jpegWithExif, mp4, oversize, png, POLYGLOT, putLocal, requestUpload, SVG } from '../../../../tests/setup/media-fixtures';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../../../../tests/setup/s3-server';
import { minimalPdf } from '../../../../tests/factories/pdf';
import { assets, media, uploadGrants } from '../../db/schema';
import { createStorage } from '../../storage';
import { SPOOL_PREFIX, withSpooledFile } from '../../storage/spool';
import type { Asset, Media } from '../../../shared/contract';
import type { UploadResponse } from '../../../shared/contract/uploads';
import { UPLOAD_PIECE_BYTES, UPLOAD_STORAGE_REFUSED_MESSAGE } from '../../../shared/domain/uploads';
import { pieceKey } from './upload-pieces';
import { cleanupUploads } from './upload-cleanup';

/** Temporary upload folders present now (the app's S3 route must leave none behind). */
const spoolDirs = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(SPOOL_PREFIX)).sort();

let s3: TestS3;
let t: TestApp;
let cookie: string;
let client: S3Client;

/** What the s3rver shim saw for the calls s3rver itself does not implement (ListParts, Abort). */
const aborted: string[] = [];
const partsSeen = new Map<string, Array<{ number: number; etag: string; size: number }>>();
/** What the shim answers to ListMultipartUploads (s3rver does not implement it either). */
const pendingUploads: Array<{ key: string; uploadId: string; initiated: Date }> = [];

beforeAll(async () => {
  s3 = await startTestS3();
  s3.intercept((ctx) => {
    if (ctx.method === 'GET' && 'uploads' in ctx.query) {
      const uploads = pendingUploads
        .map((u) => `<Upload><Key>${u.key}</Key><UploadId>${u.uploadId}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`)
        .join('');
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${TEST_BUCKET}</Bucket><IsTruncated>false</IsTruncated>${uploads}</ListMultipartUploadsResult>`;
      return true;
    }
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!uploadId || 'partNumber' in ctx.query) return false;
    if (ctx.method === 'DELETE') {
      aborted.push(`${ctx.path}?uploadId=${uploadId}`);
      ctx.status = 204;
      return true;
    }
    if (ctx.method === 'GET') {
      const parts = (partsSeen.get(uploadId) ?? [])
        .map((p) => `<Part><PartNumber>${p.number}</PartNumber><ETag>"${p.etag}"</ETag><Size>${p.size}</Size></Part>`)
        .join('');
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${TEST_BUCKET}</Bucket><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`;
      return true;
    }
    return false;
  });
  t = await createTestApp({ env: s3.env, captureLogs: true });
  ({ cookie } = await registerUser(t.app, { role: 'asset_manager' }));
  client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  client?.destroy();
  await t?.close();
  await s3?.close();
});

const exists = async (key: string) => {
  try {
    await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  }
};

async function newAsset(): Promise<Asset> {
  const site = await postJson(t.app, '/api/locations', { name: 'S3 site', type: 'site' }, { cookie });
  return (await postJson(t.app, '/api/assets', { locationId: site.json().id, type: 'roof', condition: 'good' }, { cookie })).json<Asset>();
}

/** Upload URL from the app (size and type declared: a presigned PUT), then a PUT straight to S3 as the browser does. */
async function uploadToS3(bytes: Buffer, contentType: string, as = cookie, app = t.app): Promise<string> {
  const { uploadURL, key, headers } = await requestUpload(app, as, { contentType, size: bytes.length });
  expect(uploadURL.startsWith(s3.endpoint)).toBe(true);
  const res = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers });
  expect(res.status).toBe(200);
  return key;
}

describe('POST /api/objects/upload (S3 storage)', () => {
  it('answers a presigned PUT to the bucket, ≤ 900 s, signing the declared type and length', async () => {
    const res = await postJson(t.app, '/api/objects/upload', { filename: '../../evil.html', contentType: 'image/jpeg', size: 2048 }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    expect(body.method).toBe('PUT');
    expect(body.headers).toEqual({ 'content-type': 'image/jpeg' });
    const url = new URL(body.uploadURL);
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${TEST_BUCKET}/${body.key}`);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(expect.arrayContaining(['content-type', 'content-length', 'host']));
    // No empty-body checksum that real S3 would hold the upload against.
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
  });

  it('lets the browser PUT the file to S3 with that URL', async () => {
    const bytes = await png();
    const key = await uploadToS3(bytes, 'image/png');
    const head = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    expect(head.ContentLength).toBe(bytes.length);
    expect(head.ContentType).toBe('image/png');
  });

  it('refuses declared oversize or wrong types as with local storage', async () => {
    expect((await postJson(t.app, '/api/objects/upload', { size: 10_485_761 }, { cookie })).statusCode).toBe(400);
    expect((await postJson(t.app, '/api/objects/upload', { contentType: 'image/svg+xml' }, { cookie })).statusCode).toBe(400);
  });

  it('never hands out an unscoped presign: without both size and type the URL is the app’s own route', async () => {
    const bodiless = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
    expect(bodiless.statusCode, bodiless.body).toBe(200);
    const answers = [
      bodiless.json<UploadResponse>(),
      await requestUpload(t.app, cookie),
      await requestUpload(t.app, cookie, { size: 1234 }),
      await requestUpload(t.app, cookie, { contentType: 'image/png' }),
      await requestUpload(t.app, cookie, { filename: 'a.jpg' }),
    ];
    for (const { uploadURL, key } of answers) {
      const url = new URL(uploadURL);
      expect(uploadURL.startsWith(s3.endpoint)).toBe(false);
      expect(url.pathname).toBe(`/api/objects/local/${key}`);
      expect(url.searchParams.has('X-Amz-Signature')).toBe(false);
    }
    expect(new URL(answers[2]!.uploadURL).searchParams.get('size')).toBe('1234');
    expect(new URL(answers[3]!.uploadURL).searchParams.get('type')).toBe('image/png');

    // Every URL that does point at the bucket has the length and type signed, for at most 900 s.
    const scoped = await requestUpload(t.app, cookie, { size: 10, contentType: 'image/jpeg' });
    const url = new URL(scoped.uploadURL);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
  });

  it('the app’s route streams the file into the bucket through an owner-only temporary file, then removes it', async () => {
    const before = spoolDirs();
    const bytes = await png();
    const { uploadURL, key } = await requestUpload(t.app, cookie);
    const res = await putLocal(t.app, cookie, uploadURL, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key, size: bytes.length, contentType: 'image/png' });
    const head = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    expect(head.ContentLength).toBe(bytes.length);
    expect(head.ContentType).toBe('image/png');
    expect(spoolDirs()).toEqual(before);

    // What was stored through the app records like any upload.
    const asset = await newAsset();
    const recorded = await postJson(t.app, '/api/media', { key, filename: 'p.png', assetId: asset.id }, { cookie });
    expect(recorded.statusCode, recorded.body).toBe(201);
  });

  it('a resumable upload (ADR 030) goes through the app’s route in pieces, which are joined in the bucket and removed', async () => {
    const jpeg = await jpegWithExif();
    const bytes = Buffer.concat([jpeg, Buffer.alloc(UPLOAD_PIECE_BYTES + 500 - jpeg.length, 1)]);
    const link = await requestUpload(t.app, cookie, { contentType: 'image/jpeg', size: bytes.length, resumable: true });
    expect(link.uploadURL.startsWith(s3.endpoint)).toBe(false);
    expect(link.pieceSize).toBe(UPLOAD_PIECE_BYTES);
    const url = new URL(link.uploadURL);
    const put = (first: number, last: number) =>
      t.app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, headers: { cookie, ...link.headers, 'content-range': `bytes ${first}-${last}/${bytes.length}` }, payload: bytes.subarray(first, last + 1) });
    expect((await put(0, UPLOAD_PIECE_BYTES - 1)).statusCode).toBe(202);
    expect(await exists(pieceKey(link.key, 0))).toBe(true);
    const last = await put(UPLOAD_PIECE_BYTES, bytes.length - 1);
    expect(last.statusCode, last.body).toBe(200);
    const head = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: link.key }));
    expect(head.ContentLength).toBe(bytes.length);
    expect(head.ContentType).toBe('image/jpeg');
    expect(await exists(pieceKey(link.key, 0))).toBe(false);
    expect(await exists(pieceKey(link.key, 1))).toBe(false);
  });

  it('the app’s route enforces 10 MB and the sniffed type with S3 too, keeping nothing', async () => {
    const before = spoolDirs();
    const big = await requestUpload(t.app, cookie);
    expect((await putLocal(t.app, cookie, big.uploadURL, oversize(), 'image/jpeg')).statusCode).toBe(413);
    expect(await exists(big.key)).toBe(false);
    const html = await requestUpload(t.app, cookie);
    expect((await putLocal(t.app, cookie, html.uploadURL, SVG, 'image/png')).statusCode).toBe(415);
    expect(await exists(html.key)).toBe(false);
    expect(spoolDirs()).toEqual(before);
  });

  it('spools to a file only its owner can read, in a folder only its owner can open', async () => {
    let modes: { file: number; dir: number } | undefined;
    await withSpooledFile(Readable.from([Buffer.from('abc')]), async (file) => {
      modes = { file: fs.statSync(file).mode & 0o777, dir: fs.statSync(path.dirname(file)).mode & 0o777 };
    });
    expect(modes).toEqual({ file: 0o600, dir: 0o700 });
  });

  it('allows the bucket origin in the CSP for images, media and uploads', async () => {
    const csp = String((await getJson(t.app, '/api/health')).headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(csp).toMatch(new RegExp(`${directive} [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
    }
  });
});

describe('media on S3', () => {
  it('records a photo with EXIF and a thumbnail, and serves it by a short presigned redirect', async () => {
    const asset = await newAsset();
    const bytes = await jpegWithExif();
    const key = await uploadToS3(bytes, 'image/jpeg');
    const res = await postJson(t.app, '/api/media', { key, filename: 'door.jpg', assetId: asset.id }, { cookie });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<Media>();
    expect(item).toMatchObject({ type: 'photo', mimeType: 'image/jpeg', gpsLat: FIXTURE_GPS.lat, gpsLon: FIXTURE_GPS.lon, takenAt: FIXTURE_TAKEN_AT });
    const [row] = await t.db.select().from(media).where(eq(media.id, item.id));
    expect(await exists(row!.thumbnailKey!)).toBe(true);

    const file = await getJson(t.app, item.url, cookie);
    expect(file.statusCode).toBe(302);
    expect(file.headers['cache-control']).toBe('private, max-age=300');
    const location = new URL(String(file.headers.location));
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(fetched.headers.get('content-disposition')).toMatch(/^inline; filename="door\.jpg"/);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

    const thumb = await getJson(t.app, item.thumbnailUrl!, cookie);
    expect(thumb.statusCode).toBe(302);
    expect((await fetch(String(thumb.headers.location))).headers.get('content-type')).toBe('image/webp');
    expect((await getJson(t.app, item.url)).statusCode).toBe(401);
  });

  it.each([
    ['an SVG', SVG],
    ['the polyglot', POLYGLOT],
  ])('refuses %s put straight into the bucket, and deletes it', async (_name, bytes) => {
    const asset = await newAsset();
    // A presigned PUT signs the declared type, but S3 itself does not look at the bytes.
    const key = await uploadToS3(bytes, 'image/png');
    expect(await exists(key)).toBe(true);
    const res = await postJson(t.app, '/api/media', { key, filename: 'x.png', assetId: asset.id }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(await exists(key)).toBe(false);
  });

  it('records an inspection’s PDF put straight into the bucket and serves it as a download; a truncated one is deleted', async () => {
    const asset = await newAsset();
    const regimes = (await getJson(t.app, '/api/compliance/regimes', cookie)).json<Array<{ id: string; key: string }>>();
    const obligation = await postJson(t.app, '/api/obligations', { regimeId: regimes.find((r) => r.key === 'gas_safety')!.id, assetId: asset.id }, { cookie });
    const inspection = await postJson(t.app, '/api/inspections', { obligationId: obligation.json().id, performedOn: '2025-01-10', result: 'pass' }, { cookie });
    expect(inspection.statusCode, inspection.body).toBe(201);

    const bytes = minimalPdf();
    const key = await uploadToS3(bytes, 'application/pdf');
    const res = await postJson(t.app, '/api/media', { key, filename: 'Gas safety.pdf', inspectionId: inspection.json().id }, { cookie });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json<Media>();
    expect(item).toMatchObject({ type: 'document', mimeType: 'application/pdf', thumbnailUrl: null, assetId: asset.id });
    const file = await getJson(t.app, item.url, cookie);
    expect(file.statusCode).toBe(302);
    const fetched = await fetch(String(file.headers.location));
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment; filename="Gas safety\.pdf"/);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

    const truncated = await uploadToS3(bytes.subarray(0, bytes.length - 20), 'application/pdf');
    const refused = await postJson(t.app, '/api/media', { key: truncated, filename: 'cut.pdf', inspectionId: inspection.json().id }, { cookie });
    expect(refused.statusCode).toBe(400);
    expect(await exists(truncated)).toBe(false);
  });

  it('DELETE /api/media/{id} and deleting the asset remove the objects from the bucket', async () => {
    const asset = await newAsset();
    const record = async () => {
      const key = await uploadToS3(await png(), 'image/png');
      const res = await postJson(t.app, '/api/media', { key, filename: 'p.png', assetId: asset.id }, { cookie });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.db.select().from(media).where(eq(media.id, res.json().id));
      return row!;
    };
    const first = await record();
    const second = await record();

    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${first.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect(await exists(first.objectKey!)).toBe(false);
    expect(await exists(first.thumbnailKey!)).toBe(false);
    const [after] = await t.db.select({ urls: assets.photoUrls }).from(assets).where(eq(assets.id, asset.id));
    expect(after!.urls).toEqual([second.url]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/assets/${asset.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect(await exists(second.objectKey!)).toBe(false);
    expect(await exists(second.thumbnailKey!)).toBe(false);
  });
});

describe('companion multipart calls (S3)', () => {
  const start = async (as = cookie) => {
    const res = await postJson(t.app, '/api/s3/multipart', { filename: 'survey.mp4', type: 'video/mp4', metadata: { name: 'survey.mp4' } }, { cookie: as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ uploadId: string; key: string }>();
  };
  const q = (key: string) => `?${new URLSearchParams({ key })}`;
  const putPart = async (uploadId: string, key: string, partNumber: number, bytes: Buffer) => {
    const signed = await getJson(t.app, `/api/s3/multipart/${encodeURIComponent(uploadId)}/${partNumber}?${new URLSearchParams({ key, size: String(bytes.length) })}`, cookie);
    expect(signed.statusCode, signed.body).toBe(200);
    const { url, expires } = signed.json();
    expect(expires).toBeLessThanOrEqual(900);
    expect(Number(new URL(url).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag')!.replace(/"/g, '');
    partsSeen.set(uploadId, [...(partsSeen.get(uploadId) ?? []), { number: partNumber, etag, size: bytes.length }]);
    return etag;
  };

  it('creates, signs parts, lists, completes: the object lands under a server-chosen key', async () => {
    const { uploadId, key } = await start();
    expect(key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    // A whole MP4 in two parts (s3rver does not hold parts to S3's 5 MiB minimum).
    const video = mp4(1400);
    const first = video.subarray(0, 1000);
    const etag1 = await putPart(uploadId, key, 1, first);
    const etag2 = await putPart(uploadId, key, 2, video.subarray(1000));

    const listed = await getJson(t.app, `/api/s3/multipart/${uploadId}${q(key)}`, cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      { PartNumber: 1, ETag: `"${etag1}"`, Size: first.length },
      { PartNumber: 2, ETag: `"${etag2}"`, Size: video.length - 1000 },
    ]);

    const done = await postJson(t.app, `/api/s3/multipart/${uploadId}/complete${q(key)}`, { parts: [{ ETag: etag2, PartNumber: 2 }, { ETag: etag1, PartNumber: 1 }] }, { cookie });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ location: `${s3.endpoint}/${TEST_BUCKET}/${key}`, key, bucket: TEST_BUCKET });
    const head = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    expect(head.ContentLength).toBe(video.length);
    expect(head.ContentType).toBe('video/mp4');

    // The result is recorded like any upload.
    const asset = await newAsset();
    const recorded = await postJson(t.app, '/api/media', { key, filename: 'survey.mp4', assetId: asset.id }, { cookie });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ type: 'video', mimeType: 'video/mp4' });
  });

  it('deletes a completed object over 10 MB (413)', async () => {
    const { uploadId, key } = await start();
    const etag1 = await putPart(uploadId, key, 1, Buffer.alloc(6 * 1024 * 1024));
    const etag2 = await putPart(uploadId, key, 2, Buffer.alloc(5 * 1024 * 1024));
    const done = await postJson(t.app, `/api/s3/multipart/${uploadId}/complete${q(key)}`, { parts: [{ ETag: etag1, PartNumber: 1 }, { ETag: etag2, PartNumber: 2 }] }, { cookie });
    expect(done.statusCode).toBe(413);
    expect(await exists(key)).toBe(false);
  });

  it('aborts an upload', async () => {
    const { uploadId, key } = await start();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/s3/multipart/${uploadId}${q(key)}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(204);
    expect(aborted).toContain(`/${TEST_BUCKET}/${key}?uploadId=${uploadId}`);
  });

  it("refuses another user's key with 403 on every call that takes one", async () => {
    const { uploadId, key } = await start();
    const { cookie: other } = await registerUser(t.app);
    const calls = [
      () => getJson(t.app, `/api/s3/multipart/${uploadId}${q(key)}`, other),
      () => getJson(t.app, `/api/s3/multipart/${uploadId}/1?${new URLSearchParams({ key, size: '1024' })}`, other),
      () => postJson(t.app, `/api/s3/multipart/${uploadId}/complete${q(key)}`, { parts: [{ ETag: 'x', PartNumber: 1 }] }, { cookie: other }),
      () => t.app.inject({ method: 'DELETE', url: `/api/s3/multipart/${uploadId}${q(key)}`, headers: { cookie: other } }),
      () => getJson(t.app, `/api/s3/multipart/${uploadId}${q('uploads/00000000-0000-4000-8000-000000000000')}`, cookie),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(aborted.some((a) => a.includes(uploadId))).toBe(false);
  });

  it('validates the type, the part number and the parts', async () => {
    const svg = await postJson(t.app, '/api/s3/multipart', { filename: 'a.svg', type: 'image/svg+xml' }, { cookie });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toBe('You can only upload: image/*, video/*');
    const { uploadId, key } = await start();
    expect((await getJson(t.app, `/api/s3/multipart/${uploadId}/0${q(key)}`, cookie)).statusCode).toBe(400);
    expect((await getJson(t.app, `/api/s3/multipart/${uploadId}/10001${q(key)}`, cookie)).statusCode).toBe(400);
    // 10 MB in parts of at least 5 MiB is at most 2 parts.
    const third = await getJson(t.app, `/api/s3/multipart/${uploadId}/3${q(key)}`, cookie);
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe('partNumber must be between 1 and 2: files are at most 10 MB');
    const threeParts = [1, 2, 3].map((n) => ({ ETag: `e${n}`, PartNumber: n }));
    expect((await postJson(t.app, `/api/s3/multipart/${uploadId}/complete${q(key)}`, { parts: threeParts }, { cookie })).statusCode).toBe(400);
    expect((await getJson(t.app, `/api/s3/multipart/${uploadId}/1`, cookie)).statusCode).toBe(400);
    expect((await postJson(t.app, `/api/s3/multipart/${uploadId}/complete${q(key)}`, { parts: [] }, { cookie })).statusCode).toBe(400);
  });

  it('signs Content-Length into every part URL: no size, or a size over 10 MB, is refused', async () => {
    const { uploadId, key } = await start();
    const unsized = await getJson(t.app, `/api/s3/multipart/${uploadId}/1${q(key)}`, cookie);
    expect(unsized.statusCode).toBe(400);
    expect(unsized.json().message).toMatch(/size is required/);
    const sized = await getJson(t.app, `/api/s3/multipart/${uploadId}/1?${new URLSearchParams({ key, size: String(5 * 1024 * 1024) })}`, cookie);
    expect(sized.statusCode, sized.body).toBe(200);
    const url = new URL(sized.json().url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain('content-length');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    const tooBig = await getJson(t.app, `/api/s3/multipart/${uploadId}/1?${new URLSearchParams({ key, size: '10485761' })}`, cookie);
    expect(tooBig.statusCode).toBe(400);
  });

  it('never passes S3’s own error text to the client', async () => {
    // s3rver completes whatever it is given, so the shim answers as AWS does to a part list it cannot match.
    s3.intercept((ctx) => {
      if (ctx.method !== 'POST' || ctx.query.uploadId !== 'broken-upload') return false;
      ctx.status = 400;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidPart</Code><Message>One or more of the specified parts could not be found in bucket ${TEST_BUCKET}.</Message><RequestId>1</RequestId></Error>`;
      return true;
    });
    const { key } = await start();
    const logs = t.logs.length;
    const res = await postJson(t.app, `/api/s3/multipart/broken-upload/complete${q(key)}`, { parts: [{ ETag: 'not-an-etag', PartNumber: 1 }] }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_STORAGE_REFUSED_MESSAGE });
    expect(res.body).not.toMatch(/InvalidPart|specified|bucket|etag/i);
    // The detail is in the log for the operator.
    expect(t.logs.slice(logs).join('\n')).toMatch(/S3 refused a multipart call/);
  });

  it('records a grant for every multipart upload and presigned POST, which the quota counts', async () => {
    const { user, cookie: fresh } = await registerUser(t.app);
    const multipart = await start(fresh);
    const params = await getJson(t.app, '/api/s3/params?filename=a.jpg&type=image/jpeg', fresh);
    expect(params.statusCode).toBe(200);
    const rows = await t.db.select().from(uploadGrants).where(eq(uploadGrants.userId, user.id));
    expect(rows.map((r) => r.key).sort()).toEqual([multipart.key, params.json().fields.key].sort());
  });

  it('GET /api/s3/params answers a presigned POST whose policy pins key, type and 1…10 MB', async () => {
    const res = await getJson(t.app, '/api/s3/params?filename=../../x.html&type=image/png&metadata%5Bname%5D=x.png', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { method, url, fields, expires } = res.json();
    expect(method).toBe('POST');
    expect(url).toBe(`${s3.endpoint}/${TEST_BUCKET}`);
    expect(expires).toBeLessThanOrEqual(900);
    expect(fields.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key: fields.key }, { 'Content-Type': 'image/png' }, ['content-length-range', 1, 10_485_760]]),
    );
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(900_000);

    // What @uppy/aws-s3 then does: a form with the fields, the file last.
    const form = new FormData();
    for (const [name, value] of Object.entries(fields as Record<string, string>)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(await png())]));
    const upload = await fetch(url, { method: 'POST', body: form });
    expect(upload.status).toBe(204);
    expect(await exists(fields.key)).toBe(true);

    expect((await getJson(t.app, '/api/s3/params?filename=a.svg&type=image/svg+xml', cookie)).statusCode).toBe(400);
  });

  it('GET /api/s3/sts issues no temporary credentials', async () => {
    const res = await getJson(t.app, '/api/s3/sts', cookie);
    expect(res.statusCode).toBe(404);
  });
});

describe('clean-up of uploads (S3)', () => {
  let c: TestApp;
  let owner: string;
  beforeAll(async () => {
    c = await createTestApp({ env: { ...s3.env, UPLOAD_CLEANUP_GRACE_HOURS: '1', SESSION_IDLE_MINUTES: '100000', SESSION_ABSOLUTE_HOURS: '2000' } });
    ({ cookie: owner } = await registerUser(c.app));
  });
  afterAll(async () => {
    await c?.close();
  });

  it('deletes unrecorded objects and aborts stale multipart uploads after the grace period, keeping recorded and young ones', async () => {
    const storage = await createStorage(c.config);
    const run = () => cleanupUploads({ db: c.db, storage, config: c.config, now: c.clock.now });

    const unrecorded = await uploadToS3(await png(), 'image/png', owner, c.app);
    const viaApp = await requestUpload(c.app, owner);
    expect((await putLocal(c.app, owner, viaApp.uploadURL, await png())).statusCode).toBe(200);
    const site = await postJson(c.app, '/api/locations', { name: 'S3 cleanup', type: 'site' }, { cookie: owner });
    const asset = await postJson(c.app, '/api/assets', { locationId: site.json().id, type: 'roof', condition: 'good' }, { cookie: owner });
    const kept = await uploadToS3(await png(), 'image/png', owner, c.app);
    expect((await postJson(c.app, '/api/media', { key: kept, filename: 'k.png', assetId: asset.json().id }, { cookie: owner })).statusCode).toBe(201);
    const stale = { key: unrecorded.replace(/.$/, '0'), uploadId: 'stale-upload', initiated: c.clock.now() };

    c.clock.advance(HOUR + 1);
    const young = await uploadToS3(await png(), 'image/png', owner, c.app);
    pendingUploads.push(stale, { key: young, uploadId: 'young-upload', initiated: c.clock.now() });
    try {
      expect(await run()).toEqual({ discarded: 2, aborted: 1, pruned: 0 });
    } finally {
      pendingUploads.length = 0;
    }
    expect(await exists(unrecorded)).toBe(false);
    expect(await exists(viaApp.key)).toBe(false);
    expect(await exists(kept)).toBe(true);
    expect(await exists(young)).toBe(true);
    expect(aborted).toContain(`/${TEST_BUCKET}/${stale.key}?uploadId=stale-upload`);
    expect(aborted.some((a) => a.includes('young-upload'))).toBe(false);
  });
});
