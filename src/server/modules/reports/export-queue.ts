import { HttpError } from '../../http-errors';
import { EXPORT_QUEUE_FULL_MESSAGE, EXPORT_QUEUE_FULL_RETRY_AFTER_SECONDS } from '../../../shared/domain/reports';

export interface ExportQueue {
  /** Runs `work` when a slot is free; rejects at once with a 503 when `limit` others already wait. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * The exports of one app process: `concurrency` generate at once (each is a thread, a database
 * connection and a large share of the process's memory at its peak for 100,000 rows) and at most `limit` wait. Beyond that a
 * request is refused instead of joining a line that grows without bound (every waiter holds an open
 * request and its user's export lock). The queue lives in the process: with several processes each
 * has its own.
 */
export function exportQueue({ concurrency, limit }: { concurrency: number; limit: number }): ExportQueue {
  let running = 0;
  const waiting: Array<() => void> = [];

  return {
    async run(work) {
      if (running < concurrency) {
        running++;
      } else {
        if (waiting.length >= limit) {
          throw new HttpError(503, EXPORT_QUEUE_FULL_MESSAGE, undefined, { 'retry-after': String(EXPORT_QUEUE_FULL_RETRY_AFTER_SECONDS) });
        }
        // The slot is handed over by the export that ends (below), so an arrival between its end and
        // this waiter resuming cannot take it as well.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
