import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { ImportFormat } from '../../../shared/domain/imports';
import type { Db } from '../../db/client';
import { badRequest, HttpError } from '../../http-errors';
import { readRowErrors, writeErrorWorkbook } from './error-workbook';
import { commitImport, CommitRowError, dryRunImport, type RunInput, type RunResult } from './import-run';
import { inspectSpreadsheet, type CsvEncoding, type SheetSummary } from './sheet-reader';

/**
 * Where an import's reading, dry run and commit run (ADR 029). A large file's run in a worker
 * thread: reading and checking 50,000 rows takes seconds of CPU, which on the main thread held up
 * every other request, and the garbage it made grew the main heap by hundreds of MB that V8 then
 * kept. The worker has its own event loop and a capped heap (collected harder as it nears the cap),
 * returned when it ends. A small file's run where the request is: a worker takes a quarter of a
 * second to start, longer than reading a few hundred rows.
 */
export const IMPORT_WORKER_MIN_BYTES = 512 * 1024;
/**
 * The worker's old generation: room for a 100,000-row file whose every row is in error (its error
 * list is the largest thing an import keeps), and a cap that keeps a clean file's garbage collected.
 */
export const IMPORT_WORKER_HEAP_MB = 160;
/**
 * The young generation, small as the export worker's: more of the reader's short-lived garbage is
 * promoted, so a 50,000-row dry run takes about half as long again as at 32 MB (15 s, within its
 * 60 s), for some 50 MB less memory at its peak (the limit is on memory, with time to spare).
 */
const IMPORT_WORKER_YOUNG_MB = 8;

export const IMPORT_OUT_OF_MEMORY_MESSAGE = 'This file needs more memory than an import may use: split it into smaller files and import them one after another.';

type TaskInput = Omit<RunInput, 'onProgress'>;
type CommitJob = { actorId: string; importId: string; approvedKey: string | null };

export type ImportTask =
  | { kind: 'inspect'; file: string; format: ImportFormat; encoding?: CsvEncoding }
  | { kind: 'dry-run'; databaseUrl: string; input: TaskInput }
  | { kind: 'commit'; databaseUrl: string; input: TaskInput; job: CommitJob }
  | { kind: 'error-workbook'; target: string; source: ErrorWorkbookSource; errorsFile: string | undefined };

type ErrorWorkbookSource = { file: string; format: ImportFormat; sheet: string };

export type WorkerMessage =
  | { progress: number }
  | { retried: string }
  | { answer: unknown }
  | { error: { message: string; status?: number; errors?: Record<string, string>; rowError?: boolean; stack?: string } };

/** The worker's error as the one it was: the routes answer or record each as they always have. */
function errorOf(error: Extract<WorkerMessage, { error: unknown }>['error']): Error {
  if (error.status !== undefined) return new HttpError(error.status, error.message, error.errors);
  if (error.rowError) return new CommitRowError(error.message);
  return Object.assign(new Error(error.message), { stack: error.stack });
}

function inWorker<T>(task: ImportTask, on: { progress?: (rowsDone: number) => void; retried?: (cause: string) => void } = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import-worker-entry.mjs', import.meta.url), {
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: IMPORT_WORKER_HEAP_MB, maxYoungGenerationSizeMb: IMPORT_WORKER_YOUNG_MB },
    });
    let settled = false;
    worker.on('message', (message: WorkerMessage) => {
      if ('progress' in message) on.progress?.(message.progress);
      else if ('retried' in message) on.retried?.(message.retried);
      else {
        settled = true;
        if ('answer' in message) resolve(message.answer as T);
        else reject(errorOf(message.error));
      }
    });
    worker.once('error', (err: Error & { code?: string }) => {
      settled = true;
      reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(IMPORT_OUT_OF_MEMORY_MESSAGE) : err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the import worker ended (exit code ${code}) before it answered`));
    });
  });
}

const isLarge = (file: string) => fs.statSync(file).size >= IMPORT_WORKER_MIN_BYTES;

/** An import's steps and its error workbook, each in a worker when the file is large (`inWorker` forces it, for tests). */
export function importRunner(db: Db, options: { inWorker?: boolean } = {}) {
  const worker = (file: string) => options.inWorker ?? isLarge(file);
  /** The worker connects on its own, as the app does. */
  const databaseUrl = () => {
    const url = db.$client.options.connectionString;
    if (!url) throw new Error('importRunner: the pool has no connection string for the import worker');
    return url;
  };
  return {
    /** Each sheet's headers, rows and first rows (sheet-reader's inspectSpreadsheet). */
    inspect(file: string, format: ImportFormat, encoding: CsvEncoding | undefined, onRetry: (cause: unknown) => void): Promise<SheetSummary[]> {
      if (!worker(file)) return inspectSpreadsheet(file, format, encoding, onRetry);
      return inWorker({ kind: 'inspect', file, format, ...(encoding && { encoding }) }, { retried: onRetry });
    },

    dryRun(input: RunInput): Promise<RunResult> {
      if (!worker(input.file)) return dryRunImport(db, input);
      const { onProgress, ...data } = input;
      return inWorker({ kind: 'dry-run', databaseUrl: databaseUrl(), input: data }, { progress: onProgress });
    },

    commit(input: RunInput, job: CommitJob): Promise<RunResult> {
      if (!worker(input.file)) return commitImport(db, input, job);
      const { onProgress, ...data } = input;
      return inWorker({ kind: 'commit', databaseUrl: databaseUrl(), input: data, job }, { progress: onProgress });
    },

    /** Writes the error workbook of `source` to `target`, with the row errors kept in `errorsFile`. */
    errorWorkbook(target: string, source: ErrorWorkbookSource, errorsFile: string | undefined): Promise<void> {
      if (!worker(source.file)) return writeErrorWorkbook(target, source, readRowErrors(errorsFile));
      return inWorker({ kind: 'error-workbook', target, source, errorsFile });
    },
  };
}
