import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';

export type MediaRow = typeof media.$inferSelect;

export function mediaRepo(db: Db) {
  return {
    /** The asset's media, newest first (served by the (asset_id, created_at) index). */
    async listForAsset(assetId: string): Promise<MediaRow[]> {
      return db.select().from(media).where(eq(media.assetId, assetId)).orderBy(desc(media.createdAt), desc(media.id));
    },
  };
}
