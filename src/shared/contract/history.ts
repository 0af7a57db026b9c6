import { z } from 'zod';
import { cursorParam, limitParam } from './common';

/** The kinds of record the audit trail follows. */
export const HISTORY_ENTITIES = ['location', 'asset', 'assessment', 'defect', 'action', 'media', 'meter', 'meter_reading', 'obligation', 'inspection'] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

export const HISTORY_OPERATIONS = ['create', 'update', 'delete'] as const;
export type HistoryOperation = (typeof HISTORY_OPERATIONS)[number];

/**
 * One field of a change. `field` is the API's name for it (camelCase, e.g. `conditionNotes`).
 * Values are as stored (text, number, boolean, ISO time, object), except references to other records,
 * which carry that record's name when it still exists (a location's path, an asset's AST-… code).
 * A create has `before: null`, a delete `after: null`.
 */
export const historyChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

/**
 * GET /api/assets/{id}/history: one create, update or delete of the asset or of a record belonging to
 * it (its assessments, defects, actions and media), newest first. `actor` is null for changes no
 * signed-in user made (data loads, maintenance), shown as "System".
 */
export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), fullName: z.string().nullable() }).nullable(),
  entity: z.enum(HISTORY_ENTITIES),
  entityId: z.string(),
  operation: z.enum(HISTORY_OPERATIONS),
  /** The record's code or name (AST-…, ASM-…, ACT-…, a file name, a defect's description), when known. */
  subject: z.string().nullable(),
  /** For a create the fields it set, for an update only those that changed, for a delete those it had. */
  changes: z.array(historyChangeSchema),
  /** The spreadsheet import whose commit made this change ("Imported"), else null (ADR 029). */
  importId: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Keyset pages like the other lists: the next page's cursor comes in `x-next-cursor`. */
export const historyQuery = z.object({
  limit: limitParam,
  cursor: cursorParam,
});
