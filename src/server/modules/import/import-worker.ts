import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../http-errors';
import type { ImportTask, WorkerMessage } from './import-in-worker';

/**
 * The body of an import worker thread (started through import-worker-entry.mjs): reads the file,
 * writes its error workbook, or dry runs or commits it over a database connection of its own,
 * posting its progress and then its answer or its error.
 */
const task = workerData as ImportTask;
const post = (message: WorkerMessage) => parentPort!.postMessage(message);

// Reading a file needs none of the database code: each task loads what it uses, so an upload's
// worker starts quickly.
async function perform(): Promise<unknown> {
  if (task.kind === 'inspect') {
    const { inspectSpreadsheet } = await import('./sheet-reader');
    return inspectSpreadsheet(task.file, task.format, task.encoding, (cause) => post({ retried: (cause as Error).message ?? String(cause) }));
  }
  if (task.kind === 'error-workbook') {
    const { readRowErrors, writeErrorWorkbook } = await import('./error-workbook');
    return writeErrorWorkbook(task.target, task.source, readRowErrors(task.errorsFile));
  }
  const [{ connectDatabase }, { commitImport, dryRunImport }] = await Promise.all([import('../../db/client'), import('./import-run')]);
  const database = connectDatabase(task.databaseUrl, { max: 1 });
  try {
    const input = { ...task.input, onProgress: (rowsDone: number) => post({ progress: rowsDone }) };
    return task.kind === 'dry-run' ? await dryRunImport(database.db, input) : await commitImport(database.db, input, task.job);
  } finally {
    await database.close().catch(() => {});
  }
}

try {
  post({ answer: await perform() });
} catch (err) {
  const { message } = err as Error;
  if (err instanceof HttpError) post({ error: { message, status: err.statusCode, errors: err.errors } });
  else if ((err as Error).name === 'CommitRowError') post({ error: { message, rowError: true } });
  else post({ error: { message, stack: (err as Error).stack } });
}
