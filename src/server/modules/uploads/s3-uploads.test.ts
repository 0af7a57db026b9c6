import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { FIXTURE_GPS, FIXTURE_TAKEN_AT, jpegWithExif, png, POLYGLOT, requestUpload, SVG } from '../../../../tests/setup/media-fixtures';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../../../../tests/setup/s3-server';
import { assets, media } from '../../db/schema';
import type { Asset, Media } from '../../../shared/contract';

let s3: TestS3;
let t: TestApp;
let cookie: string;
let client: S3Client;

/** What the s3rver shim saw for the calls s3rver itself does not implement (ListParts, Abort). */
const aborted: string[] = [];
const partsSeen = new Map<string, Array<{ number: number; etag: string; size: number }>>();

beforeAll(async () => {
  s3 = await startTestS3();
  s3.intercept((ctx) => {
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
  t = await createTestApp({ env: s3.env });
  ({ cookie } = await registerUser(t.app));
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

/** Upload URL from the app, then a PUT straight to S3 as the browser does. */
async function uploadToS3(bytes: Buffer, contentType?: string): Promise<string> {
  const { uploadURL, key, headers } = await requestUpload(t.app, cookie, contentType ? { contentType, size: bytes.length } : {});
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

  it('has no local PUT route with S3 storage', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/objects/local/uploads/00000000-0000-4000-8000-000000000000', headers: { cookie, 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(404);
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
    // A presigned PUT without a declared type: S3 itself does not look at the bytes.
    const key = await uploadToS3(bytes);
    expect(await exists(key)).toBe(true);
    const res = await postJson(t.app, '/api/media', { key, filename: 'x.png', assetId: asset.id }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(await exists(key)).toBe(false);
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
    const signed = await getJson(t.app, `/api/s3/multipart/${encodeURIComponent(uploadId)}/${partNumber}${q(key)}`, cookie);
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
    const first = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'), Buffer.alloc(1000, 1)]);
    const etag1 = await putPart(uploadId, key, 1, first);
    const etag2 = await putPart(uploadId, key, 2, Buffer.alloc(500, 2));

    const listed = await getJson(t.app, `/api/s3/multipart/${uploadId}${q(key)}`, cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      { PartNumber: 1, ETag: `"${etag1}"`, Size: first.length },
      { PartNumber: 2, ETag: `"${etag2}"`, Size: 500 },
    ]);

    const done = await postJson(t.app, `/api/s3/multipart/${uploadId}/complete${q(key)}`, { parts: [{ ETag: etag2, PartNumber: 2 }, { ETag: etag1, PartNumber: 1 }] }, { cookie });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ location: `${s3.endpoint}/${TEST_BUCKET}/${key}`, key, bucket: TEST_BUCKET });
    const head = await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    expect(head.ContentLength).toBe(first.length + 500);
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
      () => getJson(t.app, `/api/s3/multipart/${uploadId}/1${q(key)}`, other),
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
    expect((await getJson(t.app, `/api/s3/multipart/${uploadId}/1`, cookie)).statusCode).toBe(400);
    expect((await postJson(t.app, `/api/s3/multipart/${uploadId}/complete${q(key)}`, { parts: [] }, { cookie })).statusCode).toBe(400);
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
