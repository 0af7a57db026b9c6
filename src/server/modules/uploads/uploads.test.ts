import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { HTML, jpegWithExif, MP4, oversize, png, POLYGLOT, putLocal, requestUpload, SVG } from '../../../../tests/setup/media-fixtures';
import { minimalPdf } from '../../../../tests/factories/pdf';
import { UPLOAD_KEY_PATTERN } from '../../../shared/domain/uploads';
import { isUploadKeyOf, issueUploadKey } from './upload-keys';
import { sniffMedia } from './sniff';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await registerUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

const stored = (key: string) => path.join(t.dataDir, 'objects', key);
const objectFiles = () => {
  const dir = path.join(t.dataDir, 'objects', 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /api/objects/upload (local storage)', () => {
  it('answers a signed PUT URL on the app for a server-chosen key, whatever the filename', async () => {
    for (const filename of ['../../etc/passwd', 'photo.jpg', '<script>.png', 'a/b/c.jpeg', '']) {
      const res = await postJson(t.app, '/api/objects/upload', { filename, contentType: 'image/jpeg', size: 1234 }, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
      expect(body.key).toMatch(UPLOAD_KEY_PATTERN);
      expect(body.method).toBe('PUT');
      expect(body.headers).toEqual({ 'content-type': 'image/jpeg' });
      const url = new URL(body.uploadURL);
      expect(url.pathname).toBe(`/api/objects/local/${body.key}`);
      expect(url.searchParams.get('size')).toBe('1234');
      expect(url.searchParams.get('type')).toBe('image/jpeg');
      const expires = Number(url.searchParams.get('expires'));
      expect(expires - t.clock.now().getTime()).toBeLessThanOrEqual(15 * 60_000);
      expect(Date.parse(body.expiresAt)).toBe(expires);
    }
  });

  it('accepts an empty JSON body and then allows up to 10 MB of any image or video', async () => {
    const body = await requestUpload(t.app, cookie);
    const url = new URL(body.uploadURL);
    expect(url.searchParams.get('size')).toBe('10485760');
    expect(url.searchParams.get('type')).toBe('');
    expect(body.headers).toEqual({});
  });

  it('builds the URL on the origin the browser used', async () => {
    const res = await postJson(t.app, '/api/objects/upload', {}, {
      cookie,
      headers: { host: 'assets.example', origin: 'http://assets.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().uploadURL).toMatch(/^http:\/\/assets\.example\/api\/objects\/local\/uploads\//);
  });

  it('refuses a declared size over 10 MB', async () => {
    const res = await postJson(t.app, '/api/objects/upload', { size: 10_485_761, contentType: 'image/png' }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.size).toBe('File exceeds maximum allowed size of 10 MB');
  });

  it.each(['image/svg+xml', 'text/html', 'application/x-pdf', 'image/svg+xml; charset=utf-8', 'application/xhtml+xml', 'video'])(
    'refuses the declared type %s',
    async (contentType) => {
      const res = await postJson(t.app, '/api/objects/upload', { contentType }, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.contentType).toBe('You can only upload: image/*, video/*, or a PDF certificate for an inspection');
    },
  );

  it('accepts a declared PDF (an inspection certificate: whether it may be kept is decided when it is recorded)', async () => {
    const res = await postJson(t.app, '/api/objects/upload', { contentType: 'application/pdf', size: 2048 }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(new URL(res.json().uploadURL).searchParams.get('type')).toBe('application/pdf');
  });

  it('needs a session and a JSON content type', async () => {
    expect((await postJson(t.app, '/api/objects/upload', {})).statusCode).toBe(401);
    const plain = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie, 'content-type': 'text/plain' }, payload: '{}' });
    expect(plain.statusCode).toBe(415);
  });
});

describe('PUT /api/objects/local/uploads/{id}', () => {
  it('stores an image within the limits, with the sniffed type', async () => {
    const bytes = await jpegWithExif();
    const { uploadURL, key } = await requestUpload(t.app, cookie, { contentType: 'image/jpeg', size: bytes.length });
    const res = await putLocal(t.app, cookie, uploadURL, bytes, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key, size: bytes.length, contentType: 'image/jpeg' });
    expect(fs.readFileSync(stored(key)).equals(bytes)).toBe(true);
  });

  it('stores a video', async () => {
    const { uploadURL, key } = await requestUpload(t.app, cookie);
    const res = await putLocal(t.app, cookie, uploadURL, MP4, 'video/mp4');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contentType).toBe('video/mp4');
    expect(fs.existsSync(stored(key))).toBe(true);
  });

  it('stores a PDF (known by %PDF-, whatever its name), for an inspection to record', async () => {
    const bytes = minimalPdf();
    const { uploadURL, key } = await requestUpload(t.app, cookie, { contentType: 'application/pdf', size: bytes.length });
    const res = await putLocal(t.app, cookie, uploadURL, bytes, 'application/pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key, size: bytes.length, contentType: 'application/pdf' });
    // An HTML page declared as a PDF is not one.
    const fake = await requestUpload(t.app, cookie, { contentType: 'application/pdf', size: HTML.length });
    expect((await putLocal(t.app, cookie, fake.uploadURL, HTML, 'application/pdf')).statusCode).toBe(415);
    expect(fs.existsSync(stored(fake.key))).toBe(false);
  });

  it('stores a file sent without a Content-Type when none was declared', async () => {
    const bytes = await png();
    const { uploadURL, key } = await requestUpload(t.app, cookie);
    const url = new URL(uploadURL);
    const res = await t.app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, headers: { cookie }, payload: bytes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contentType).toBe('image/png');
    expect(fs.existsSync(stored(key))).toBe(true);
  });

  it('accepts exactly 10 MB (the JSON body limit does not apply here)', async () => {
    const bytes = oversize().subarray(0, 10_485_760);
    const { uploadURL, key } = await requestUpload(t.app, cookie);
    const res = await putLocal(t.app, cookie, uploadURL, bytes, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.statSync(stored(key)).size).toBe(10_485_760);
  });

  it('refuses more than 10 MB with 413 and keeps nothing', async () => {
    const before = objectFiles();
    const { uploadURL, key } = await requestUpload(t.app, cookie);
    const res = await putLocal(t.app, cookie, uploadURL, oversize(), 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File exceeds maximum allowed size of 10 MB');
    expect(fs.existsSync(stored(key))).toBe(false);
    expect(objectFiles()).toEqual(before);
  });

  it('refuses more than the declared size with 413 and keeps nothing', async () => {
    const bytes = await png();
    const { uploadURL, key } = await requestUpload(t.app, cookie, { size: bytes.length - 1, contentType: 'image/png' });
    const res = await putLocal(t.app, cookie, uploadURL, bytes, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(fs.existsSync(stored(key))).toBe(false);
  });

  it('refuses a body that outgrows its Content-Length claim while streaming', async () => {
    const { uploadURL, key } = await requestUpload(t.app, cookie, { size: 100 });
    const url = new URL(uploadURL);
    // A chunked body gives no length up front: the byte counter must stop it.
    const { Readable } = await import('node:stream');
    const body = Readable.from([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]);
    const res = await t.app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, headers: { cookie, 'content-type': 'image/jpeg' }, payload: body });
    expect(res.statusCode).toBe(413);
    expect(fs.existsSync(stored(key))).toBe(false);
    expect(fs.existsSync(`${stored(key)}.partial`)).toBe(false);
  });

  it.each([
    ['SVG', SVG, 'image/png'],
    ['HTML', HTML, 'image/jpeg'],
    ['text', Buffer.from('hello world, not an image'), 'image/png'],
  ])('refuses %s bytes with 415 whatever the Content-Type, keeping nothing', async (_name, bytes, contentType) => {
    const { uploadURL, key } = await requestUpload(t.app, cookie);
    const res = await putLocal(t.app, cookie, uploadURL, bytes, contentType);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only images, videos and PDF documents can be uploaded');
    expect(fs.existsSync(stored(key))).toBe(false);
  });

  it('refuses an empty body', async () => {
    const { uploadURL, key } = await requestUpload(t.app, cookie);
    const res = await putLocal(t.app, cookie, uploadURL, Buffer.alloc(0), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(fs.existsSync(stored(key))).toBe(false);
  });

  it('refuses a changed or missing signature, size, type or key with 403', async () => {
    const bytes = await png();
    const { uploadURL } = await requestUpload(t.app, cookie, { size: bytes.length, contentType: 'image/png' });
    const url = new URL(uploadURL);
    const variants: Array<(u: URL) => void> = [
      (u) => u.searchParams.set('sig', 'x'.repeat(43)),
      (u) => u.searchParams.delete('sig'),
      (u) => u.searchParams.set('size', String(bytes.length + 1000)),
      (u) => u.searchParams.set('type', 'image/gif'),
      (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3_600_000)),
      (u) => (u.pathname = `/api/objects/local/uploads/${issueUploadKey('x'.repeat(32), 'someone').slice(8)}`),
    ];
    for (const change of variants) {
      const changed = new URL(url);
      change(changed);
      const res = await putLocal(t.app, cookie, changed.toString(), bytes, 'image/png');
      expect(res.statusCode, changed.search).toBe(403);
    }
  });

  it('refuses a Content-Type other than the signed one with 403', async () => {
    const bytes = await png();
    const { uploadURL } = await requestUpload(t.app, cookie, { size: bytes.length, contentType: 'image/png' });
    expect((await putLocal(t.app, cookie, uploadURL, bytes, 'text/html')).statusCode).toBe(403);
  });

  it('refuses an expired link with 403', async () => {
    const bytes = await png();
    const { uploadURL, key } = await requestUpload(t.app, cookie, { size: bytes.length, contentType: 'image/png' });
    t.clock.advance(15 * 60_000 + 1);
    try {
      const res = await putLocal(t.app, cookie, uploadURL, bytes, 'image/png');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Request has expired');
      expect(fs.existsSync(stored(key))).toBe(false);
    } finally {
      t.clock.advance(-(15 * 60_000 + 1));
    }
  });

  it('refuses another user’s link with 403 and a request without a session with 401', async () => {
    const bytes = await png();
    const { uploadURL } = await requestUpload(t.app, cookie, { size: bytes.length, contentType: 'image/png' });
    const { cookie: other } = await registerUser(t.app);
    expect((await putLocal(t.app, other, uploadURL, bytes, 'image/png')).statusCode).toBe(403);
    const anonymous = await putLocal(t.app, undefined, uploadURL, bytes, 'image/png');
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the Origin check: a cross-site PUT is refused', async () => {
    const bytes = await png();
    const { uploadURL, key } = await requestUpload(t.app, cookie, { size: bytes.length, contentType: 'image/png' });
    const url = new URL(uploadURL);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { cookie, 'content-type': 'image/png', origin: 'https://evil.example' },
      payload: bytes,
    });
    expect(res.statusCode).toBe(403);
    expect(fs.existsSync(stored(key))).toBe(false);
  });

  it('is the only route exempt from the JSON rule: a form POST elsewhere is still 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/media', headers: { cookie, 'content-type': 'image/png' }, payload: await png() });
    expect(res.statusCode).toBe(415);
  });
});

describe('S3 companion calls with local storage', () => {
  it.each([
    ['POST', '/api/s3/multipart', { filename: 'a.mp4', type: 'video/mp4', metadata: {} }],
    ['GET', '/api/s3/multipart/abc?key=uploads/x', undefined],
    ['GET', '/api/s3/multipart/abc/1?key=uploads/x&size=1024', undefined],
    ['POST', '/api/s3/multipart/abc/complete?key=uploads/x', { parts: [{ ETag: 'e', PartNumber: 1 }] }],
    ['DELETE', '/api/s3/multipart/abc?key=uploads/x', undefined],
    ['GET', '/api/s3/params?filename=a.jpg&type=image/jpeg', undefined],
  ])('%s %s answers 400', async (method, url, body) => {
    const res =
      method === 'POST'
        ? await postJson(t.app, url, body, { cookie })
        : await t.app.inject({ method: method as 'GET', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/need S3 storage/);
  });

  it('GET /api/s3/sts says no temporary credentials are issued', async () => {
    const res = await getJson(t.app, '/api/s3/sts', cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/credentials are not issued/);
  });
});

describe('upload keys', () => {
  const secret = 's'.repeat(32);

  it('are uploads/<uuid> and verify only for the user they were issued to', () => {
    const keys = new Set(Array.from({ length: 200 }, () => issueUploadKey(secret, 'user-a')));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(UPLOAD_KEY_PATTERN);
      expect(isUploadKeyOf(secret, key, 'user-a')).toBe(true);
      expect(isUploadKeyOf(secret, key, 'user-b')).toBe(false);
      expect(isUploadKeyOf('t'.repeat(32), key, 'user-a')).toBe(false);
    }
    expect(isUploadKeyOf(secret, 'uploads/../../x', 'user-a')).toBe(false);
    expect(isUploadKeyOf(secret, 'exports/00000000-0000-4000-8000-000000000000', 'user-a')).toBe(false);
  });
});

describe('sniffMedia', () => {
  it('knows the allowed formats by their first bytes', async () => {
    expect(sniffMedia(await jpegWithExif())?.mimeType).toBe('image/jpeg');
    expect(sniffMedia(await png())?.mimeType).toBe('image/png');
    expect(sniffMedia(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))?.mimeType).toBe('image/gif');
    expect(sniffMedia(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))?.mimeType).toBe('image/webp');
    expect(sniffMedia(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1'))).toEqual({ mimeType: 'image/heic', type: 'photo' });
    expect(sniffMedia(Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00', 'latin1'))?.mimeType).toBe('image/avif');
    expect(sniffMedia(MP4)).toEqual({ mimeType: 'video/mp4', type: 'video' });
    expect(sniffMedia(Buffer.from('\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00', 'latin1'))?.mimeType).toBe('video/quicktime');
    expect(sniffMedia(Buffer.from('\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm', 'latin1'))?.mimeType).toBe('video/webm');
  });

  it('knows a PDF by its header, whatever follows (recording checks it is whole)', () => {
    expect(sniffMedia(Buffer.from('%PDF-1.7\n'))).toEqual({ mimeType: 'application/pdf', type: 'document' });
    expect(sniffMedia(Buffer.from(' %PDF-1.7'))).toBeNull();
  });

  it('refuses SVG, HTML, text and unknown ftyp brands', () => {
    for (const bytes of [SVG, HTML, Buffer.from('hello'), Buffer.from(''), Buffer.from('\x00\x00\x00\x18ftypcrx \x00\x00', 'latin1')]) {
      expect(sniffMedia(bytes)).toBeNull();
    }
    // The polyglot passes the magic bytes; recording it decodes it and fails (media tests).
    expect(sniffMedia(POLYGLOT)?.mimeType).toBe('image/png');
  });
});
