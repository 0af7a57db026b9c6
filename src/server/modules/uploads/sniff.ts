import type { MediaType } from '../../../shared/domain/uploads';

/** How many leading bytes the sniffer needs. */
export const SNIFF_BYTES = 64;

export interface SniffedMedia {
  mimeType: string;
  type: MediaType;
}

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** ISO base media (ftyp box) brands: HEIF/AVIF stills and MP4/QuickTime movies. */
const FTYP_BRANDS: Record<string, SniffedMedia> = {
  avif: { mimeType: 'image/avif', type: 'photo' },
  avis: { mimeType: 'image/avif', type: 'photo' },
  heic: { mimeType: 'image/heic', type: 'photo' },
  heix: { mimeType: 'image/heic', type: 'photo' },
  heim: { mimeType: 'image/heic', type: 'photo' },
  heis: { mimeType: 'image/heic', type: 'photo' },
  mif1: { mimeType: 'image/heif', type: 'photo' },
  msf1: { mimeType: 'image/heif', type: 'photo' },
  qt: { mimeType: 'video/quicktime', type: 'video' },
  M4V: { mimeType: 'video/x-m4v', type: 'video' },
  '3gp4': { mimeType: 'video/3gpp', type: 'video' },
  '3gp5': { mimeType: 'video/3gpp', type: 'video' },
  '3gp6': { mimeType: 'video/3gpp', type: 'video' },
};
const MP4_BRANDS = /^(isom|iso[2-9]|mp41|mp42|mp71|avc1|dash|M4VP|f4v |MSNV|NDAS)/;

/**
 * The real format of an upload from its first bytes (SEC-UP-3): JPEG, PNG, GIF, WebP, HEIC/HEIF,
 * AVIF, MP4, QuickTime and WebM/Matroska, and PDF (an inspection's certificate, ADR 025; whether it
 * may be kept is decided when it is recorded). Never trusts a declared type or a filename; SVG,
 * HTML and anything else give null.
 */
export function sniffMedia(bytes: Buffer): SniffedMedia | null {
  if (ascii(bytes, 0, 5) === '%PDF-') return { mimeType: 'application/pdf', type: 'document' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', type: 'photo' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mimeType: 'image/png', type: 'photo' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { mimeType: 'image/gif', type: 'photo' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { mimeType: 'image/webp', type: 'photo' };
  if (ascii(bytes, 4, 8) === 'ftyp' && bytes.length >= 12) {
    const brand = ascii(bytes, 8, 12);
    const known = FTYP_BRANDS[brand.trimEnd()] ?? FTYP_BRANDS[brand];
    if (known) return known;
    if (MP4_BRANDS.test(brand)) return { mimeType: 'video/mp4', type: 'video' };
    return null;
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: the DocType says WebM or Matroska.
    const header = ascii(bytes, 0, Math.min(bytes.length, SNIFF_BYTES));
    if (header.includes('webm')) return { mimeType: 'video/webm', type: 'video' };
    if (header.includes('matroska')) return { mimeType: 'video/x-matroska', type: 'video' };
  }
  return null;
}
