import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type ImportFormat } from '../../../shared/domain/imports';
import { HttpError } from '../../http-errors';
import type { ObjectStorage } from '../../storage/storage';

/**
 * Where an uploaded spreadsheet waits between the import's steps (ADR 029): in the object storage
 * (`imports/<job id>.<format>`, its row errors beside it), so whichever app process runs a step finds
 * it, and a copy in the process's DATA_DIR/imports, where the readers stream it from. Kept a day:
 * the error workbook needs the original rows after the dry run; every upload sweeps older files.
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

const objectKey = (name: string) => `imports/${name}`;
const CONTENT_TYPES: Record<ImportFormat | 'json', string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  json: 'application/json',
};

/** The import's files as the object storage keeps them, each with a copy on this process's disk. */
export function importFiles(storage: ObjectStorage, dataDir: string) {
  /** The local copy of `name`, fetched from the storage when this process has none; undefined when it is gone. */
  const here = async (name: string): Promise<string | undefined> => {
    const file = path.join(importDir(dataDir), name);
    if (fs.existsSync(file)) return file;
    if (!(await storage.head(objectKey(name)))) return undefined;
    fs.mkdirSync(importDir(dataDir), { recursive: true });
    const partial = `${file}.${crypto.randomUUID()}.part`;
    try {
      await pipeline(await storage.read(objectKey(name)), fs.createWriteStream(partial));
      fs.renameSync(partial, file);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return file;
  };
  return {
    /** Keeps the uploaded file (already at its local path) in the storage. */
    async keep(id: string, format: ImportFormat): Promise<void> {
      await storage.putFile(objectKey(`${id}.${format}`), importFilePath(dataDir, id, format), CONTENT_TYPES[format]);
    },
    /** The uploaded file on this process's disk, or undefined when it has been removed. */
    file: (id: string, format: ImportFormat) => here(`${id}.${format}`),
    /** Writes the dry run's row errors here and keeps them in the storage. */
    async keepErrors(id: string, errors: unknown[]): Promise<void> {
      const file = errorsFilePath(dataDir, id);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(errors));
      await storage.putFile(objectKey(`${id}.errors.json`), file, CONTENT_TYPES.json);
    },
    /** The row errors' file on this process's disk (a later dry run replaces it), or undefined. */
    async errors(id: string): Promise<string | undefined> {
      fs.rmSync(errorsFilePath(dataDir, id), { force: true });
      return here(`${id}.errors.json`);
    },
    /** Removes a job's files from the storage. */
    async remove(id: string, format: ImportFormat): Promise<void> {
      await storage.delete(objectKey(`${id}.${format}`));
      await storage.delete(objectKey(`${id}.errors.json`));
    },
  };
}
