import { parentPort, workerData } from 'node:worker_threads';
import { connectDatabase } from '../../db/client';
import { writeReportFile, type ReportJob } from './write-report-file';

/**
 * The body of an export worker thread (started through export-worker-entry.mjs): writes one report
 * over a database connection of its own and answers `{ rowCount }` or `{ error }`.
 */
export interface WorkerAnswer {
  rowCount?: number;
  error?: { message: string; code?: string };
}

const job = workerData as ReportJob & { databaseUrl: string };
const database = connectDatabase(job.databaseUrl, { max: 1 });
let answer: WorkerAnswer;
try {
  answer = { rowCount: await writeReportFile(database.db, job) };
} catch (err) {
  const { message, code } = err as Error & { code?: string };
  answer = { error: { message, ...(typeof code === 'string' && { code }) } };
}
await database.close().catch(() => {});
parentPort!.postMessage(answer);
