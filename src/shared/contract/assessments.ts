import { z } from 'zod';
import { CODE_MAX, CONDITIONS, DEFAULT_DEFECT_SEVERITY, DEFECT_SEVERITIES, MAX_DEFECTS, NOTES_MAX } from '../domain';
import { optionalText, requiredText } from './common';

export const defectInputSchema = z.object({
  code: optionalText(CODE_MAX, 'Defect code'),
  description: requiredText(NOTES_MAX, 'Description is required', 'Description'),
  severity: z.enum(DEFECT_SEVERITIES, { error: 'Severity is required' }).default(DEFAULT_DEFECT_SEVERITY),
});
export type DefectInput = z.input<typeof defectInputSchema>;

/**
 * POST /api/assessments. assessedBy comes from the session. assessmentId may be supplied by a field
 * device (the same id twice records one assessment); otherwise the server generates ASM-000001.
 * Recording an assessment sets the asset's current condition and condition notes.
 */
export const createAssessmentSchema = z.object({
  assetId: z.uuid({ error: 'Asset is required' }),
  condition: z.enum(CONDITIONS, { error: 'Condition rating is required' }),
  conditionNotes: optionalText(NOTES_MAX, 'Notes'),
  assessedAt: z.iso
    .datetime({ offset: true, error: 'Assessed at must be a date and time' })
    .optional(),
  assessmentId: optionalText(CODE_MAX, 'Assessment id'),
  defects: z.array(defectInputSchema).max(MAX_DEFECTS, `At most ${MAX_DEFECTS} defects`).default([]),
});
export type CreateAssessmentInput = z.input<typeof createAssessmentSchema>;

export const defectSchema = z.object({
  id: z.string(),
  code: z.string().nullable(),
  description: z.string(),
  severity: z.enum(DEFECT_SEVERITIES),
  createdAt: z.string(),
});
export type Defect = z.infer<typeof defectSchema>;

export const assessmentSchema = z.object({
  id: z.string(),
  assessmentId: z.string(),
  assetId: z.string(),
  condition: z.enum(CONDITIONS),
  conditionNotes: z.string().nullable(),
  assessedBy: z.string(),
  assessedByName: z.string().nullable(),
  assessedAt: z.string(),
  createdAt: z.string(),
  defects: z.array(defectSchema),
});
export type Assessment = z.infer<typeof assessmentSchema>;

/** GET /api/assessments?assetId=: that asset's history, newest first (all of it; assets have few). */
export const listAssessmentsQuery = z.object({
  assetId: z.uuid('assetId must be an asset id'),
});
