import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './provided-context';

/** The api-postgres project runs against the PostgreSQL server named by TEST_DATABASE_URL. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set; the api-postgres project needs it');

  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new Error(`Cannot reach TEST_DATABASE_URL (${redact(url)}): ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  } finally {
    await client.end().catch(() => {});
  }

  const prefix = `ar_test_${crypto.randomBytes(3).toString('hex')}_`;
  project.provide('adminDatabaseUrl', url);
  project.provide('databaseKind', 'server');
  project.provide('testDatabasePrefix', prefix);

  // Test apps drop their databases in close(); this catches those left by a failed or interrupted test.
  return async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1',
        [prefix],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
