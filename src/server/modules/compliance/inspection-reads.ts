import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/actor';
import { inspections, media, users } from '../../db/schema';
import type { Inspection, InspectionEvidence } from '../../../shared/contract/compliance';
import { mediaThumbnailUrl } from '../media/media.repo';

const performer = alias(users, 'performer');
const recorder = alias(users, 'recorder');
const correction = alias(inspections, 'correction');

type EvidenceRead = Omit<InspectionEvidence, 'thumbnailUrl'> & { hasThumbnail: boolean };

/**
 * An inspection with its names, the entry correcting it and its evidence, read in one statement: the
 * evidence of every inspection listed comes from a correlated subquery on media's inspection index,
 * so a history of many entries is still one query.
 */
const inspectionColumns = {
  row: inspections,
  performedByName: performer.fullName,
  recordedByName: recorder.fullName,
  correctedById: correction.id,
  evidence: sql<EvidenceRead[]>`coalesce((
    SELECT json_agg(json_build_object(
      'id', ${media.id}, 'type', ${media.type}, 'url', ${media.url}, 'hasThumbnail', ${media.thumbnailKey} IS NOT NULL,
      'filename', ${media.filename}, 'mimeType', ${media.mimeType}) ORDER BY ${media.createdAt}, ${media.id})
    FROM ${media} WHERE ${media.inspectionId} = ${inspections.id}), '[]'::json)`,
};

type InspectionRead = {
  row: typeof inspections.$inferSelect;
  performedByName: string | null;
  recordedByName: string | null;
  correctedById: string | null;
  evidence: EvidenceRead[];
};

/** Inspections as the API shows them; the caller adds the condition and the order. */
export const selectInspections = (executor: Tx | Db) =>
  executor
    .select(inspectionColumns)
    .from(inspections)
    .leftJoin(performer, eq(performer.id, inspections.performedById))
    .leftJoin(recorder, eq(recorder.id, inspections.recordedById))
    .leftJoin(correction, eq(correction.correctsId, inspections.id));

export function toInspection({ row, performedByName, recordedByName, correctedById, evidence }: InspectionRead): Inspection {
  return {
    id: row.id,
    obligationId: row.obligationId,
    performedOn: row.performedOn,
    result: row.result,
    performedById: row.performedById,
    performedByName,
    contractor: row.contractor,
    readings: row.readings,
    certificateNumber: row.certificateNumber,
    certificateExpiresOn: row.certificateExpiresOn,
    notes: row.notes,
    correctsId: row.correctsId,
    correctedById,
    recordedById: row.recordedById,
    recordedByName,
    evidence: evidence.map(({ hasThumbnail, ...file }) => ({ ...file, thumbnailUrl: hasThumbnail ? mediaThumbnailUrl(file.id) : null })),
    createdAt: row.createdAt.toISOString(),
  };
}
