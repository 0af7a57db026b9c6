import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { assets, auditLog, imports } from '../../db/schema';
import { MALFORMED_WORKBOOK_MESSAGE, mergeValueSynonyms, type ImportTarget } from '../../../shared/domain/imports';
import { HttpError } from '../../http-errors';
import { importRunner } from './import-in-worker';
import { CommitRowError, LOCATIONS_CHANGED_MESSAGE } from './import-run';

/**
 * A large file's import runs in a worker thread (ADR 029): the same three steps, with the worker's
 * progress, answers and errors coming back as the routes know them, and its error workbook. Forced
 * here on small files.
 */

let t: TestApp;
let actorId: string;
let dir: string;
const runner = () => importRunner(t.db, { inWorker: true });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: { id: actorId } } = await registerUser(t.app, { role: 'org_admin' }));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-worker-test-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

function csvFile(lines: string[]): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('an import in a worker thread', () => {
  it('reads the sheets, dry runs with progress, and commits as the actor under the import’s name', async () => {
    const code = `W-${Math.random().toString(36).slice(2, 8)}`;
    const file = csvFile(['Asset No,Type,Make,Condition,Location', `${code}-1,HVAC,Daikin,Good,Worker Region ${code} / Site A`, `${code}-2,Other,Kone,Poor,Worker Region ${code} / Site A`]);
    const sheets = await runner().inspect(file, 'csv', undefined, () => {});
    expect(sheets).toMatchObject([{ name: 'CSV', headers: ['Asset No', 'Type', 'Make', 'Condition', 'Location'], rows: 2 }]);

    const targets = sheets[0]!.suggestedMapping as ImportTarget[];
    const input = { file, format: 'csv' as const, sheet: 'CSV', targets, synonyms: mergeValueSynonyms({}), fileName: 'w.csv', today: '2026-11-27' };
    const progress: number[] = [];
    const dry = await runner().dryRun({ ...input, onProgress: (n) => progress.push(n) });
    expect(dry.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0, inspections: 0, readings: 0 });
    expect(dry.newLocationCount).toBe(2);
    expect(progress.at(-1)).toBe(2);
    expect(await t.db.select().from(assets).where(eq(assets.clientAssetId, `${code}-1`))).toHaveLength(0);

    const [job] = await t.db.insert(imports).values({ fileName: 'w.csv', sha256: '0'.repeat(64), format: 'csv', sheets: [], createdBy: actorId }).returning();
    const done = await runner().commit({ ...input, onProgress: () => {} }, { actorId, importId: job!.id, approvedKey: dry.newLocationsKey });
    expect(done.counts.create).toBe(2);
    const created = await t.db.select().from(assets).where(eq(assets.clientAssetId, `${code}-2`));
    expect(created).toMatchObject([{ make: 'Kone', condition: 'poor', createdBy: actorId }]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created[0]!.id));
    expect(audit).toMatchObject([{ operation: 'create', actorId, importId: job!.id }]);
  });

  it('answers a commit refused half way with the row error, and keeps nothing', async () => {
    const code = `X-${Math.random().toString(36).slice(2, 8)}`;
    const file = csvFile(['Asset No,Type,Condition,Location', `${code}-1,HVAC,Good,Refused Region ${code}`]);
    const input = { file, format: 'csv' as const, sheet: 'CSV', targets: ['clientAssetId', 'type', 'condition', 'locationPath'] as ImportTarget[], synonyms: mergeValueSynonyms({}), fileName: 'x.csv', today: '2026-11-27', onProgress: () => {} };
    const [job] = await t.db.insert(imports).values({ fileName: 'x.csv', sha256: '0'.repeat(64), format: 'csv', sheets: [], createdBy: actorId }).returning();
    const refused = runner().commit(input, { actorId, importId: job!.id, approvedKey: 'not the approved tree' });
    await expect(refused).rejects.toBeInstanceOf(CommitRowError);
    await expect(refused).rejects.toThrow(LOCATIONS_CHANGED_MESSAGE);
    expect(await t.db.select().from(assets).where(eq(assets.clientAssetId, `${code}-1`))).toHaveLength(0);
  });

  it('answers a workbook it cannot read with the 400 the upload gives, after reading it a second time', async () => {
    const file = path.join(dir, 'broken.xlsx');
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2048, 7)]));
    const retried: unknown[] = [];
    const read = runner().inspect(file, 'xlsx', undefined, (cause) => retried.push(cause));
    await expect(read).rejects.toBeInstanceOf(HttpError);
    await expect(read).rejects.toMatchObject({ statusCode: 400, message: MALFORMED_WORKBOOK_MESSAGE });
    expect(retried).toHaveLength(1);
  });

  it('writes the error workbook: every row as read, with its errors beside it', async () => {
    const file = csvFile(['Asset No,Condition', 'E-1,Good', 'E-2,Sparkly']);
    const errorsFile = path.join(dir, 'errors.json');
    fs.writeFileSync(errorsFile, JSON.stringify([{ row: 3, column: 'Condition', message: '"Sparkly" is not one of the conditions' }]));
    const target = path.join(dir, 'errors.xlsx');
    await runner().errorWorkbook(target, { file, format: 'csv', sheet: 'CSV' }, errorsFile);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(target);
    const rows = book.worksheets[0]!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Asset No', 'Condition', 'errors'],
      ['E-1', 'Good'],
      ['E-2', 'Sparkly', 'Condition: "Sparkly" is not one of the conditions'],
    ]);
  });
});
