import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../db/migrate';
import type { MigrationLevel } from './manifest';

/**
 * The schema of a backup is not in it: it is the migrations', up to the level the manifest records.
 * drizzle's migrator keeps one row per applied migration in drizzle.__drizzle_migrations (the SHA-256
 * of the migration's SQL and its journal time, `created_at`) and applies the journal's entries newer
 * than the last row. Here: read a database's level, check this app knows a backup's level, and
 * build a migrations folder that stops at a level (the journal cut short), for the restore.
 */

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
interface Journal {
  entries: JournalEntry[];
  [other: string]: unknown;
}

function readJournal(dir = MIGRATIONS_DIR): Journal {
  return JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** This app's migrations in order: tag, journal time and hash, as the migrator records them. */
export function knownMigrations(dir = MIGRATIONS_DIR): Array<{ tag: string; createdAt: number; hash: string }> {
  const journal = readJournal(dir);
  const files = readMigrationFiles({ migrationsFolder: dir });
  return journal.entries.map((entry, i) => ({ tag: entry.tag, createdAt: entry.when, hash: files[i]!.hash }));
}

/** The level of a database: none applied when drizzle's table does not exist yet. */
export async function databaseMigrationLevel(client: pg.ClientBase): Promise<MigrationLevel> {
  const { rows: exists } = await client.query<{ found: boolean }>(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`);
  if (!exists[0]!.found) return { count: 0, last: null };
  const { rows } = await client.query<{ count: string; hash: string | null; created_at: string | null }>(`
    SELECT (SELECT count(*) FROM drizzle.__drizzle_migrations)::text AS count, hash, created_at::text
    FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1
    ) last ON true`);
  const row = rows[0]!;
  if (row.hash === null || row.created_at === null) return { count: 0, last: null };
  const createdAt = Number(row.created_at);
  const tag = knownMigrations().find((m) => m.createdAt === createdAt)?.tag ?? 'unknown to this app';
  return { count: Number(row.count), last: { tag, hash: row.hash, createdAt } };
}

/** Why this app cannot rebuild a level's schema, or null when it can. */
export function unknownLevelReason(level: MigrationLevel): string | null {
  if (level.count === 0 || level.last === null) return null;
  const known = knownMigrations();
  const mine = known[level.count - 1];
  if (!mine || mine.createdAt !== level.last.createdAt || mine.hash !== level.last.hash) {
    return (
      `the backup's database was at migration ${level.count} (${level.last.tag}), which this app does not have ` +
      `(it knows ${known.length}, the last ${known.at(-1)?.tag ?? 'none'}). Restore it with the app version that made it ` +
      `(or a newer one), then upgrade.`
    );
  }
  return null;
}

/**
 * A copy of the migrations folder whose journal stops after `count` entries, for the migrator;
 * remove it with the returned function.
 */
export async function migrationsUpTo(count: number): Promise<{ folder: string; remove(): Promise<void> }> {
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), 'ar-restore-migrations-'));
  const journal = readJournal();
  const entries = journal.entries.slice(0, count);
  await fsp.mkdir(path.join(folder, 'meta'));
  for (const entry of entries) await fsp.copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await fsp.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, remove: () => fsp.rm(folder, { recursive: true, force: true }) };
}
