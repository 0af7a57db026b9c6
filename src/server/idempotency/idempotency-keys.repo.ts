import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/actor';
import { idempotencyKeys } from '../db/schema';

/** What a key was first used for: a repeat must match it exactly. */
export interface RequestFingerprint {
  method: string;
  path: string;
  requestHash: string;
}

export interface KeyOwner {
  userId: string;
  key: string;
}

export type StoredKey = RequestFingerprint & {
  statusCode: number | null;
  contentType: string | null;
  responseBody: string | null;
  createdAt: Date;
};

const ownedBy = ({ userId, key }: KeyOwner) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/** On the pool, or inside a write's transaction (the answer kept with the write). */
export function idempotencyKeysRepo(db: Db | Tx) {
  return {
    /** True when this request now holds the key; the primary key lets only one of several racing requests win. */
    async claim(owner: KeyOwner, fingerprint: RequestFingerprint, now: Date): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...owner, ...fingerprint, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    /** Takes over a claim whose request never finished (its process died) and was made before `claimedBefore`. */
    async takeOver(owner: KeyOwner, claimedBefore: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(and(ownedBy(owner), isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, claimedBefore)))
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async find(owner: KeyOwner): Promise<StoredKey | undefined> {
      const [row] = await db
        .select({
          method: idempotencyKeys.method,
          path: idempotencyKeys.path,
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          contentType: idempotencyKeys.contentType,
          responseBody: idempotencyKeys.responseBody,
          createdAt: idempotencyKeys.createdAt,
        })
        .from(idempotencyKeys)
        .where(ownedBy(owner));
      return row;
    },

    /** Keeps the answer; false when the key already has one (or is gone): only one answer is ever kept. */
    async complete(owner: KeyOwner, answer: { statusCode: number; contentType: string | null; responseBody: string }, now: Date): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({ ...answer, completedAt: now })
        .where(and(ownedBy(owner), isNull(idempotencyKeys.statusCode)))
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    /** Frees a claim whose request failed, so the key can be sent again. */
    async release(owner: KeyOwner): Promise<void> {
      await db.delete(idempotencyKeys).where(and(ownedBy(owner), isNull(idempotencyKeys.statusCode)));
    },

    /** Drops every key claimed before `before`; answers how many. */
    async prune(before: Date): Promise<number> {
      const result = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
      return result.rowCount ?? 0;
    },
  };
}
