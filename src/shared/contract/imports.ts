import { z } from 'zod';
import {
  CUSTOM_TARGET_PREFIX,
  ENUM_KINDS,
  ENUM_VALUES,
  IMPORT_FORMATS,
  IMPORT_STATUSES,
  IMPORT_MAX_COLUMNS,
  isImportField,
  KEY_VALUE_NAME_MAX,
  LOCATION_TYPES,
  NAME_MAX,
  parseInspectionTarget,
} from '../domain';

/** Spreadsheet import (issue 26, docs/decisions/029): the job, its dry run and commit, saved mappings. */


/** A column's target: an import field, `custom:<name>`, `inspection:<regime key>:date|certificate`, or null (ignored). */
export const importTargetSchema = z
  .string()
  .max(CUSTOM_TARGET_PREFIX.length + KEY_VALUE_NAME_MAX, 'A custom field name must be at most 100 characters')
  .refine(
    (value) =>
      isImportField(value) ||
      parseInspectionTarget(value) !== undefined ||
      (value.startsWith(CUSTOM_TARGET_PREFIX) && value.slice(CUSTOM_TARGET_PREFIX.length).trim() !== ''),
    'Map a column to an asset field, to custom:<name>, to inspection:<regime key>:date or :certificate, or to nothing (null)',
  )
  .nullable();

/** Extra value synonyms per kind: a cell's text → the stored value (added to the defaults). */
export const valueSynonymsSchema = z
  .strictObject({
    type: z.record(z.string().max(100), z.enum(ENUM_VALUES.type, { error: `Type synonyms must name one of: ${ENUM_VALUES.type.join(', ')}` })),
    condition: z.record(z.string().max(100), z.enum(ENUM_VALUES.condition, { error: `Condition synonyms must name one of: ${ENUM_VALUES.condition.join(', ')}` })),
    status: z.record(z.string().max(100), z.enum(ENUM_VALUES.status, { error: `Status synonyms must name one of: ${ENUM_VALUES.status.join(', ')}` })),
    compliance: z.record(z.string().max(100), z.enum(ENUM_VALUES.compliance, { error: 'Compliance synonyms must name yes, no or na' })),
  })
  .partial()
  .refine((value) => ENUM_KINDS.every((kind) => Object.keys(value[kind] ?? {}).length <= 500), 'At most 500 synonyms per kind');
export type ValueSynonymsInput = z.infer<typeof valueSynonymsSchema>;

/** POST /api/imports/{id}/dry-run: which sheet, each column's target (in the sheet's column order), extra value synonyms. */
export const dryRunSchema = z.strictObject({
  sheet: z.string({ error: 'Choose a sheet' }).max(NAME_MAX),
  mapping: z.array(importTargetSchema).max(IMPORT_MAX_COLUMNS, `At most ${IMPORT_MAX_COLUMNS} columns`),
  valueSynonyms: valueSynonymsSchema.optional(),
});
export type DryRunInput = z.input<typeof dryRunSchema>;

/** POST /api/imports/{id}/commit. New locations are created only when the user approved the dry run's tree. */
export const commitImportSchema = z.strictObject({
  approveNewLocations: z.boolean().default(false),
});

export const importSheetSchema = z.object({
  name: z.string(),
  headers: z.array(z.string()),
  /** Data rows (the header row not counted). */
  rows: z.number(),
  sample: z.array(z.array(z.string())),
  suggestedMapping: z.array(z.string().nullable()),
});

/** Rows to create, update, leave unchanged and in error; and the inspections and meter readings the file records. */
export const importCountsSchema = z.object({
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  error: z.number(),
  inspections: z.number(),
  readings: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** One row's problem: its row number in the sheet (the header is row 1), the column's header, what is wrong. */
export const importRowErrorSchema = z.object({ row: z.number(), column: z.string().nullable(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importDiffSchema = z.object({
  row: z.number(),
  assetId: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type ImportDiff = z.infer<typeof importDiffSchema>;

export interface NewLocationNode {
  name: string;
  type: (typeof LOCATION_TYPES)[number];
  /** Where it goes: the existing parent's path, or null at the top. */
  parentPath: string | null;
  children: NewLocationNode[];
}
export const newLocationNodeSchema: z.ZodType<NewLocationNode> = z.lazy(() =>
  z.object({ name: z.string(), type: z.enum(LOCATION_TYPES), parentPath: z.string().nullable(), children: z.array(newLocationNodeSchema) }),
);

export const importJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  sha256: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  /** Why the last dry run or commit failed, when it did. */
  message: z.string().nullable(),
  sheets: z.array(importSheetSchema),
  sheet: z.string().nullable(),
  mapping: z.array(z.string().nullable()).nullable(),
  valueSynonyms: z.record(z.string(), z.record(z.string(), z.string())).nullable(),
  /** Rows read so far by the running dry run or commit, of `rowsTotal`. */
  progress: z.object({ rowsDone: z.number(), rowsTotal: z.number() }),
  counts: importCountsSchema.nullable(),
  /** Updates with their field-by-field changes (the first 200). */
  diffs: z.array(importDiffSchema),
  /** The locations the file would create, as a tree; the commit needs them approved. */
  newLocations: z.array(newLocationNodeSchema),
  newLocationCount: z.number(),
  /** The first 200 row errors; the error workbook has them all. */
  errors: z.array(importRowErrorSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** PUT /api/import-mappings: a mapping saved by name, by header name, to reuse with the next file. */
export const saveImportMappingSchema = z.strictObject({
  name: z.string({ error: 'Name the mapping' }).trim().min(1, 'Name the mapping').max(NAME_MAX, `A name must be at most ${NAME_MAX} characters`),
  mapping: z
    .record(z.string().max(200), importTargetSchema)
    .refine((value) => Object.keys(value).length <= IMPORT_MAX_COLUMNS, `At most ${IMPORT_MAX_COLUMNS} columns`),
  valueSynonyms: valueSynonymsSchema.default({}),
});
export const importMappingSchema = z.object({
  name: z.string(),
  mapping: z.record(z.string(), z.string().nullable()),
  valueSynonyms: z.record(z.string(), z.record(z.string(), z.string())),
  updatedAt: z.string(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** POST /api/imports: the file name travels in the query (the body is the file itself). */
export const uploadImportQuery = z.object({ name: z.string().trim().max(255).optional() });
