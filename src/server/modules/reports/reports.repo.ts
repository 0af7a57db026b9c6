import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, reportExports } from '../../db/schema';

export type ExportRow = typeof reportExports.$inferSelect;

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
  };
}
