import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionAs, type InTransaction } from '../../db/actor';
import { actions, assessments, assets, inspections, media, obligations, uploadGrants, users } from '../../db/schema';
import type { Media } from '../../../shared/contract/media';
import { MAX_EVIDENCE_FILES } from '../../../shared/domain/uploads';

export type MediaRow = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;

/**
 * What recording an upload did. `upload-discarded`: the upload's file was deleted by the clean-up
 * (its grace period passed) before it was recorded. `evidence-full`: the inspection has
 * MAX_EVIDENCE_FILES already.
 */
export type InsertMediaResult = { kind: 'recorded'; media: Media } | { kind: 'upload-discarded' } | { kind: 'evidence-full' };

export const mediaThumbnailUrl = (id: string) => `/api/media/${id}/thumbnail`;

/** A media record as the API shows it (mediaSchema), with its uploader's name. */
export function toMedia(row: MediaRow, uploadedByName: string | null): Media {
  return {
    id: row.id,
    assetId: row.assetId,
    assessmentId: row.assessmentId,
    actionId: row.actionId,
    inspectionId: row.inspectionId,
    type: row.type,
    url: row.url,
    thumbnailUrl: row.thumbnailKey ? mediaThumbnailUrl(row.id) : null,
    filename: row.filename,
    filesize: row.filesize,
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    caption: row.caption,
    gpsLat: row.gpsLat,
    gpsLon: row.gpsLon,
    takenAt: row.takenAt?.toISOString() ?? null,
    uploadedBy: row.uploadedBy,
    uploadedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function mediaRepo(db: Db) {
  return {
    /** The asset's media, newest first, with each uploader's name (one query on the (asset_id, created_at) index). */
    async listForAsset(assetId: string): Promise<Media[]> {
      const rows = await db
        .select({ media, uploadedByName: users.fullName })
        .from(media)
        .leftJoin(users, eq(users.id, media.uploadedBy))
        .where(eq(media.assetId, assetId))
        .orderBy(desc(media.createdAt), desc(media.id));
      return rows.map((row) => toMedia(row.media, row.uploadedByName));
    },

    /** The stored row, with its storage keys (what serving and deleting its files need). */
    async findById(id: string): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
      return row;
    },

    async isRecorded(objectKey: string): Promise<boolean> {
      const [row] = await db.select({ id: media.id }).from(media).where(eq(media.objectKey, objectKey)).limit(1);
      return row !== undefined;
    },

    async assetExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: assets.id }).from(assets).where(eq(assets.id, id)).limit(1);
      return row !== undefined;
    },

    /** The asset an assessment belongs to; undefined when there is no such assessment. */
    async assessmentOwner(id: string): Promise<{ assetId: string } | undefined> {
      const [row] = await db.select({ assetId: assessments.assetId }).from(assessments).where(eq(assessments.id, id)).limit(1);
      return row;
    },

    /** The asset an action is linked to (maybe none); undefined when there is no such action. */
    async actionOwner(id: string): Promise<{ assetId: string | null } | undefined> {
      const [row] = await db.select({ assetId: actions.assetId }).from(actions).where(eq(actions.id, id)).limit(1);
      return row;
    },

    /** The asset of an inspection's obligation (none for a location's); undefined when there is no such inspection. */
    async inspectionOwner(id: string): Promise<{ assetId: string | null } | undefined> {
      const [row] = await db
        .select({ assetId: obligations.assetId })
        .from(inspections)
        .innerJoin(obligations, eq(obligations.id, inspections.obligationId))
        .where(eq(inspections.id, id))
        .limit(1);
      return row;
    },

    /**
     * Inserts the row and, for a photo of an asset, appends its URL to the asset's photoUrls: both or
     * neither. An inspection's evidence is counted first, under a lock on the inspection, so files
     * added at once (a phone's several, a second device) cannot pass MAX_EVIDENCE_FILES together.
     * The uploader (whose name the caller has) is the author in the audit trail. `inTransaction` runs
     * before the commit (an idempotent request's answer, db/actor.ts).
     */
    async insert(values: NewMedia & { id: string; url: string; uploadedBy: string }, uploaderName: string, inTransaction?: InTransaction<InsertMediaResult>): Promise<InsertMediaResult> {
      return transactionAs(db, values.uploadedBy, async (tx) => {
        // Holds the upload's grant until this commits, so the upload clean-up cannot delete the file
        // in between (claimForDiscard); a grant it already discarded has no file left to record.
        if (values.objectKey) {
          const [grant] = await tx
            .select({ discardedAt: uploadGrants.discardedAt })
            .from(uploadGrants)
            .where(eq(uploadGrants.key, values.objectKey))
            .for('share');
          if (grant?.discardedAt) return { kind: 'upload-discarded' as const };
        }
        if (values.inspectionId) {
          await tx.select({ id: inspections.id }).from(inspections).where(eq(inspections.id, values.inspectionId)).for('no key update');
          const [evidence] = await tx.select({ n: count() }).from(media).where(eq(media.inspectionId, values.inspectionId));
          if (evidence!.n >= MAX_EVIDENCE_FILES) return { kind: 'evidence-full' as const };
        }
        const [row] = await tx.insert(media).values(values).returning();
        if (row!.assetId && row!.type === 'photo') {
          await tx
            .update(assets)
            .set({ photoUrls: sql`array_append(${assets.photoUrls}, ${row!.url})` })
            .where(eq(assets.id, row!.assetId));
        }
        return { kind: 'recorded' as const, media: toMedia(row!, uploaderName) };
      }, inTransaction);
    },

    /** Deletes the row and takes its URL out of the asset's photoUrls; the caller deletes the files after. */
    async delete(id: string, actorId: string): Promise<MediaRow | undefined> {
      return transactionAs(db, actorId, async (tx) => {
        const [row] = await tx.delete(media).where(eq(media.id, id)).returning();
        if (row?.assetId) {
          await tx
            .update(assets)
            .set({ photoUrls: sql`array_remove(${assets.photoUrls}, ${row.url})` })
            .where(eq(assets.id, row.assetId));
        }
        return row;
      });
    },
  };
}
