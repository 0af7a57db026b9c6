import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import './provided-context';

/** One embedded PostgreSQL for the whole api-embedded project; every test app gets its own database in it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-test-pg-'));
  // Running as root, the server runs as the "postgres" user, which must be able to enter the folder.
  fs.chmodSync(dataDir, 0o755);
  let embedded;
  try {
    embedded = await startEmbeddedPostgres({ dataDir });
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  project.provide('adminDatabaseUrl', embedded.url);
  project.provide('databaseKind', 'embedded');
  project.provide('testDatabasePrefix', `ar_test_${crypto.randomBytes(3).toString('hex')}_`);

  return async () => {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
