import zlib from 'node:zlib';

/**
 * Reads a zip in memory for tests, with no dependency: the end-of-central-directory record, then
 * each central directory entry (name, method, sizes, CRC, where its local header is), then the
 * entry's data after its local header, inflated when deflated and checked against its CRC-32 and
 * size. Enough for the archives the app writes (no ZIP64, no encryption).
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
  /** The UTF-8 flag (general purpose bit 11): names outside ASCII are read as UTF-8 only with it. */
  utf8: boolean;
}

export function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const utf8 = (flags & 0x800) !== 0;
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString(utf8 ? 'utf8' : 'latin1');
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const stored = zip.subarray(start, start + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(stored);
    else if (method === 8) data = zlib.inflateRawSync(stored);
    else throw new Error(`unsupported method ${method} for ${name}`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}`);
    if (zlib.crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    entries.push({ name, data, utf8 });
  }
  return entries;
}
