import { and, count, eq, gt, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** After this many failed sign-ins for one username within the window, sign-in is refused (SEC-AUTH-1). */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;

const keyOf = (username: string) => username.trim().toLowerCase();

export function loginThrottle(db: Db) {
  return {
    /** Milliseconds until this username may try again, or 0 when it is not locked. */
    async lockedForMs(username: string, now: Date): Promise<number> {
      const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
      const [row] = await db
        .select({ failures: count(), oldest: min(loginFailures.failedAt) })
        .from(loginFailures)
        .where(and(eq(loginFailures.usernameKey, keyOf(username)), gt(loginFailures.failedAt, since)));
      if (!row || row.failures < MAX_FAILURES || !row.oldest) return 0;
      return Math.max(1, row.oldest.getTime() + FAILURE_WINDOW_MS - now.getTime());
    },

    async recordFailure(username: string, ip: string, now: Date): Promise<void> {
      await db.insert(loginFailures).values({ usernameKey: keyOf(username), ip, failedAt: now });
    },

    async clear(username: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.usernameKey, keyOf(username)));
    },
  };
}
