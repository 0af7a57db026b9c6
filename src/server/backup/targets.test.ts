import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../../../tests/setup/s3-server';
import { createS3Client } from '../storage/s3-storage';
import { localFolderTarget } from './local-folder-target';
import { s3Target } from './s3-target';
import { BackupFileMissing, listBackups, type BackupTarget } from './target';

/** Both targets behave the same: what the engine writes reads back, lists, and deletes as a whole backup. */

let s3: TestS3;
const roots: string[] = [];

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

const targets: Array<[string, () => BackupTarget]> = [
  [
    'a local folder',
    () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-target-'));
      roots.push(root);
      return localFolderTarget(root);
    },
  ],
  [
    'an S3 prefix',
    () =>
      s3Target(
        createS3Client({ bucket: TEST_BUCKET, region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }),
        TEST_BUCKET,
        `backups-${Math.random().toString(36).slice(2)}`,
      ),
  ],
];

describe.each(targets)('a backup target in %s', (_name, make) => {
  it('writes streams, buffers and text whole, reads them back, lists backups by manifest and deletes one backup', async () => {
    const target = make();
    expect(await target.write('2026-01-01T000000Z/database/a.copy.gz', Readable.from([Buffer.from('one'), Buffer.from('two')]))).toBe(6);
    expect(await target.write('2026-01-01T000000Z/objects/uploads/x', Buffer.from('photo'))).toBe(5);
    await target.write('2026-01-01T000000Z/manifest.json', '{}');
    await target.write('2026-01-02T000000Z/database/a.copy.gz', 'partial backup: no manifest');
    expect(await text(await target.read('2026-01-01T000000Z/database/a.copy.gz'))).toBe('onetwo');
    expect((await target.list('2026-01-01T000000Z/')).sort()).toEqual([
      '2026-01-01T000000Z/database/a.copy.gz',
      '2026-01-01T000000Z/manifest.json',
      '2026-01-01T000000Z/objects/uploads/x',
    ]);
    expect(await listBackups(target)).toEqual(['2026-01-01T000000Z']);
    await target.delete('2026-01-01T000000Z/');
    expect(await target.list('2026-01-01T000000Z/')).toEqual([]);
    expect(await target.list('')).toEqual(['2026-01-02T000000Z/database/a.copy.gz']);
    await expect(target.read('2026-01-01T000000Z/manifest.json')).rejects.toThrow(BackupFileMissing);
    await expect(target.write('../escape', 'x')).rejects.toThrow(/invalid path/);
  });

  it('names the folders at its top, complete or not, in order', async () => {
    const target = make();
    expect(await target.folders()).toEqual([]);
    // Each with a file directly inside: s3rver (the test's S3) finds a folder only from such a key,
    // where S3 itself also finds one holding only deeper files.
    await target.write('2026-01-03T000000Z/objects.ndjson', '');
    await target.write('2026-01-03T000000Z/manifest.json', '{}');
    await target.write('2026-01-01T000000Z/objects.ndjson', '');
    await target.write('2026-01-01T000000Z/objects/uploads/x', 'photo');
    expect(await target.folders()).toEqual(['2026-01-01T000000Z', '2026-01-03T000000Z']);
    await target.delete('2026-01-01T000000Z/');
    expect(await target.folders()).toEqual(['2026-01-03T000000Z']);
  });
});
