import { z } from 'zod';
import { CODE_MAX, isOwnMediaUrl, MAX_MULTIPLIER, MAX_READING, METER_TYPES, NOTES_MAX, OWN_MEDIA_URL_MESSAGE, READING_REQUIRED_MESSAGE } from '../domain';
import { cursorParam, limitParam, optionalText, requiredText } from './common';

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** A string is parsed as a whole number, a number truncated to one (spec §5 Meter, Meter reading). */
const toWholeNumber = (v: unknown) => {
  if (typeof v === 'string') return /^\s*-?\d+(\.\d*)?\s*$/.test(v) ? Math.trunc(Number(v)) : Number.NaN;
  if (typeof v === 'number') return Math.trunc(v);
  return v;
};

/** Blank → fallback; otherwise a whole number. */
const wholeNumber = (fallback: number, message: string) =>
  z.preprocess((v) => (isBlank(v) ? fallback : toWholeNumber(v)), z.number({ error: message }).refine(Number.isFinite, message));

/**
 * A whole number that must be given: missing, null or blank is refused with `requiredMessage`, never
 * read as 0. Declared as "a number or a numeric string, required", which is what the API documents.
 */
const requiredWholeNumber = (requiredMessage: string, message: string) =>
  z
    .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : message) })
    .transform((v, ctx) => {
      if (!isBlank(v)) return toWholeNumber(v) as number;
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    })
    .pipe(z.number({ error: message }).refine(Number.isFinite, message));

/** POST /api/meters (spec §5 Meter messages). locationPath comes from the chosen location. */
export const createMeterSchema = z.object({
  meterNumber: requiredText(CODE_MAX, 'Meter number is required', 'Meter number'),
  type: z.enum(METER_TYPES, { error: 'Type is required' }),
  unit: requiredText(20, 'Unit is required', 'Unit'),
  multiplier: wholeNumber(1, 'Multiplier must be a whole number')
    .pipe(z.number().min(1, 'Multiplier must be at least 1').max(MAX_MULTIPLIER, `Multiplier must be at most ${MAX_MULTIPLIER}`)),
  locationId: z.uuid({ error: 'Location is required' }),
});
export type CreateMeterInput = z.input<typeof createMeterSchema>;

export const meterSchema = z.object({
  id: z.string(),
  meterNumber: z.string(),
  type: z.enum(METER_TYPES),
  unit: z.string(),
  multiplier: z.number(),
  locationId: z.string(),
  locationPath: z.string(),
  /** The reading with the latest reading date, and that date (null before the first reading). */
  lastReading: z.number().nullable(),
  lastReadingDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Meter = z.infer<typeof meterSchema>;

const readingValue = z.number().min(0, 'Reading must be a positive number').max(MAX_READING, `Reading must be at most ${MAX_READING}`);

/**
 * POST /api/meter-readings (spec §3: reading "integer, required"; §5 Meter reading messages).
 * recordedBy comes from the session. A reading lower than the one before it is refused unless
 * `confirmReset` says the meter was replaced or rolled over. photoUrl, when given, must be one of our
 * own media URLs (see isOwnMediaUrl).
 */
export const createReadingSchema = z.object({
  meterId: z.uuid({ error: 'Meter is required' }),
  reading: requiredWholeNumber(READING_REQUIRED_MESSAGE, 'Reading must be a positive number').pipe(readingValue),
  readingDate: z.iso.datetime({ offset: true, error: 'Reading date is required' }),
  notes: optionalText(NOTES_MAX, 'Notes'),
  photoUrl: optionalText(2000, 'Photo URL').refine((v) => v === null || isOwnMediaUrl(v), OWN_MEDIA_URL_MESSAGE),
  confirmReset: z.boolean().default(false),
});
export type CreateReadingInput = z.input<typeof createReadingSchema>;

/**
 * The Add Reading form's schema: the server's, except that a blank reading falls back to 0 as spec §5
 * describes. That fallback is the form's choice, made before it sends; the server requires the number.
 */
export const readingFormSchema = createReadingSchema.extend({
  reading: wholeNumber(0, 'Reading must be a positive number').pipe(readingValue),
});

export const readingSchema = z.object({
  id: z.string(),
  meterId: z.string(),
  reading: z.number(),
  readingDate: z.string(),
  recordedBy: z.string(),
  recordedByName: z.string().nullable(),
  notes: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** True when this reading starts afresh (meter replaced or rolled over). */
  isReset: z.boolean(),
  /** (this reading − the previous one) × multiplier; null for the first reading and after a reset. */
  consumption: z.number().nullable(),
  createdAt: z.string(),
});
export type Reading = z.infer<typeof readingSchema>;

/** GET /api/meters: every meter (spec §7), or with `locationId` those anywhere in that location's subtree. */
export const listMetersQuery = z.object({ locationId: z.uuid('locationId must be a location id').optional() });

/** GET /api/meters/{id}/readings: newest reading date first, keyset-paginated (x-next-cursor). */
export const listReadingsQuery = z.object({ limit: limitParam, cursor: cursorParam });
