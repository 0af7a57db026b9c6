import { z } from 'zod';
import { INTERVAL_UNITS } from '../domain/compliance/calendar-date';
import { ANCHOR_RULES, REGIME_CATEGORIES } from '../domain/compliance/regimes';
import { ASSET_TYPES } from '../domain/assets';
import { LOCATION_TYPES } from '../domain/locations';

/** Statutory compliance (ADR 025). */

export const readingDefinitionSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
});

/** An inspection regime of the organisation's catalogue, as GET /api/compliance/regimes lists it. */
export const regimeSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  category: z.enum(REGIME_CATEGORIES),
  interval: z.object({ count: z.number().int(), unit: z.enum(INTERVAL_UNITS) }),
  /** Days before the due date from which an obligation shows as due soon. */
  dueSoonDays: z.number().int(),
  anchor: z.enum(ANCHOR_RULES),
  certificateRequired: z.boolean(),
  readings: z.array(readingDefinitionSchema),
  /** The law, standard or guidance that sets the duty and its interval. */
  reference: z.string(),
  /** Where the regime usually applies: what is suggested, never a restriction. */
  appliesTo: z.object({ assetTypes: z.array(z.enum(ASSET_TYPES)), locationTypes: z.array(z.enum(LOCATION_TYPES)) }),
  notes: z.string().nullable(),
  retired: z.boolean(),
});
export type Regime = z.infer<typeof regimeSchema>;
