import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/actor';
import { sessions, users } from '../../db/schema';
import type { AccessEvents } from '../../policy/access-events';
import { hashToken, newToken } from './tokens';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}


// Writing last_seen_at on every request would turn each read into a write; once a minute is enough
// for a 30-minute idle limit.
const TOUCH_INTERVAL_MS = 60_000;

export type SessionUser = typeof users.$inferSelect;

/**
 * How long this process trusts a session it has just read without reading it again. Every API
 * request needs its session, and the lookup was the largest per-request cost left (docs/performance.md,
 * "Per request"). Sign-out and expiry in this process take effect at once (the entry is dropped or
 * checked against the clock). A deactivation, a role change or a password change on any process
 * reaches every process at once (policy/access-events.ts); a plain sign-out served by another
 * process reaches this one within this many milliseconds.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  user: SessionUser;
  lastSeenAt: number;
  expiresAt: number;
  readAt: number;
}

/** Creates a session for the user and returns the token for the cookie (256 bits from the CSPRNG). */
export async function createSession(db: Db, userId: string, now: Date, absoluteMs: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ id: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + absoluteMs) });
  return token;
}

export function sessionsRepo(db: Db, events: AccessEvents, policy: SessionPolicy) {
  // Keyed by the token's hash; Map order is insertion order, so the first key is the oldest entry.
  const cache = new Map<string, CachedSession>();
  const remember = (id: string, entry: CachedSession) => {
    cache.delete(id);
    cache.set(id, entry);
    if (cache.size > SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
  };
  // A user's account changed on some process: drop every session of theirs this process kept
  // (all of them when events may have gone unheard).
  events.on((event) => {
    if (event.kind === 'missed') cache.clear();
    if (event.kind !== 'user') return;
    for (const [id, entry] of cache) if (entry.user.id === event.userId) cache.delete(id);
  });
  const expired = (entry: { lastSeenAt: number; expiresAt: number }, now: number) =>
    now - entry.lastSeenAt > policy.idleMs || entry.expiresAt <= now;

  return {
    create: (userId: string, now: Date) => createSession(db, userId, now, policy.absoluteMs),

    /** The user behind a token, or null when the session is unknown, idle too long or past its lifetime. */
    async findUser(token: string, now: Date): Promise<SessionUser | null> {
      const id = hashToken(token);
      const at = now.getTime();
      const cached = cache.get(id);
      if (cached && events.connected && at - cached.readAt < SESSION_CACHE_MS && at >= cached.readAt && !expired(cached, at)) {
        if (at - cached.lastSeenAt <= TOUCH_INTERVAL_MS) return cached.user;
      }
      cache.delete(id);
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id))
        .limit(1);
      if (!row) return null;
      // Ending a user's sessions deletes them; this also covers a session made in a race with it.
      if (row.user.status !== 'active') return null;
      const entry = { lastSeenAt: row.session.lastSeenAt.getTime(), expiresAt: row.session.expiresAt.getTime() };
      if (expired(entry, at)) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (at - entry.lastSeenAt > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
        entry.lastSeenAt = at;
      }
      remember(id, { user: row.user, ...entry, readAt: at });
      return row.user;
    },

    async destroy(token: string): Promise<void> {
      const id = hashToken(token);
      cache.delete(id);
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends the user's sessions (but `keepToken`'s) and tells every process to forget the ones it kept. */
    async endAllFor(userId: string, { keepToken, tx }: { keepToken?: string | null; tx?: Tx } = {}): Promise<void> {
      const target = tx ?? db;
      const keep = keepToken ? hashToken(keepToken) : null;
      await target.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
      await events.send(target, { kind: 'user', userId });
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
