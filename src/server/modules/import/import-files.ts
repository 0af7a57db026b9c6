import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type ImportFormat } from '../../../shared/domain/imports';
import { HttpError } from '../../http-errors';

/**
 * Where an uploaded spreadsheet waits between the import's steps (ADR 029): DATA_DIR/imports,
 * `<job id>.<format>`, with its row errors beside it. Kept a day: the error workbook needs the
 * original rows after the dry run; every upload sweeps older files.
 */
export const IMPORT_FILE_TTL_MS = 24 * 60 * 60 * 1000;

export function importDir(dataDir: string): string {
  return path.join(dataDir, 'imports');
}

export const importFilePath = (dataDir: string, id: string, format: ImportFormat) => path.join(importDir(dataDir), `${id}.${format}`);
export const errorsFilePath = (dataDir: string, id: string) => path.join(importDir(dataDir), `${id}.errors.json`);

/**
 * Streams a request body to `file`, at most IMPORT_MAX_BYTES (413 beyond, and nothing kept),
 * answering its size and SHA-256.
 */
export async function receiveFile(body: Readable, file: string): Promise<{ bytes: number; sha256: string }> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const hash = crypto.createHash('sha256');
  const out = fs.createWriteStream(file);
  let bytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > IMPORT_MAX_BYTES) throw new HttpError(413, IMPORT_TOO_LARGE_MESSAGE);
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  } catch (err) {
    out.destroy();
    body.resume();
    fs.rmSync(file, { force: true });
    throw err;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Removes import files older than the TTL (a failure only leaves them for the next sweep). */
export function sweepImportFiles(dataDir: string, now: Date): void {
  const dir = importDir(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (now.getTime() - fs.statSync(file).mtimeMs > IMPORT_FILE_TTL_MS) fs.rmSync(file, { force: true });
    } catch {
      // Gone already, or in use: the next sweep tries again.
    }
  }
}
