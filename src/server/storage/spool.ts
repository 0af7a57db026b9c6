import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes a stream of unknown length to a temporary file and hands its path to `use`; the file is
 * removed afterwards whatever happens. S3's PutObject needs the length up front, and holding up to
 * 10 MB per request in memory would let a few slow uploads exhaust the server. The folder comes from
 * mkdtemp (mode 0700) and the file is created owner-only (0600), so other local users cannot read it.
 */
export async function withSpooledFile<T>(body: Readable, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), SPOOL_PREFIX));
  try {
    const file = path.join(dir, 'body');
    await pipeline(body, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    return await use(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Temporary folders are named with this prefix (tests check none is left behind). */
export const SPOOL_PREFIX = 'ar-upload-';
