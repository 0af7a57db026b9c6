import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { UploadResponse } from '../../src/shared/contract/uploads';
import { postJson } from './test-app';

/** Files for upload tests, made on the fly. */

/** Where the JPEG fixture says it was taken (EXIF GPS) and when (2025-06-01 10:20:30 at +01:00). */
export const FIXTURE_GPS = { lat: '51.5', lon: '-0.125' };
export const FIXTURE_TAKEN_AT = '2025-06-01T09:20:30.000Z';

/** An 800×600 JPEG with EXIF time and GPS, as a phone writes them. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5a2b' } })
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Field Camera' },
      IFD2: { DateTimeOriginal: '2025:06:01 10:20:30', OffsetTimeOriginal: '+01:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 30/1' },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#2b8a5a' } }).png().toBuffer();
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** A PNG signature followed by HTML: passes a naive magic-byte check, is no image. */
export const POLYGLOT = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML]);

/** The smallest MP4 start: an ftyp box (isom) and an empty mdat. */
export const MP4 = Buffer.concat([
  Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'),
  Buffer.from('00000010', 'hex'),
  Buffer.from('mdat'),
  Buffer.alloc(8),
]);

/** One byte over 10 MB, starting like a JPEG so only the size is wrong. */
export function oversize(): Buffer {
  const bytes = Buffer.alloc(10_485_761, 0);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

/** POST /api/objects/upload with the given declaration. */
export async function requestUpload(app: FastifyInstance, cookie: string, body: Record<string, unknown> = {}): Promise<UploadResponse> {
  const res = await postJson(app, '/api/objects/upload', body, { cookie });
  if (res.statusCode !== 200) throw new Error(`upload URL refused: ${res.statusCode} ${res.body}`);
  return res.json<UploadResponse>();
}

/** PUT to the app's own (local storage) upload URL, as the browser would. */
export function putLocal(app: FastifyInstance, cookie: string | undefined, uploadURL: string, bytes: Buffer, contentType = 'application/octet-stream'): Promise<LightMyRequestResponse> {
  const url = new URL(uploadURL);
  return app.inject({
    method: 'PUT',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': contentType, ...(cookie && { cookie }) },
    payload: bytes,
  });
}

/** Asks for an upload URL and PUTs the bytes there (local storage); answers the key. */
export async function uploadLocal(app: FastifyInstance, cookie: string, bytes: Buffer, contentType: string): Promise<string> {
  const { uploadURL, key } = await requestUpload(app, cookie, { contentType, size: bytes.length });
  const res = await putLocal(app, cookie, uploadURL, bytes, contentType);
  if (res.statusCode !== 200) throw new Error(`PUT refused: ${res.statusCode} ${res.body}`);
  return key;
}
