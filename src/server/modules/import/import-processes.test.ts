import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../../../../tests/setup/s3-server';
import { assets, imports } from '../../db/schema';
import type { ImportJob } from '../../../shared/contract/imports';

/**
 * An import's steps on different app processes (README, Scaling): the file is kept in the object
 * storage, so a process that did not receive it (another machine, its own disk) runs the dry run,
 * the commit and the error workbook; a day after the upload the stored files are removed.
 */

let s3: TestS3;
let t: TestApp;
let other: FastifyInstance & { close(): Promise<void> };
let cookie: string;

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ env: s3.env });
  other = await t.spawnProcess({ ownDataDir: true });
  ({ cookie } = await registerUser(t.app, { role: 'asset_manager' }));
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await s3?.close();
});

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Assets');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function settled(app: FastifyInstance, id: string): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const job = (await app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: { cookie } })).json<ImportJob>();
    if (job.status !== 'dry_running' && job.status !== 'committing') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

const post = (app: FastifyInstance, url: string, body: unknown) =>
  app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

const stored = async (key: string) => {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    await client.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: key }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
};

describe('an import across app processes', () => {
  it('is dry run and committed by a process that did not receive the file, and its error workbook comes from either', async () => {
    const code = `P-${Math.random().toString(36).slice(2, 7)}`;
    const region = `Process Region ${code}`;
    const body = await workbook([
      ['Asset No', 'Type', 'Condition', 'Location'],
      [`${code}-1`, 'HVAC', 'Good', `${region} / Site A`],
      [`${code}-2`, 'PC', 'Sparkly', `${region} / Site A`],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/imports?name=register.xlsx', headers: { cookie, 'content-type': 'application/octet-stream' }, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json<ImportJob>();
    expect(await stored(`imports/${job.id}.xlsx`)).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, 'imports', `${job.id}.xlsx`))).toBe(true);

    // The other process has never seen the file: it fetches it from the storage.
    const mapping = job.sheets[0]!.suggestedMapping;
    expect((await post(other, `/api/imports/${job.id}/dry-run`, { sheet: 'Assets', mapping })).statusCode).toBe(202);
    const dry = await settled(other, job.id);
    expect(dry.counts).toMatchObject({ create: 1, error: 1 });

    // The row errors it found reach the first process's error workbook.
    const errors = await t.app.inject({ method: 'GET', url: `/api/imports/${job.id}/errors.xlsx`, headers: { cookie } });
    expect(errors.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(errors.rawPayload as unknown as ArrayBuffer);
    expect(String(book.worksheets[0]!.getCell('E3').value)).toContain('"Sparkly" is not one of');

    // Fixed, uploaded to the other process, and committed by the first.
    const fixed = await workbook([
      ['Asset No', 'Type', 'Condition', 'Location'],
      [`${code}-1`, 'HVAC', 'Good', `${region} / Site A`],
      [`${code}-2`, 'PC', 'Poor', `${region} / Site A`],
    ]);
    const second = (
      await other.inject({ method: 'POST', url: '/api/imports?name=fixed.xlsx', headers: { cookie, 'content-type': 'application/octet-stream' }, payload: fixed })
    ).json<ImportJob>();
    expect((await post(t.app, `/api/imports/${second.id}/dry-run`, { sheet: 'Assets', mapping })).statusCode).toBe(202);
    expect((await settled(t.app, second.id)).counts).toMatchObject({ create: 2, error: 0 });
    expect((await post(t.app, `/api/imports/${second.id}/commit`, { approveNewLocations: true })).statusCode).toBe(202);
    expect((await settled(t.app, second.id)).status).toBe('committed');
    expect(await t.db.select().from(assets).where(eq(assets.clientAssetId, `${code}-2`))).toMatchObject([{ condition: 'poor' }]);
  });

  it('removes a job’s stored files a day after its upload, and then answers that the file is gone', async () => {
    const body = await workbook([['Asset No', 'Type'], ['OLD-1', 'HVAC']]);
    const res = await t.app.inject({ method: 'POST', url: '/api/imports?name=old.xlsx', headers: { cookie, 'content-type': 'application/octet-stream' }, payload: body });
    const old = res.json<ImportJob>();
    expect(await stored(`imports/${old.id}.xlsx`)).toBe(true);

    t.clock.advance(25 * 60 * 60 * 1000);
    // A day later (signed in again: sessions end when idle), the next upload sweeps.
    ({ cookie } = await registerUser(t.app, { role: 'asset_manager' }));
    const next = await t.app.inject({ method: 'POST', url: '/api/imports?name=new.xlsx', headers: { cookie, 'content-type': 'application/octet-stream' }, payload: body });
    expect(next.statusCode, next.body).toBe(201);
    await expect.poll(async () => (await t.db.select({ at: imports.filesRemovedAt }).from(imports).where(eq(imports.id, old.id)))[0]!.at).not.toBeNull();
    expect(await stored(`imports/${old.id}.xlsx`)).toBe(false);
    const refused = await post(other, `/api/imports/${old.id}/dry-run`, { sheet: 'Assets', mapping: ['clientAssetId', 'type'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('The uploaded file has been removed (files are kept a day): upload it again.');
  });
});
