import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../app-context';
import { HttpError } from '../../http-errors';
import { EXPORT_QUEUE_FULL_RETRY_AFTER_SECONDS, EXPORT_TIME_LIMIT_MS, EXPORT_TOO_LONG_MESSAGE, type ExportFormat, type ReportType } from '../../../shared/domain/reports';
import type { ExportQueue } from './export-queue';
import type { WorkerAnswer } from './export-worker';
import type { ReportJob } from './write-report-file';
import { REPORTS } from './report-definitions';
import { reportSpec } from './report-definition';
import { filenameSlug } from './filename-slug';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** e.g. "asset_register-leeds-depot-2026-11-22.xlsx" */
export function exportFilename(reportType: ReportType, locationName: string | null, format: ExportFormat, now: Date): string {
  const scope = locationName ? filenameSlug(locationName) : 'all';
  return `${reportType}-${scope}-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * Writes one report in a worker thread. Generating 100,000 rows of xlsx takes seconds of CPU: on the
 * main thread it held every other request up for a noticeable time, and its garbage stayed in the
 * main heap afterwards. A worker has its own event loop and heap, and the heap is returned when it ends.
 */
function writeInWorker(job: ReportJob, databaseUrl: string, timeLimitMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./export-worker-entry.mjs', import.meta.url), {
      workerData: { ...job, databaseUrl },
      // A small young generation: the export's garbage is short-lived, and at V8's default size the
      // worker alone raised the process's peak memory by a sixth (docs/performance.md, "Exports").
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    let answered = false;
    // A runaway export would hold its slot for good: past the limit the thread is ended (its
    // database connection with it) and the slot goes to the next export.
    const timer = setTimeout(() => {
      answered = true;
      void worker.terminate();
      reject(new HttpError(503, EXPORT_TOO_LONG_MESSAGE, undefined, { 'retry-after': String(EXPORT_QUEUE_FULL_RETRY_AFTER_SECONDS) }));
    }, timeLimitMs);
    worker.once('message', (answer: WorkerAnswer) => {
      answered = true;
      clearTimeout(timer);
      if (answer.error) reject(Object.assign(new Error(answer.error.message), answer.error.code ? { code: answer.error.code } : {}));
      else resolve(answer.rowCount ?? 0);
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (!answered) reject(new Error(`the export worker ended (exit code ${code}) before it answered`));
    });
  });
}

/**
 * Writes the report to a temporary file in a worker (when the queue gives it a turn), stores it, and
 * removes the temporary file.
 */
export async function generateReport(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  queue: ExportQueue,
  options: { reportType: ReportType; format: ExportFormat; scope: string[] | null; today: string; timeLimitMs?: number },
): Promise<{ objectKey: string; size: number; rowCount: number }> {
  const databaseUrl = ctx.db.$client.options.connectionString;
  if (!databaseUrl) throw new Error('generateReport: the pool has no connection string for the export worker');
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'asset-register-export-'));
  const { timeLimitMs = EXPORT_TIME_LIMIT_MS, format } = options;
  const file = path.join(dir, `report.${format}`);
  // The worker gets the report as data (its SQL, columns and labels), so it loads none of the register's code.
  const report = reportSpec(REPORTS[options.reportType], options.scope, options.today);
  try {
    const rowCount = await queue.run(() => writeInWorker({ report, format, file }, databaseUrl, timeLimitMs));
    const objectKey = `exports/${crypto.randomUUID()}.${format}`;
    const { size } = await ctx.storage.putFile(objectKey, file, CONTENT_TYPES[format]);
    return { objectKey, size, rowCount };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
