import type { AppContext } from '../../app-context';
import { tooManyRequests } from '../../http-errors';
import {
  EXPORT_IN_PROGRESS_MESSAGE,
  EXPORT_IN_PROGRESS_RETRY_AFTER_SECONDS,
  EXPORT_RATE_WINDOW_MS,
  exportRateLimitMessage,
} from '../../../shared/domain/reports';
import { exportLocks, type ReleaseLock } from './export-locks';
import { reportsRepo } from './reports.repo';

export interface ExportLimits {
  /**
   * Lets the user start an export, or throws a 429: one of theirs is in progress (in any process), or
   * they reached the hourly limit. The answer releases their turn; call it when the export has ended,
   * failed or not.
   */
  admit(userId: string): Promise<ReleaseLock>;
  close(): Promise<void>;
}

/**
 * Per-user export limits, correct across app processes sharing the database. The hourly count is read
 * from report_exports while the user's export lock (export-locks.ts) is held: no other export of that
 * user can be in progress anywhere then, so the recorded rows are all there is to count and no
 * "in progress" marker is needed.
 */
export function exportLimits(ctx: AppContext): ExportLimits {
  const connectionString = ctx.db.$client.options.connectionString;
  const locks = connectionString ? exportLocks(connectionString) : undefined;
  const repo = reportsRepo(ctx.db);
  const perHour = ctx.config.exports.perUserPerHour;

  return {
    async admit(userId) {
      if (!locks) throw new Error('exportLimits: the pool has no connection string for the export locks');
      const release = await locks.tryLock(userId);
      if (!release) throw tooManyRequests(EXPORT_IN_PROGRESS_MESSAGE, EXPORT_IN_PROGRESS_RETRY_AFTER_SECONDS);
      try {
        const now = ctx.now().getTime();
        // The export whose leaving the window brings the user back under the limit.
        const limiting = await repo.nthNewestSince(userId, new Date(now - EXPORT_RATE_WINDOW_MS), perHour);
        if (limiting) {
          const retryAfter = Math.max(1, Math.ceil((limiting.getTime() + EXPORT_RATE_WINDOW_MS - now) / 1000));
          throw tooManyRequests(exportRateLimitMessage(perHour, retryAfter), retryAfter);
        }
        return release;
      } catch (err) {
        await release();
        throw err;
      }
    },
    close: async () => locks?.close(),
  };
}
