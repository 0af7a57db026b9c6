import { z } from 'zod';

/**
 * The evidence pack of a location (ADR 025, "Evidence pack"): a zip of the certificates and photos
 * of the inspection that counts for every obligation in the location's subtree, with an index sheet.
 */
export const evidencePackPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/evidence-pack`;
export const evidencePackSummaryPath = (locationId: string) => `${evidencePackPath(locationId)}/summary`;

/** GET /api/locations/{id}/evidence-pack/summary: what the pack would hold, and why it would be refused. */
export const evidencePackSummarySchema = z.object({
  /** Obligations in the subtree: one row each in the index. */
  obligations: z.number().int(),
  /** Of those, how many have no file on their current inspection (or no inspection). */
  withoutEvidence: z.number().int(),
  files: z.number().int(),
  bytes: z.number().int(),
  maxFiles: z.number().int(),
  maxBytes: z.number().int(),
  /** The 400 the download would answer (the pack is too large), or null when it can be made. */
  refusal: z.string().nullable(),
});
export type EvidencePackSummary = z.infer<typeof evidencePackSummarySchema>;

/** The most obligations one pack's index lists: a larger subtree is refused with its count, as bulk apply is. */
export const EVIDENCE_PACK_OBLIGATIONS_MAX = 20_000;
