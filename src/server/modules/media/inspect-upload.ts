import type { Readable } from 'node:stream';
import exifr from 'exifr';
import sharp from 'sharp';
import {
  EVIDENCE_MEDIA_TYPES,
  HEIC_UNREADABLE_MESSAGE,
  INSPECTION_EVIDENCE_TYPES_MESSAGE,
  MAX_UPLOAD_BYTES,
  PDF_NEEDS_INSPECTION_MESSAGE,
  PDF_UNREADABLE_MESSAGE,
  UPLOAD_CONTENT_MESSAGE,
  UPLOAD_EMPTY_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  VIDEO_UNREADABLE_MESSAGE,
  type MediaType,
} from '../../../shared/domain/uploads';
import { EXIF_READ_OPTIONS, exifFacts } from '../../../shared/domain/exif';
import { badRequest } from '../../http-errors';
import type { ObjectStorage } from '../../storage';
import { SNIFF_BYTES, sniffMedia } from '../uploads/sniff';
import { isWholePdf, PDF_TAIL_BYTES } from '../uploads/verify-pdf';
import { verifyVideo } from '../uploads/verify-video';

/** Thumbnails: a 320 px WebP preview, whatever the photo's size. */
export const THUMBNAIL_SIZE = 320;
/**
 * Decompression-bomb guard for reading photos. Spec §9's 5,000,000-pixel / 4096 px cap describes the
 * widget's in-browser preview canvas; a server limit that low would refuse ordinary 12-48 MP phone
 * photos, so the server decodes up to 50 MP (libvips shrinks JPEGs while decoding) and writes 320 px.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** sharp's format names for the sniffed types it can decode. */
const SHARP_FORMAT: Record<string, string[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/avif': ['heif', 'avif'],
  'image/heic': ['heif'],
  'image/heif': ['heif'],
};
export const IMAGE_UNREADABLE_MESSAGE = 'The image could not be read: upload a JPEG, PNG, GIF, WebP, HEIC or AVIF photo';

/**
 * HEIC/HEIF: this sharp build decodes the AV1-coded kind (AVIF) but not HEVC, which iPhones write.
 * Such a photo cannot be checked, so it is refused with a way out rather than stored unchecked.
 */
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

export interface InspectedUpload {
  type: MediaType;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  takenAt: Date | null;
  gpsLat: string | null;
  gpsLon: string | null;
  thumbnail: Buffer | null;
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) {
      stream.destroy();
      break;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function readExif(buffer: Buffer): Promise<Pick<InspectedUpload, 'takenAt' | 'gpsLat' | 'gpsLon'>> {
  try {
    return exifFacts((await exifr.parse(buffer, EXIF_READ_OPTIONS)) as Record<string, unknown> | undefined);
  } catch {
    // No or unreadable EXIF is normal (screenshots, edited photos): the photo is still evidence.
    return { takenAt: null, gpsLat: null, gpsLon: null };
  }
}

async function readPhoto(buffer: Buffer, mimeType: string) {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  const metadata = await sharp(buffer, options).metadata();
  // The decoder must agree with the magic bytes (sharp also reads SVG, which is never accepted).
  if (!SHARP_FORMAT[mimeType]?.includes(metadata.format ?? '')) throw new Error(`decoded as ${metadata.format}`);
  const thumbnail = await sharp(buffer, options)
    .autoOrient()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  const { width, height } = metadata.autoOrient ?? metadata;
  return { thumbnail, width: width ?? null, height: height ?? null };
}

/** The spec's evidence for assets, assessments and actions (§5): photos and videos. */
const SPEC_MEDIA_TYPES: readonly MediaType[] = ['photo', 'video'];

/**
 * Checks an uploaded object before it becomes evidence (SEC-UP-3): it exists, is 1 byte to 10 MB,
 * its first bytes are an allowed format for what it is recorded against (photos and videos; for an
 * inspection photos and PDFs, ADR 025), a photo decodes as that format (HEIC that cannot be decoded
 * included), a video's container holds together (verify-video.ts) and a PDF is whole
 * (verify-pdf.ts). Anything refused is deleted, then answered with 400. For photos, reads EXIF time
 * and GPS and makes a thumbnail.
 */
export async function inspectUpload(storage: ObjectStorage, key: string, { forInspection }: { forInspection: boolean }): Promise<InspectedUpload> {
  const info = await storage.head(key);
  if (!info) throw badRequest('The file was not uploaded: upload it again', { key: 'The file was not uploaded' });
  const refuse = async (message: string): Promise<never> => {
    await storage.delete(key);
    throw badRequest(message, { key: message });
  };
  if (info.size > MAX_UPLOAD_BYTES) return refuse(UPLOAD_TOO_LARGE_MESSAGE);
  if (info.size === 0) return refuse(UPLOAD_EMPTY_MESSAGE);

  const head = await readAll(await storage.read(key, SNIFF_BYTES), SNIFF_BYTES);
  const sniffed = sniffMedia(head);
  if (!sniffed) return refuse(UPLOAD_CONTENT_MESSAGE);
  if (!(forInspection ? EVIDENCE_MEDIA_TYPES : SPEC_MEDIA_TYPES).includes(sniffed.type)) {
    return refuse(sniffed.type === 'document' ? PDF_NEEDS_INSPECTION_MESSAGE : INSPECTION_EVIDENCE_TYPES_MESSAGE);
  }
  const base = { type: sniffed.type, mimeType: sniffed.mimeType, size: info.size };
  const unread = { width: null, height: null, takenAt: null, gpsLat: null, gpsLon: null, thumbnail: null };
  if (sniffed.type === 'document') {
    const tailStart = Math.max(0, info.size - PDF_TAIL_BYTES);
    const tail = await readAll(await storage.readRange(key, tailStart, info.size - 1), PDF_TAIL_BYTES);
    if (!isWholePdf(head, tail)) return refuse(PDF_UNREADABLE_MESSAGE);
    return { ...base, ...unread };
  }
  if (sniffed.type === 'video') {
    if (!(await verifyVideo(await storage.read(key), sniffed.mimeType, info.size))) return refuse(VIDEO_UNREADABLE_MESSAGE);
    return { ...base, ...unread };
  }

  const buffer = await readAll(await storage.read(key), MAX_UPLOAD_BYTES);
  const exif = await readExif(buffer);
  try {
    return { ...base, ...exif, ...(await readPhoto(buffer, sniffed.mimeType)) };
  } catch {
    return refuse(HEIF_TYPES.has(sniffed.mimeType) ? HEIC_UNREADABLE_MESSAGE : IMAGE_UNREADABLE_MESSAGE);
  }
}
