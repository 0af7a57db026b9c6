import { z } from 'zod';
import { CODE_MAX, MAX_MULTIPLIER, MAX_READING, METER_TYPES, NOTES_MAX } from '../domain';
import { cursorParam, limitParam, optionalText, requiredText } from './common';

/** Blank → fallback; a string is parsed as a whole number (spec §5 Meter, Meter reading). */
const wholeNumber = (fallback: number, message: string) =>
  z.preprocess(
    (v) => {
      if (v === '' || v === null || v === undefined) return fallback;
      if (typeof v === 'string') return /^\s*-?\d+(\.\d*)?\s*$/.test(v) ? Math.trunc(Number(v)) : Number.NaN;
      if (typeof v === 'number') return Math.trunc(v);
      return v;
    },
    z.number({ error: message }).refine(Number.isFinite, message),
  );

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

/**
 * POST /api/meter-readings (spec §5 Meter reading messages). recordedBy comes from the session.
 * A reading lower than the one before it is refused unless `confirmReset` says the meter was
 * replaced or rolled over.
 */
export const createReadingSchema = z.object({
  meterId: z.uuid({ error: 'Meter is required' }),
  reading: wholeNumber(0, 'Reading must be a positive number').pipe(
    z.number().min(0, 'Reading must be a positive number').max(MAX_READING, `Reading must be at most ${MAX_READING}`),
  ),
  readingDate: z.iso.datetime({ offset: true, error: 'Reading date is required' }),
  notes: optionalText(NOTES_MAX, 'Notes'),
  photoUrl: optionalText(2000, 'Photo URL'),
  confirmReset: z.boolean().default(false),
});
export type CreateReadingInput = z.input<typeof createReadingSchema>;

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

/** GET /api/meters/{id}/readings: newest reading date first, keyset-paginated (x-next-cursor). */
export const listReadingsQuery = z.object({ limit: limitParam, cursor: cursorParam });
