import exifr from 'exifr';
import { EXIF_READ_OPTIONS, exifFacts } from '@shared/domain/exif';
import type { OutboxPhoto } from '@/lib/offline/device-db';
import { exifSegment, withExifSegment, withUprightOrientation } from './jpeg-exif';

/** The longest edge a photo kept on the device may have (FEATURE-NOTES B): a phone's 12-48 MP shrink to about 3 MP. */
export const MAX_PHOTO_EDGE = 2048;
const JPEG_QUALITY = 0.85;
/** The EXIF block sits in a JPEG's first segments, each at most 64 KB. */
const HEAD_BYTES = 256 * 1024;

type Facts = Pick<OutboxPhoto, 'takenAt' | 'gpsLat' | 'gpsLon'>;

async function readFacts(file: Blob): Promise<Facts> {
  try {
    const { takenAt, gpsLat, gpsLon } = exifFacts((await exifr.parse(file, EXIF_READ_OPTIONS)) as Record<string, unknown> | undefined);
    return { takenAt: takenAt?.toISOString() ?? null, gpsLat, gpsLon };
  } catch {
    return { takenAt: null, gpsLat: null, gpsLon: null };
  }
}

/** The photo drawn at most MAX_PHOTO_EDGE px on its long edge, as a JPEG; null when it is small already or cannot be drawn. */
async function resized(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    // Turned upright from its EXIF Orientation (the browser's default), so the copy needs none.
    bitmap = await createImageBitmap(file);
  } catch {
    return null; // not an image this browser decodes (a video, HEIC): kept as it is
  }
  try {
    const scale = MAX_PHOTO_EDGE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return null;
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  } finally {
    bitmap.close();
  }
}

const asJpegName = (name: string) => (/\.jpe?g$/i.test(name) ? name : `${name.replace(/\.[^./]*$/, '')}.jpg`);

/**
 * What the outbox keeps of a photo chosen offline (ADR 028): its EXIF time and GPS read from the
 * original first, then a copy at most 2,048 px on the long edge carrying the original's EXIF block
 * (upright), so the server reads the same time and place from the file as it would from the
 * original. The original is kept as it is when it is small already, when it is not an image the
 * browser draws, when the copy would not be smaller, or when the copy lost the time taken.
 */
export async function preparePhoto(file: File): Promise<OutboxPhoto> {
  const facts = await readFacts(file);
  const original: OutboxPhoto = { blob: file, filename: file.name || 'photo.jpg', ...facts, originalSize: null };
  const copy = await resized(file);
  if (!copy || copy.size >= file.size) return original;

  const segment = file.type === 'image/jpeg' ? exifSegment(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer())) : null;
  const blob = segment
    ? new Blob([withExifSegment(new Uint8Array(await copy.arrayBuffer()), withUprightOrientation(segment)) as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' })
    : copy;
  if (facts.takenAt && (await readFacts(blob)).takenAt !== facts.takenAt) return original;
  return { ...original, blob, filename: asJpegName(original.filename), originalSize: file.size };
}
