import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdBy, createTestApp, registerUser, sendAs, type TestApp } from '../../../tests/setup/test-app';
import { scratch } from '../../../tests/setup/backup-fixtures';
import { startTestS3, TEST_BACKUP_BUCKET, type TestS3 } from '../../../tests/setup/s3-server';

/**
 * `npm run backup` and `npm run restore` as an operator types them, each a process of its own with
 * the settings `npm start` reads: a backup to an S3 prefix (BACKUP_DIR=s3://bucket/prefix), restored
 * from its S3 address, from its name alone (looked up in BACKUP_DIR) and from a folder.
 */

const run = promisify(execFile);
const cleanups: Array<() => Promise<void> | void> = [];
let t: TestApp;
let s3: TestS3;
let assetCode: string;

beforeAll(async () => {
  t = await createTestApp();
  cleanups.push(t.close);
  s3 = await startTestS3();
  cleanups.push(() => s3.close());
  const admin = await registerUser(t.app, { role: 'org_admin' });
  const site = await createdBy<{ id: string }>(sendAs(t.app, admin.cookie, 'POST', '/api/locations', { name: 'Harbour House', type: 'site' }));
  const asset = await createdBy<{ assetId: string }>(sendAs(t.app, admin.cookie, 'POST', '/api/assets', { locationId: site.id, type: 'hvac', condition: 'good' }));
  assetCode = asset.assetId;
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const { tempDir, freshDatabase } = scratch(cleanups);

/**
 * Runs `npm run <script> -- args` as `npm` would (node with tsx), in the project folder, with only
 * the settings given here: S3 reached for backups only (no S3_BUCKET, so files stay in DATA_DIR).
 */
async function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const { S3_BUCKET: _files, ...connection } = s3.env;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DATA_DIR|BACKUP_|S3_)/.test(k)));
  try {
    const out = await run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      cwd: process.cwd(),
      env: { ...clean, ...connection, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env },
      timeout: 120_000,
    });
    return { code: 0, output: out.stdout + out.stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const assetCodes = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ asset_id: string }>('SELECT asset_id FROM assets ORDER BY asset_id')).rows.map((r) => r.asset_id);
  } finally {
    await client.end();
  }
};

describe('npm run backup and npm run restore', () => {
  const BACKUP_DIR = `s3://${TEST_BACKUP_BUCKET}/nightly`;
  let name: string;

  it('npm run backup writes a backup to the S3 prefix BACKUP_DIR names', async () => {
    const result = await command('backup', [], { DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir, BACKUP_DIR });
    expect(result.code, result.output).toBe(0);
    const wrote = /wrote s3:\/\/test-backups\/nightly\/(\S+)/.exec(result.output);
    expect(wrote, result.output).not.toBeNull();
    name = wrote![1]!;
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{6}Z$/);
  });

  it('restores it from its S3 address into an empty database', async () => {
    const target = await freshDatabase();
    const result = await command('restore', [`${BACKUP_DIR}/${name}`], { DATABASE_URL: target.url, DATA_DIR: tempDir('ar-restore-s3-') });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`restoring s3://test-backups/nightly/${name} into`);
    expect(result.output).toMatch(/restored \d+ tables/);
    expect(await assetCodes(target.url)).toEqual([assetCode]);
  });

  it('finds a backup by its name alone in BACKUP_DIR (a dry run writes nothing)', async () => {
    const target = await freshDatabase();
    const result = await command('restore', [name, '--dry-run'], { DATABASE_URL: target.url, DATA_DIR: tempDir('ar-restore-name-'), BACKUP_DIR });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('dry run: the backup is whole and this database is empty');
    expect(result.output).toContain('Nothing was written.');
  });

  it('says what is wrong, and exits non-zero, for a name BACKUP_DIR does not hold and a folder that does not exist', async () => {
    const target = await freshDatabase();
    const env = { DATABASE_URL: target.url, DATA_DIR: tempDir('ar-restore-missing-'), BACKUP_DIR };
    const missing = await command('restore', ['2001-01-01T000000Z', '--dry-run'], env);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('restore refused');
    expect(missing.output).toContain('2001-01-01T000000Z');
    const noFolder = await command('restore', [path.join(os.tmpdir(), 'no-such-backup', '2001-01-01T000000Z')], env);
    expect(noFolder.code).toBe(2);
    expect(noFolder.output).toContain('does not exist');
  });

  it('backs up to a folder and restores from it, as before', async () => {
    const folder = tempDir('ar-backups-');
    const made = await command('backup', [], { DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir, BACKUP_DIR: folder });
    expect(made.code, made.output).toBe(0);
    const [backup] = fs.readdirSync(folder);
    const target = await freshDatabase();
    const result = await command('restore', [path.join(folder, backup!)], { DATABASE_URL: target.url, DATA_DIR: tempDir('ar-restore-folder-') });
    expect(result.code, result.output).toBe(0);
    expect(await assetCodes(target.url)).toEqual([assetCode]);
  });
});
