import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** After this many failed sign-ins for one username within the window, sign-in is refused (SEC-AUTH-1). */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Advisory-lock class of the per-username sign-in lock (the second key is the username's hash). */
const LOGIN_LOCK_CLASS = 0x4c4f47; // 'LOG'

const keyOf = (username: string) => username.trim().toLowerCase();

export type LoginAttempt = { allowed: true } | { allowed: false; lockedMs: number };

export function loginThrottle(db: Db) {
  return {
    /**
     * Counts this sign-in attempt before its password is checked, as a failure until `succeeded`
     * clears it. Under a per-username lock, so parallel guesses are counted one after another: of any
     * number sent at once, at most MAX_FAILURES get their password checked (checking it first and
     * counting after let 25 parallel guesses all through). Refused: the milliseconds until the
     * oldest failure in the window leaves it.
     */
    async attempt(username: string, ip: string, now: Date): Promise<LoginAttempt> {
      const key = keyOf(username);
      const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_CLASS}, hashtext(${key}))`);
        const [row] = await tx
          .select({ failures: count(), oldest: min(loginFailures.failedAt) })
          .from(loginFailures)
          .where(and(eq(loginFailures.usernameKey, key), gt(loginFailures.failedAt, since)));
        if (row && row.failures >= MAX_FAILURES && row.oldest) {
          return { allowed: false, lockedMs: Math.max(1, row.oldest.getTime() + FAILURE_WINDOW_MS - now.getTime()) };
        }
        await tx.insert(loginFailures).values({ usernameKey: key, ip, failedAt: now });
        return { allowed: true };
      });
    },

    /** A successful sign-in forgives the username's failures, the attempt just counted among them. */
    async succeeded(username: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.usernameKey, keyOf(username)));
    },

    /** Failures older than the window count for nothing: delete them so the table does not only grow. */
    async prune(now: Date): Promise<number> {
      const deleted = await db
        .delete(loginFailures)
        .where(lt(loginFailures.failedAt, new Date(now.getTime() - FAILURE_WINDOW_MS)))
        .returning({ id: loginFailures.id });
      return deleted.length;
    },
  };
}
