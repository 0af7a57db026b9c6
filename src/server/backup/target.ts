import type { Readable } from 'node:stream';

/**
 * Where backups are kept: a folder (local-folder-target.ts) or an S3 prefix (s3-target.ts). Paths are
 * relative and use `/`; one backup is the files under `<name>/`. A backup is complete when its
 * `<name>/manifest.json` exists, which the engine writes last, so a writer only has to make each
 * file appear whole (write, then rename or a single PUT), never a half-written file.
 */
export interface BackupTarget {
  /** Where it is, for messages ("/var/backups/asset-register", "s3://bucket/prefix"). */
  readonly location: string;
  /** Stores a whole file from a stream, a buffer or text; answers its size in bytes. */
  write(file: string, body: Readable | Buffer | string): Promise<number>;
  /** Opens a file; rejects with a BackupFileMissing when there is none. */
  read(file: string): Promise<Readable>;
  /** Every file under `prefix` (`''` for all), relative to the target, in no particular order. */
  list(prefix: string): Promise<string[]>;
  /**
   * The names of the folders at the top of the target (one per backup, complete or not), sorted;
   * without listing the files inside them, which may be many.
   */
  folders(): Promise<string[]>;
  /** Deletes every file under `prefix` (a whole backup: `<name>/`). */
  delete(prefix: string): Promise<void>;
}

export class BackupFileMissing extends Error {
  constructor(readonly file: string, location: string) {
    super(`${file} is missing from ${location}`);
  }
}

/** A file path inside a backup: relative, no `..`, no empty parts. */
export function checkBackupPath(file: string): string {
  if (file.startsWith('/') || file.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid path inside a backup: ${file}`);
  }
  return file;
}

/** The backups a target holds (folders with a manifest), oldest first: their names sort by time. */
export async function listBackups(target: BackupTarget): Promise<string[]> {
  const files = await target.list('');
  return files
    .filter((f) => /^[^/]+\/manifest\.json$/.test(f))
    .map((f) => f.slice(0, -'/manifest.json'.length))
    .sort();
}
