import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupNameFor } from '../../src/server/backup/create-backup';
import { BACKUP_FORMAT, type Manifest } from '../../src/server/backup/manifest';
import { createTestDatabase, type TestDatabase } from './test-app';

/**
 * A small complete backup's manifest, as if taken at `createdAt` (three asset rows and two files),
 * for tests of what reads manifests: the list of backups, the retention rule.
 */
export const manifestAt = (createdAt: Date): Manifest => ({
  format: BACKUP_FORMAT,
  app: { name: 'asset-register', version: '0.0.9' },
  name: backupNameFor(createdAt),
  createdAt: createdAt.toISOString(),
  durationMs: 900,
  database: { kind: 'embedded', postgresVersion: '18.0' },
  migrations: { count: 0, last: null },
  tables: [{ name: 'assets', file: 'database/assets.copy.gz', columns: ['id'], rows: 3, bytes: 10, sha256: 'a'.repeat(64), storedBytes: 40 }],
  sequences: [],
  objects: { file: 'objects.ndjson', sha256: '0'.repeat(64), count: 2, bytes: 1000, missing: [] },
});

/** Temporary folders and empty databases for a restore to go into, each removed by `cleanups`. */
export function scratch(cleanups: Array<() => Promise<void> | void>) {
  return {
    tempDir(prefix: string): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    async freshDatabase(): Promise<TestDatabase> {
      const db = await createTestDatabase();
      cleanups.push(() => db.drop());
      return db;
    },
  };
}
