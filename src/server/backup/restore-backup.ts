import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database, Db } from '../db/client';
import { replaceFunctions } from '../db/database-code';
import { runMigrations } from '../db/migrate';
import { prepareAppRole } from '../db/app-role';
import * as schema from '../db/schema';
import type { ObjectStorage } from '../storage';
import { Measure } from './checksum';
import { objectFile, type Manifest } from './manifest';
import { loadTables, refuseUnsuitableTarget, targetDatabaseState, type TargetDatabaseState } from './load-database';
import { migrationsUpTo } from './migration-level';
import { closeBackupSession, openBackupSession } from './session';
import type { BackupTarget } from './target';
import { objectEntries, readManifest, RestoreRefused, verifyBackup } from './verify-backup';

export interface RestoreOptions {
  /** The database to restore into, as a role that owns it and may set session_replication_role (a superuser). */
  databaseUrl: string;
  /** The app's object storage, which receives the backup's objects. */
  storage: ObjectStorage;
  /** Where the backup is, and its name (folder) there. */
  target: BackupTarget;
  name: string;
  /** Check everything and say what would be done; write nothing. */
  dryRun?: boolean;
  /** The app's secret (SESSION_SECRET): with it, the app's own role is prepared as at start-up. */
  secret?: string;
  log?: (message: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  dryRun: boolean;
  /** The target database as found (a dry run reports it; a restore refused it or went ahead). */
  before: TargetDatabaseState;
  tables: number;
  rows: number;
  objects: number;
  objectBytes: number;
}

/**
 * Restores a backup into an empty database and the app's storage:
 * 1. reads the manifest and refuses what this app cannot restore (newer version or migrations);
 * 2. checks every file against its checksum (a damaged backup changes nothing);
 * 3. refuses a database that holds records, or is migrated past the backup;
 * 4. builds the schema by the migrations up to the backup's level, and loads every table in one
 *    transaction (triggers off), checking each table's rows and setting the sequences;
 * 5. brings the database to this app's level as a start does (later migrations, functions,
 *    triggers, the app role's grants);
 * 6. copies the objects into storage, each checked against its checksum.
 * A dry run stops after step 3 and writes nothing.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  const { target, name, storage } = options;
  const manifest = await readManifest(target, name);
  log(`backup ${name}: made ${manifest.createdAt} by ${manifest.app.name} ${manifest.app.version}, migration ${manifest.migrations.count}`);
  await verifyBackup(target, name, manifest, log);

  const client = await openBackupSession(options.databaseUrl, 'restore');
  const where = describeDatabase(options.databaseUrl);
  let before: TargetDatabaseState;
  try {
    before = await targetDatabaseState(client);
    refuseUnsuitableTarget(before, manifest, where);
  } catch (err) {
    await closeBackupSession(client);
    throw err;
  }
  const result: RestoreResult = {
    manifest,
    dryRun: Boolean(options.dryRun),
    before,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    objects: manifest.objects.count,
    objectBytes: manifest.objects.bytes,
  };
  if (options.dryRun) {
    await closeBackupSession(client);
    return result;
  }

  const database = ownerDatabase(options.databaseUrl);
  try {
    // The schema of the backup's level: functions first (migrations may use them), as a start does.
    if (before.level.count < manifest.migrations.count) {
      const upTo = await migrationsUpTo(manifest.migrations.count);
      try {
        await replaceFunctions(client);
        await migrate(database.db, { migrationsFolder: upTo.folder });
      } finally {
        await upTo.remove();
      }
      log(`built the schema up to migration ${manifest.migrations.count} (${manifest.migrations.last?.tag ?? 'none'})`);
    }
    await loadTables(client, target, name, manifest, log);
    // What a start does: later migrations, the current functions and triggers, the app role.
    await runMigrations(database);
    if (options.secret) await prepareAppRole(database.pool, options.databaseUrl, options.secret);
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw new Error(
      `The restore into ${where} failed: ${(err as Error).message}. The rows are loaded in one transaction, so either all of them are in or none; ` +
        'if none are, run the restore again (the database still counts as empty).',
      { cause: err },
    );
  } finally {
    await closeBackupSession(client);
    await database.close();
  }

  let copied = 0;
  for await (const entry of objectEntries(target, name, manifest)) {
    const measure = new Measure();
    const source = await target.read(`${name}/${objectFile(entry.key)}`);
    source.on('error', (err) => measure.destroy(err));
    await storage.putStream(entry.key, source.pipe(measure), entry.contentType, entry.size);
    if (measure.sha256 !== entry.sha256) {
      await storage.delete(entry.key).catch(() => {});
      throw new RestoreRefused(`${objectFile(entry.key)} changed while it was being restored; the database is restored, the objects from it on are not. Run the restore again into a new database.`);
    }
    copied += 1;
  }
  log(`copied ${copied} objects into storage`);
  return result;
}

/** The restore's own pool as the owner, without the app pool's 10 s statement limit (migrations on a large register take longer). */
function ownerDatabase(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'asset-register-restore' });
  pool.on('error', () => {});
  const db = Object.assign(drizzle(pool, { schema }), { $search: pool }) as Db;
  return { db, pool, searchConnections: 0, close: () => pool.end() };
}

/** The database for messages, without its password. */
function describeDatabase(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}
