import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, reportExports } from '../../db/schema';

export type ExportRow = typeof reportExports.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function reportsRepo(db: Db) {
  return {
    async location(id: string) {
      const [row] = await db.select({ id: locations.id, name: locations.name }).from(locations).where(eq(locations.id, id)).limit(1);
      return row;
    },

    async record(values: typeof reportExports.$inferInsert): Promise<ExportRow> {
      const [row] = await db.insert(reportExports).values(values).returning();
      return row!;
    },

    async recent(userId: string, limit: number): Promise<ExportRow[]> {
      return db.select().from(reportExports).where(eq(reportExports.userId, userId)).orderBy(desc(reportExports.createdAt)).limit(limit);
    },

    /** The export, only when it belongs to this user (another user's export is "not found"). */
    async ownedBy(id: string, userId: string): Promise<ExportRow | undefined> {
      const [row] = await db
        .select()
        .from(reportExports)
        .where(and(eq(reportExports.id, id), eq(reportExports.userId, userId)))
        .limit(1);
      return row;
    },

    /**
     * When the user's n-th newest export since `since` was made, or undefined when they made fewer
     * than n (one read of the (user_id, created_at) index).
     */
    async nthNewestSince(userId: string, since: Date, n: number): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: reportExports.createdAt })
        .from(reportExports)
        .where(and(eq(reportExports.userId, userId), gt(reportExports.createdAt, since)))
        .orderBy(desc(reportExports.createdAt))
        .offset(n - 1)
        .limit(1);
      return row?.createdAt;
    },
  };
}

/** Retention: the oldest exports made before `before`, locked so that no other cleaner takes them. */
export function expiredExports(tx: Tx, before: Date, limit: number) {
  return tx
    .select({ id: reportExports.id, objectKey: reportExports.objectKey })
    .from(reportExports)
    .where(lt(reportExports.createdAt, before))
    .orderBy(asc(reportExports.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export function deleteExports(tx: Tx, ids: string[]) {
  return tx.delete(reportExports).where(inArray(reportExports.id, ids));
}
