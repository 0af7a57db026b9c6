import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA_WINDOW_MS } from '../../../shared/domain/uploads';
import type { Db } from '../../db/client';
import { media, uploadGrants } from '../../db/schema';

/** What a grant counts against the quota: the stored size once known, else the declared size, else 10 MB. */
const cost = sql<number>`coalesce(${uploadGrants.storedSize}, ${uploadGrants.declaredSize}, ${MAX_UPLOAD_BYTES})`;
const recorded = sql`EXISTS (SELECT 1 FROM ${media} WHERE ${media.objectKey} = ${uploadGrants.key})`;

export type IssueResult = { issued: true } | { issued: false; retryAfterSeconds: number };

export function uploadGrantsRepo(db: Db) {
  return {
    /**
     * Records an upload grant unless it would take the user past `quotaBytes` within the rolling
     * window; otherwise answers when enough of the window's uploads will have aged out. A per-user
     * advisory lock makes check and insert one step, so parallel requests cannot all slip under it.
     */
    async issue(grant: { key: string; userId: string; declaredSize: number | undefined; resumable?: boolean; now: Date; quotaBytes: number }): Promise<IssueResult> {
      const need = grant.declaredSize ?? MAX_UPLOAD_BYTES;
      const since = new Date(grant.now.getTime() - UPLOAD_QUOTA_WINDOW_MS);
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('upload-quota'), hashtext(${grant.userId}))`);
        const inWindow = and(eq(uploadGrants.userId, grant.userId), sql`${uploadGrants.createdAt} > ${since.toISOString()}`);
        const [{ used }] = (await tx
          .select({ used: sql<string>`coalesce(sum(${cost}), 0)` })
          .from(uploadGrants)
          .where(inWindow)) as [{ used: string }];
        const usedBytes = Number(used);
        if (usedBytes + need > grant.quotaBytes) {
          // The first grant whose ageing out (with all older ones) leaves room for this one.
          const { rows } = await tx.execute<{ created_at: string }>(sql`
            SELECT created_at FROM (
              SELECT ${uploadGrants.createdAt} AS created_at,
                     sum(${cost}) OVER (ORDER BY ${uploadGrants.createdAt}, ${uploadGrants.key} ROWS UNBOUNDED PRECEDING) AS freed
              FROM ${uploadGrants} WHERE ${inWindow}
            ) AS w
            WHERE ${usedBytes} - freed + ${need} <= ${grant.quotaBytes}
            ORDER BY created_at LIMIT 1`);
          const freeAt = rows[0] ? new Date(rows[0].created_at).getTime() + UPLOAD_QUOTA_WINDOW_MS : grant.now.getTime() + UPLOAD_QUOTA_WINDOW_MS;
          return { issued: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - grant.now.getTime()) / 1000)) };
        }
        await tx.insert(uploadGrants).values({ key: grant.key, userId: grant.userId, declaredSize: grant.declaredSize ?? null, resumable: grant.resumable ?? false, createdAt: grant.now });
        return { issued: true };
      });
    },

    /** The bytes actually stored, which replace the declared size in the quota. */
    async markStored(key: string, size: number, now: Date): Promise<void> {
      await db.update(uploadGrants).set({ storedSize: Math.min(size, MAX_UPLOAD_BYTES), completedAt: now }).where(eq(uploadGrants.key, key));
    },

    /**
     * The grant behind a key, with whether a media row records it. Once `discardedAt` is set the
     * clean-up has deleted its object: its links must not store it again.
     */
    async find(key: string) {
      const [row] = await db
        .select({
          declaredSize: uploadGrants.declaredSize,
          resumable: uploadGrants.resumable,
          completedAt: uploadGrants.completedAt,
          discardedAt: uploadGrants.discardedAt,
          recorded: sql<boolean>`${recorded}`,
        })
        .from(uploadGrants)
        .where(eq(uploadGrants.key, key))
        .limit(1);
      return row ?? null;
    },

    /** Grants issued before `before` that no media row records and whose object is not yet deleted, oldest first. */
    async unrecordedBefore(before: Date, limit: number): Promise<Array<{ key: string; resumable: boolean; declaredSize: number | null }>> {
      return db
        .select({ key: uploadGrants.key, resumable: uploadGrants.resumable, declaredSize: uploadGrants.declaredSize })
        .from(uploadGrants)
        .where(and(lt(uploadGrants.createdAt, before), isNull(uploadGrants.discardedAt), sql`NOT ${recorded}`))
        .orderBy(uploadGrants.createdAt)
        .limit(limit);
    },

    /**
     * Marks these grants discarded, unless a media row records them by then; answers the keys marked,
     * whose objects the caller then deletes. The grant rows are locked first and the records checked
     * in a second statement (a fresh snapshot): a media insert holds its grant's row (lockForRecording)
     * until it commits, so either it commits first and is seen here, or it waits and then finds its
     * grant discarded. Without that, a file recorded just as its grant passed the grace period could
     * lose its object.
     */
    async claimForDiscard(keys: string[], now: Date): Promise<string[]> {
      if (keys.length === 0) return [];
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ key: uploadGrants.key })
          .from(uploadGrants)
          .where(and(inArray(uploadGrants.key, keys), isNull(uploadGrants.discardedAt)))
          .orderBy(uploadGrants.key)
          .for('update');
        if (locked.length === 0) return [];
        const claimed = await tx
          .update(uploadGrants)
          .set({ discardedAt: now })
          .where(and(inArray(uploadGrants.key, locked.map((row) => row.key)), sql`NOT ${recorded}`))
          .returning({ key: uploadGrants.key });
        return claimed.map((row) => row.key);
      });
    },

    /** Gives back a claim whose object could not be deleted, so the next run tries again. */
    async unclaim(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.update(uploadGrants).set({ discardedAt: null }).where(inArray(uploadGrants.key, keys));
    },

    /** Drops grants older than `before` that are settled (recorded, or their object deleted); answers how many. */
    async pruneSettled(before: Date): Promise<number> {
      const rows = await db
        .delete(uploadGrants)
        .where(and(lt(uploadGrants.createdAt, before), sql`(${uploadGrants.discardedAt} IS NOT NULL OR ${recorded})`))
        .returning({ key: uploadGrants.key });
      return rows.length;
    },
  };
}
