import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './context';

/**
 * Hands the test files a database-name prefix unique to this run and a file for the figures; at the
 * end prints every figure together and drops any PostgreSQL-server database of this run a failed
 * test left behind.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const prefix = `ar_chaos_${crypto.randomBytes(3).toString('hex')}_`;
  const figuresDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-chaos-figures-'));
  const figuresFile = path.join(figuresDir, 'figures.txt');
  fs.writeFileSync(figuresFile, '');
  project.provide('chaosDatabasePrefix', prefix);
  project.provide('chaosFiguresFile', figuresFile);
  if (!process.env.TEST_DATABASE_URL) console.warn('Chaos tests on a PostgreSQL server skipped: set TEST_DATABASE_URL to run them');

  return async () => {
    const figures = fs.readFileSync(figuresFile, 'utf8').trim();
    if (figures) console.log(`\nReliability figures:\n${figures}\n`);
    fs.rmSync(figuresDir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE left(datname, length($1)) = $1', [prefix]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
