import crypto from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** The cookie carries the token; the database keeps only its SHA-256, so a leaked table opens no session. */
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

// Writing last_seen_at on every request would turn each read into a write; once a minute is enough
// for a 30-minute idle limit.
const TOUCH_INTERVAL_MS = 60_000;

export type SessionUser = typeof users.$inferSelect;

export function sessionsRepo(db: Db, policy: SessionPolicy) {
  return {
    /** Creates a session for the user and returns the token for the cookie (256 bits from the CSPRNG). */
    async create(userId: string, now: Date): Promise<string> {
      const token = crypto.randomBytes(32).toString('base64url');
      await db.insert(sessions).values({
        id: hashToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + policy.absoluteMs),
      });
      return token;
    },

    /** The user behind a token, or null when the session is unknown, idle too long or past its lifetime. */
    async findUser(token: string, now: Date): Promise<SessionUser | null> {
      const id = hashToken(token);
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id))
        .limit(1);
      if (!row) return null;
      const idleExpired = now.getTime() - row.session.lastSeenAt.getTime() > policy.idleMs;
      if (idleExpired || row.session.expiresAt.getTime() <= now.getTime()) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
      }
      return row.user;
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
    },

    /** Removes the user's sessions that can no longer be used; called at sign-in to keep the table small. */
    async purgeExpired(userId: string, now: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - policy.idleMs))),
          ),
        );
    },
  };
}
