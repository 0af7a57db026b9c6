import { z } from 'zod';
import { EXPORT_FORMATS, REPORT_TYPES } from '../domain';
import { optionalId } from './common';

/** POST /api/reports/export: a report of one type, for everything or for one site's subtree. */
export const exportRequestSchema = z.object({
  reportType: z.enum(REPORT_TYPES, { error: 'Choose a report type' }),
  format: z.enum(EXPORT_FORMATS, { error: 'Choose Excel or CSV' }).default('xlsx'),
  locationId: optionalId('Location must be an existing site'),
});
export type ExportRequest = z.input<typeof exportRequestSchema>;

export const exportRecordSchema = z.object({
  id: z.string(),
  reportType: z.enum(REPORT_TYPES),
  format: z.enum(EXPORT_FORMATS),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  filename: z.string(),
  size: z.number(),
  rowCount: z.number(),
  createdAt: z.string(),
  /** A link that works for this user for 15 minutes; lists hand out fresh ones. */
  downloadUrl: z.string(),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

/** The spec's response (downloadUrl) plus the record for the Recent Exports list. */
export const exportResponseSchema = exportRecordSchema;
