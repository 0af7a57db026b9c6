import { z } from 'zod';
import {
  actionSchema,
  assessmentSchema,
  assetListItemSchema,
  assetSchema,
  dashboardStatsSchema,
  defectSchema,
  errorResponseSchema,
  exportRecordSchema,
  historyEntrySchema,
  locationSchema,
  mediaSchema,
  meterSchema,
  readingSchema,
  searchResponseSchema,
  uploadResponseSchema,
  userSchema,
} from '../../../shared/contract';

/** The schema every error answer uses; the error responses refer to it by this name. */
export const ERROR_COMPONENT = 'ErrorResponse';

/**
 * Contract schemas published under a name (#/components/schemas/<name>) instead of inline in every
 * operation that returns them. The names go into zod's global registry, where fastify-type-provider-zod
 * looks them up; they are metadata only and change no validation or serialisation.
 */
const NAMED: Array<[z.ZodType, string]> = [
  [errorResponseSchema, ERROR_COMPONENT],
  [userSchema, 'User'],
  [locationSchema, 'Location'],
  [assetSchema, 'Asset'],
  [assetListItemSchema, 'AssetListItem'],
  [assessmentSchema, 'Assessment'],
  [defectSchema, 'Defect'],
  [actionSchema, 'Action'],
  [mediaSchema, 'Media'],
  [meterSchema, 'Meter'],
  [readingSchema, 'MeterReading'],
  [searchResponseSchema, 'SearchResults'],
  [dashboardStatsSchema, 'DashboardStats'],
  [exportRecordSchema, 'ExportRecord'],
  [historyEntrySchema, 'HistoryEntry'],
  [uploadResponseSchema, 'UploadUrl'],
];

/** Idempotent: every app built in one process (tests build many) names the same schemas the same way. */
export function nameContractSchemas(): void {
  for (const [schema, id] of NAMED) {
    const existing = z.globalRegistry.get(schema);
    if (existing?.id !== id) z.globalRegistry.add(schema, { ...existing, id });
  }
}
