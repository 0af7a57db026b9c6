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

/** An ISO-BMFF box: 32-bit size, four-character type, body. */
export function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
const FTYP_ISOM = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');

/** The smallest MP4 that holds together: ftyp (isom), a moov and an mdat of `mediaBytes`. */
export function mp4(mediaBytes = 8): Buffer {
  return Buffer.concat([FTYP_ISOM, box('moov', Buffer.alloc(8)), box('mdat', Buffer.alloc(mediaBytes, 0x11))]);
}
export const MP4 = mp4();
/** The same with the mdat's size as a 64-bit largesize (size field 1), as cameras write long clips. */
export const MP4_LARGESIZE = (() => {
  const media = Buffer.alloc(24, 0x22);
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write('mdat', 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + media.length), 8);
  return Buffer.concat([FTYP_ISOM, box('moov', Buffer.alloc(8)), header, media]);
})();
/** An iPhone-style QuickTime movie (ftyp qt). */
export const QUICKTIME = Buffer.concat([box('ftyp', Buffer.from('qt  \x00\x00\x00\x00qt  ', 'latin1')), box('moov', Buffer.alloc(8)), box('mdat', Buffer.alloc(16))]);
/** Broken or disguised MP4s that pass the magic-byte sniff. */
export const MP4_TRUNCATED = MP4.subarray(0, MP4.length - 3);
export const MP4_WITHOUT_MOOV = Buffer.concat([FTYP_ISOM, box('mdat', Buffer.alloc(8))]);
export const MP4_POLYGLOT = Buffer.concat([MP4, Buffer.from('<!doctype html><script>alert(1)</script>')]);

/** An EBML element: id bytes, an 8-byte size (or "unknown"), body. */
function ebml(id: number[], body: Buffer, unknownSize = false): Buffer {
  const size = Buffer.alloc(8);
  if (unknownSize) size.fill(0xff, 1);
  else size.writeBigUInt64BE(BigInt(body.length), 0);
  size[0] = 0x01 | (unknownSize ? 0 : size[0]!);
  return Buffer.concat([Buffer.from(id), size, body]);
}
const EBML_HEADER = (docType: string) =>
  ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      Buffer.from([0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08]),
      Buffer.from([0x42, 0x82, 0x80 | docType.length]),
      Buffer.from(docType, 'latin1'),
      Buffer.from([0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02]),
    ]),
  );

/** A minimal WebM: EBML header (DocType webm), a Segment with Info (TimecodeScale) and one Cluster. */
export function webm({ docType = 'webm', unknownSize = false } = {}): Buffer {
  const info = ebml([0x15, 0x49, 0xa9, 0x66], Buffer.from([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40]));
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.concat([Buffer.from([0xe7, 0x81, 0x00]), Buffer.alloc(32, 0x33)]), unknownSize);
  return Buffer.concat([EBML_HEADER(docType), ebml([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, cluster]), unknownSize)]);
}
export const WEBM = webm();
export const WEBM_TRUNCATED = WEBM.subarray(0, WEBM.length - 5);
/** A WebM header followed by HTML instead of a Segment. */
export const WEBM_POLYGLOT = Buffer.concat([EBML_HEADER('webm'), HTML]);

/** A small AVIF (AV1 in HEIF), which this sharp build decodes. */
export function avif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#5a2b8a' } }).avif().toBuffer();
}

/**
 * An iPhone-style HEIC (brand heic, an HEVC-coded hvc1 item) that this sharp build cannot decode: an
 * AVIF with its brand and codec boxes renamed, so its first bytes sniff as image/heic.
 */
export async function undecodableHeic(): Promise<Buffer> {
  const bytes = Buffer.from(await avif());
  bytes.write('heic', 8, 'latin1');
  for (const [from, to] of [['av01', 'hvc1'], ['av1C', 'hvcC']] as const) bytes.write(to, bytes.indexOf(from, 0, 'latin1'), 'latin1');
  return bytes;
}

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
