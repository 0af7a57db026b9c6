import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { readDatabaseCode, replaceFunctions, replaceTriggers } from './database-code';
import { seedReferenceData } from './reference-data';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

// Any constant works; it only has to be the same in every process of this app.
const MIGRATION_LOCK_KEY = 7_301_955_204;

/**
 * Brings the database to this build's schema: its functions, pending migrations, then its triggers
 * (database-code.ts says why in that order). An advisory lock makes it safe when several app
 * processes start at once against one database: the second waits, then finds nothing to change.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const code = readDatabaseCode();
      await replaceFunctions(client, code);
      await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
      await replaceTriggers(client, code);
      await seedReferenceData(database);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Refuses to run on a server that can lose acknowledged writes. A 2xx from this app means the
 * row is on disk.
 */
export async function assertDurable(database: Database): Promise<void> {
  const settings = ['fsync', 'synchronous_commit', 'full_page_writes'] as const;
  for (const name of settings) {
    const result = await database.db.execute<{ value: string }>(sql`SELECT current_setting(${name}) AS value`);
    const value = result.rows[0]?.value;
    if (value === 'off') {
      throw new Error(`PostgreSQL has ${name}=off; this app refuses to run without durable commits. Turn ${name} on.`);
    }
  }
}
