import type { Readable } from 'node:stream';

/**
 * Structural checks of an uploaded video before it is recorded (issue 19): the magic bytes alone
 * let a truncated file, or a video header followed by anything at all, become evidence. The file is
 * read once as a stream and only container headers are kept, so memory stays small whatever the size.
 */

/** Reads a stream in exact slices and skips over box or element bodies without keeping them. */
class StreamCursor {
  private buffered: Buffer = Buffer.alloc(0);
  private ended = false;
  position = 0;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(length: number): Promise<void> {
    while (this.buffered.length < length && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    }
  }

  /** Up to `length` bytes (fewer only at the end of the file). */
  async read(length: number): Promise<Buffer> {
    await this.fill(length);
    const out = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(out.length);
    this.position += out.length;
    return out;
  }

  /** Skips `length` bytes; answers how many there were. */
  async skip(length: number): Promise<number> {
    let skipped = 0;
    while (skipped < length) {
      if (this.buffered.length === 0) {
        await this.fill(1);
        if (this.buffered.length === 0) break;
      }
      const take = Math.min(length - skipped, this.buffered.length);
      this.buffered = this.buffered.subarray(take);
      skipped += take;
    }
    this.position += skipped;
    return skipped;
  }

  async atEnd(): Promise<boolean> {
    await this.fill(1);
    return this.buffered.length === 0;
  }
}

const BOX_TYPE = /^[\x20-\x7e]{4}$/;

/**
 * ISO base media (MP4, QuickTime, 3GP): the top-level boxes tile the file exactly (32-bit sizes,
 * 64-bit `largesize`, or 0 for "to the end"), each type is four printable characters, the first is
 * `ftyp`, and a `moov` (the index) and an `mdat` (the media) are both present.
 */
async function verifyIsoBmff(cursor: StreamCursor, fileSize: number): Promise<boolean> {
  const seen = new Set<string>();
  let first = true;
  while (!(await cursor.atEnd())) {
    const start = cursor.position;
    const header = await cursor.read(8);
    if (header.length < 8) return false;
    const type = header.toString('latin1', 4, 8);
    if (!BOX_TYPE.test(type) || (first && type !== 'ftyp')) return false;
    first = false;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      const large = await cursor.read(8);
      if (large.length < 8) return false;
      const big = large.readBigUInt64BE(0);
      if (big > BigInt(fileSize)) return false;
      size = Number(big);
      headerSize = 16;
    } else if (size === 0) {
      size = fileSize - start;
    }
    if (size < headerSize || start + size > fileSize) return false;
    seen.add(type);
    if ((await cursor.skip(size - headerSize)) !== size - headerSize) return false;
  }
  return cursor.position === fileSize && seen.has('moov') && seen.has('mdat');
}

/** An EBML variable-length integer: its length from the leading zeros, and its value (marker kept for ids). */
async function readVint(cursor: StreamCursor, keepMarker: boolean): Promise<{ value: number; length: number; unknown: boolean } | null> {
  const first = await cursor.read(1);
  if (first.length < 1 || first[0] === 0) return null;
  const length = Math.clz32(first[0]!) - 23;
  if (length > 8) return null;
  const rest = await cursor.read(length - 1);
  if (rest.length < length - 1) return null;
  const bytes = Buffer.concat([first, rest]);
  let value = keepMarker ? bytes[0]! : bytes[0]! & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    value = value * 256 + bytes[i]!;
    if (bytes[i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const EBML_ID = 0x1a45dfa3;
const DOCTYPE_ID = 0x4282;
const SEGMENT_ID = 0x18538067;
/** The EBML header is a handful of short elements; anything longer is not one. */
const MAX_EBML_HEADER = 256;

/**
 * WebM/Matroska: an EBML header whose DocType is `webm` or `matroska`, followed by a Segment. The
 * Segment's children must fit in it, and a Segment of known size must end where the file ends. A
 * Segment or Cluster of unknown size (what browsers' MediaRecorder writes) runs to the end of the file.
 */
async function verifyMatroska(cursor: StreamCursor, fileSize: number): Promise<boolean> {
  const id = await readVint(cursor, true);
  if (id?.value !== EBML_ID) return false;
  const headerSize = await readVint(cursor, false);
  if (!headerSize || headerSize.unknown || headerSize.value > MAX_EBML_HEADER) return false;
  const header = await cursor.read(headerSize.value);
  if (header.length < headerSize.value) return false;
  const docType = readDocType(header);
  if (docType !== 'webm' && docType !== 'matroska') return false;

  const segment = await readVint(cursor, true);
  if (segment?.value !== SEGMENT_ID) return false;
  const segmentSize = await readVint(cursor, false);
  if (!segmentSize) return false;
  const segmentEnd = segmentSize.unknown ? fileSize : cursor.position + segmentSize.value;
  if (segmentEnd !== fileSize) return false;

  // The Segment's top-level children (SeekHead, Info, Tracks, Cluster…) tile it.
  let children = 0;
  while (cursor.position < segmentEnd) {
    const childId = await readVint(cursor, true);
    const childSize = childId && (await readVint(cursor, false));
    if (!childId || !childSize) return false;
    children += 1;
    if (childSize.unknown) return true; // a live-recorded Cluster: the rest of the file is media
    if (cursor.position + childSize.value > segmentEnd) return false;
    if ((await cursor.skip(childSize.value)) !== childSize.value) return false;
  }
  return children > 0 && cursor.position === fileSize;
}

/** The DocType string among the EBML header's children, or null. */
function readDocType(header: Buffer): string | null {
  let offset = 0;
  while (offset < header.length) {
    const idLength = header[offset] ? Math.clz32(header[offset]!) - 23 : 9;
    if (idLength > 4 || offset + idLength >= header.length) return null;
    const id = header.readUIntBE(offset, idLength);
    offset += idLength;
    const sizeLength = header[offset] ? Math.clz32(header[offset]!) - 23 : 9;
    if (sizeLength > 8 || offset + sizeLength > header.length) return null;
    let size = header[offset]! & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i += 1) size = size * 256 + header[offset + i]!;
    offset += sizeLength;
    if (offset + size > header.length) return null;
    if (id === DOCTYPE_ID) return header.toString('latin1', offset, offset + size).replace(/\0+$/, '');
    offset += size;
  }
  return null;
}

const ISO_BMFF_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v', 'video/3gpp']);
const MATROSKA_TYPES = new Set(['video/webm', 'video/x-matroska']);

/**
 * True when the stream (`fileSize` bytes, of the sniffed `mimeType`) is a structurally whole video.
 * The stream is read to its end or until the structure fails, then released.
 */
export async function verifyVideo(stream: Readable, mimeType: string, fileSize: number): Promise<boolean> {
  const cursor = new StreamCursor((stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]());
  try {
    if (ISO_BMFF_TYPES.has(mimeType)) return await verifyIsoBmff(cursor, fileSize);
    if (MATROSKA_TYPES.has(mimeType)) return await verifyMatroska(cursor, fileSize);
    return false;
  } catch {
    return false;
  } finally {
    stream.destroy();
  }
}
