/**
 * Moving a photo's EXIF block (its APP1 "Exif" segment) from the original JPEG into the smaller copy
 * the outbox keeps (ADR 028, "Photos through the outbox"). A canvas writes a JPEG without any EXIF,
 * and the server reads the time taken and GPS from the file itself, so the block is copied across
 * whole; only its Orientation is set upright, because the copy's pixels are already turned.
 */

const SOI = 0xd8;
const APP0 = 0xe0;
const APP1 = 0xe1;
const SOS = 0xda;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const ORIENTATION_TAG = 0x0112;

const isJpeg = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0xff && bytes[1] === SOI;

/** The segments before the image data: marker, start offset and total length (marker included). */
function* segments(bytes: Uint8Array): Generator<{ marker: number; start: number; length: number }> {
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    if (marker === SOS) return;
    const length = 2 + ((bytes[offset + 2]! << 8) | bytes[offset + 3]!);
    if (offset + length > bytes.length) return;
    yield { marker, start: offset, length };
    offset += length;
  }
}

/** The whole APP1 Exif segment of a JPEG (marker and length included), or null when it has none. */
export function exifSegment(jpeg: Uint8Array): Uint8Array | null {
  if (!isJpeg(jpeg)) return null;
  for (const { marker, start, length } of segments(jpeg)) {
    if (marker === APP1 && EXIF_HEADER.every((byte, i) => jpeg[start + 4 + i] === byte)) return jpeg.slice(start, start + length);
  }
  return null;
}

/**
 * A copy of the segment whose IFD0 Orientation (if any) says "upright" (1). Anything it cannot read
 * is left as it is: the time and GPS matter more than a tag the server does not keep.
 */
export function withUprightOrientation(segment: Uint8Array): Uint8Array {
  const copy = segment.slice();
  const tiff = 4 + EXIF_HEADER.length;
  if (copy.length < tiff + 8) return copy;
  const view = new DataView(copy.buffer, copy.byteOffset, copy.byteLength);
  const little = copy[tiff] === 0x49; // "II" (Intel) or "MM" (Motorola)
  const ifd0 = tiff + view.getUint32(tiff + 4, little);
  if (ifd0 + 2 > copy.length) return copy;
  const entries = view.getUint16(ifd0, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > copy.length) break;
    if (view.getUint16(entry, little) === ORIENTATION_TAG) view.setUint16(entry + 8, 1, little);
  }
  return copy;
}

/** The JPEG with `segment` inserted after its JFIF header (or right after its start), replacing any EXIF it had. */
export function withExifSegment(jpeg: Uint8Array, segment: Uint8Array): Uint8Array {
  if (!isJpeg(jpeg)) return jpeg;
  const before: Uint8Array[] = [];
  const after: Uint8Array[] = [];
  let end = 2;
  for (const { marker, start, length } of segments(jpeg)) {
    end = start + length;
    if (marker === APP1 && EXIF_HEADER.every((byte, i) => jpeg[start + 4 + i] === byte)) continue;
    (marker === APP0 && start === 2 ? before : after).push(jpeg.subarray(start, end));
  }
  const parts = [jpeg.subarray(0, 2), ...before, segment, ...after, jpeg.subarray(end)];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
