import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { deleteExports, expiredExports } from './reports.repo';
import { schedulePeriodic } from '../../jobs/periodic';

const DAY_MS = 24 * 60 * 60_000;
/** How often a server deletes expired exports, and how soon after it starts the first time. */
export const EXPORT_CLEANUP_INTERVAL_MS = 60 * 60_000;
const FIRST_CLEANUP_AFTER_MS = 60_000;
/** Exports deleted per transaction: each deletes its files while it holds their rows. */
const CLEANUP_BATCH = 200;

/**
 * Deletes the exports made more than config.exports.retentionDays ago: their stored files, then their
 * rows (Recent Exports stops listing them and their links answer 404). Answers how many went, or null
 * when another process was already cleaning (one at a time, by a transaction-level advisory lock).
 *
 * Files are deleted inside the transaction that holds the rows: if a deletion fails the rows stay,
 * and the next run deletes the rest (deleting an object that is gone is not an error), so no file is
 * left on disk without a row that leads back to it.
 */
export async function deleteExpiredExports(ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'now'>): Promise<number | null> {
  const before = new Date(ctx.now().getTime() - ctx.config.exports.retentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext('delete_expired_exports')) AS locked`);
      if (!rows[0]?.locked) return null;
      const expired = await expiredExports(tx, before, CLEANUP_BATCH);
      for (const { objectKey } of expired) await ctx.storage.delete(objectKey);
      if (expired.length > 0) await deleteExports(tx, expired.map((row) => row.id));
      return expired.length;
    });
    if (batch === null) return deleted > 0 ? deleted : null;
    deleted += batch;
    if (batch < CLEANUP_BATCH) return deleted;
  }
}

/**
 * Deletes expired exports a minute after the server starts and then every hour. Every process
 * schedules it; the advisory lock lets one of them do the work.
 */
export function scheduleExportCleanup(app: FastifyInstance, ctx: AppContext): void {
  const run = async () => {
    const deleted = await deleteExpiredExports(ctx);
    if (deleted) app.log.info({ deleted }, 'expired exports deleted');
  };
  schedulePeriodic(app, 'deleting expired exports', EXPORT_CLEANUP_INTERVAL_MS, run, { firstRunAfterMs: FIRST_CLEANUP_AFTER_MS });
}
