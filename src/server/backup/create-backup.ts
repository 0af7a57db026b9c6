import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import type { ObjectStorage } from '../storage';
import { APP } from './app-version';
import { backedUpTables, columnList, quoteIdent, sequencePositions } from './catalog';
import { Measure } from './checksum';
import {
  BACKUP_FORMAT,
  MANIFEST_FILE,
  OBJECTS_FILE,
  objectFile,
  tableFile,
  type Manifest,
  type MissingObject,
  type TableEntry,
} from './manifest';
import { databaseMigrationLevel } from './migration-level';
import { objectKeysQuery } from './object-keys';
import { closeBackupSession, openBackupSession } from './session';
import type { BackupTarget } from './target';

export interface BackupOptions {
  /** A role that may read every table: the tables' owner (the URL the app was given). */
  databaseUrl: string;
  databaseKind: 'embedded' | 'server';
  /** The app's object storage, where the photos, certificates and exports are. */
  storage: ObjectStorage;
  /** Where the backup goes; it is written under `<name>/`. */
  target: BackupTarget;
  /** Default: the UTC time, e.g. 2026-11-27T021500Z (with -2, -3… if that exists). */
  name?: string;
  now?: () => Date;
  log?: (message: string) => void;
  /**
   * Called once the backup holds the lock and has its name, before anything is written (the
   * scheduler records its run here, so a backup refused with BackupBusy leaves no record). A
   * rejection stops the backup.
   */
  onStart?: (name: string) => Promise<void> | void;
  /**
   * Stops the backup (the app is shutting down): its connection is closed, what it wrote is deleted,
   * and it rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

export interface BackupResult {
  name: string;
  /** Where it is, for people: the target's location and the name. */
  location: string;
  manifest: Manifest;
  /** Bytes the backup takes in its target (compressed tables, objects, lists). */
  storedBytes: number;
}

/** 2026-11-27T02:15:00.123Z → 2026-11-27T021500Z: sorts by time, safe in any file system. */
export const backupNameFor = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '');

/**
 * Takes a backup while the app runs: every table's rows from one REPEATABLE READ READ ONLY
 * transaction (one consistent snapshot that blocks no writer), each streamed with COPY into a gzip
 * file, the keys of every object those rows name (read in the same snapshot), then the objects, then
 * the manifest, last, which marks the backup complete. A failure removes what was written.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const started = now();
  const { target, storage } = options;
  const { signal } = options;
  signal?.throwIfAborted();
  const client = await openBackupSession(options.databaseUrl, 'backup');
  // Ending the connection fails the statement in flight; the object copy checks the signal itself.
  const stop = () => void client.end().catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'ar-backup-'));
  let name: string | undefined;
  try {
    signal?.throwIfAborted();
    const chosen = await freeName(target, options.name ?? backupNameFor(started));
    await options.onStart?.(chosen);
    name = chosen;
    const at = (file: string) => `${name}/${file}`;
    let storedBytes = 0;

    // ── The snapshot: rows, sequences, object keys ──
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
    const migrations = await databaseMigrationLevel(client);
    const tables: TableEntry[] = [];
    for (const table of await backedUpTables(client)) {
      const file = tableFile(table.name);
      const copy = client.query(copyTo(`COPY ${quoteIdent(table.name)} (${columnList(table.columns)}) TO STDOUT`));
      const measure = new Measure();
      const gzip = zlib.createGzip({ level: 6 });
      const [, written] = await Promise.all([pipeline(copy, measure, gzip), target.write(at(file), gzip)]);
      storedBytes += written;
      tables.push({ name: table.name, file, columns: table.columns, rows: measure.lines, bytes: measure.bytes, sha256: measure.sha256, storedBytes: written });
      log(`  ${table.name}: ${measure.lines} rows`);
    }
    const sequences = await sequencePositions(client);
    const keysFile = path.join(work, 'keys.tsv');
    await pipeline(client.query(copyTo(`COPY (${objectKeysQuery()}) TO STDOUT`)), fs.createWriteStream(keysFile));
    await client.query('COMMIT');

    // ── The objects, copied after the snapshot is released (they never change once stored) ──
    const objects = await copyObjects(storage, target, name, keysFile, path.join(work, OBJECTS_FILE), log, signal);
    storedBytes += objects.bytes;
    const listed = new Measure();
    const [, listBytes] = await Promise.all([pipeline(fs.createReadStream(path.join(work, OBJECTS_FILE)), listed), target.write(at(OBJECTS_FILE), listed)]);
    storedBytes += listBytes;

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: { name: APP.name, version: APP.version },
      name,
      createdAt: started.toISOString(),
      durationMs: Math.max(0, now().getTime() - started.getTime()),
      database: { kind: options.databaseKind, postgresVersion: version[0]!.server_version },
      migrations,
      tables,
      sequences,
      objects: { file: OBJECTS_FILE, sha256: listed.sha256, count: objects.count, bytes: objects.bytes, missing: objects.missing },
    };
    signal?.throwIfAborted();
    storedBytes += await target.write(at(MANIFEST_FILE), JSON.stringify(manifest, null, 2) + '\n');
    return { name, location: `${target.location}/${name}`, manifest, storedBytes };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    if (name) await target.delete(`${name}/`).catch(() => {});
    if (signal?.aborted) throw signal.reason;
    throw err;
  } finally {
    signal?.removeEventListener('abort', stop);
    await closeBackupSession(client);
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** The name, or the name with -2, -3… when a backup (even an unfinished one) already has it. */
async function freeName(target: BackupTarget, wanted: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? wanted : `${wanted}-${n}`;
    if ((await target.list(`${name}/`)).length === 0) return name;
  }
}

/**
 * Copies each object the snapshot named from the app's storage into the backup, one at a time (a
 * backup must not take the storage's bandwidth from the users), recording its size and SHA-256 in
 * the objects list. An object storage lacks is listed as missing: a warning, not a failure.
 */
async function copyObjects(
  storage: ObjectStorage,
  target: BackupTarget,
  name: string,
  keysFile: string,
  listFile: string,
  log: (message: string) => void,
  signal: AbortSignal | undefined,
): Promise<{ count: number; bytes: number; missing: MissingObject[] }> {
  const list = fs.createWriteStream(listFile);
  const missing: MissingObject[] = [];
  let count = 0;
  let bytes = 0;
  try {
    // COPY text: key, table, column separated by tabs (keys are server-chosen: no tabs or backslashes).
    for await (const line of readline.createInterface({ input: fs.createReadStream(keysFile), crlfDelay: Infinity })) {
      if (!line) continue;
      signal?.throwIfAborted();
      const [key, table, column] = line.split('\t') as [string, string, string];
      const info = await storage.head(key);
      if (!info) {
        missing.push({ key, table, column });
        log(`  missing from storage: ${key} (${table}.${column})`);
        continue;
      }
      const measure = new Measure();
      const body = await storage.read(key);
      await Promise.all([pipeline(body, measure), target.write(`${name}/${objectFile(key)}`, measure)]);
      count += 1;
      bytes += measure.bytes;
      if (!list.write(JSON.stringify({ key, size: measure.bytes, sha256: measure.sha256, contentType: info.contentType }) + '\n')) {
        await new Promise<void>((resolve) => list.once('drain', () => resolve()));
      }
    }
  } finally {
    await new Promise<void>((resolve, reject) => list.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
  return { count, bytes, missing };
}
