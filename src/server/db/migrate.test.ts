import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from './client';
import { assertDurable, MIGRATIONS_DIR, runMigrations } from './migrate';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-app';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

let testDb: TestDatabase | undefined;
const pools: Database[] = [];
const connect = (url: string) => {
  const database = connectDatabase(url);
  pools.push(database);
  return database;
};

afterEach(async () => {
  for (const database of pools.splice(0)) await database.close();
  await testDb?.drop();
  testDb = undefined;
});

describe('runMigrations', () => {
  it('is safe when two processes migrate a fresh database at once', async () => {
    testDb = await createTestDatabase();
    const [a, b] = [connect(testDb.url), connect(testDb.url)];

    await expect(Promise.all([runMigrations(a), runMigrations(b)])).resolves.toBeDefined();

    const applied = await a.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const tables = await a.db.execute<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['login_failures', 'sessions', 'users']));
    const trgm = await a.db.execute(sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`);
    expect(trgm.rows).toHaveLength(1);

    // Running again is a no-op.
    await runMigrations(b);
    const again = await b.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    expect(again.rows[0]!.n).toBe(journal.entries.length);
  });
});

describe('assertDurable', () => {
  it('passes on a server with durable commits', async () => {
    testDb = await createTestDatabase();
    await expect(assertDurable(connect(testDb.url))).resolves.toBeUndefined();
  });

  it('refuses a database where synchronous_commit is off', async () => {
    testDb = await createTestDatabase();
    const setup = connect(testDb.url);
    await setup.pool.query(`ALTER DATABASE "${testDb.name}" SET synchronous_commit = off`);
    // The setting applies to new sessions, so check through a fresh pool.
    await expect(assertDurable(connect(testDb.url))).rejects.toThrow(/synchronous_commit=off/);
  });
});
