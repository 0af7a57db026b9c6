import { z } from 'zod';
import { INTERVAL_COUNT_MAX, INTERVAL_UNITS, isCalendarDate } from '../domain/compliance/calendar-date';
import { ANCHOR_RULES, INSPECTION_RESULTS, REGIME_CATEGORIES } from '../domain/compliance/regimes';
import { OBLIGATION_STATES, OBLIGATION_STATUSES } from '../domain/compliance/obligation-status';
import { CODE_MAX, NAME_MAX, NOTES_MAX, SHORT_TEXT_MAX } from '../domain/limits';
import { cursorParam, limitParam, optionalDate, optionalId, optionalText, requiredText } from './common';
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

const intervalSchema = z.object({
  count: z
    .number({ error: 'Interval must be a whole number' })
    .int('Interval must be a whole number')
    .min(1, 'Interval must be at least 1')
    .max(INTERVAL_COUNT_MAX, `Interval must be at most ${INTERVAL_COUNT_MAX}`),
  unit: z.enum(INTERVAL_UNITS, { error: 'Choose days, weeks, months or years' }),
});

/** The longest due-soon window a regime may have: a year's notice. */
export const DUE_SOON_DAYS_MAX = 366;

/** A regime's editable fields, without defaults (a PATCH must not reset what it does not mention). */
const regimeFields = {
  name: requiredText(NAME_MAX, 'Name is required', 'Name'),
  category: z.enum(REGIME_CATEGORIES, { error: 'Choose a category' }),
  interval: intervalSchema,
  dueSoonDays: z
    .number({ error: 'Due-soon window must be a whole number of days' })
    .int('Due-soon window must be a whole number of days')
    .min(0, 'Due-soon window cannot be negative')
    .max(DUE_SOON_DAYS_MAX, `Due-soon window must be at most ${DUE_SOON_DAYS_MAX} days`),
  anchor: z.enum(ANCHOR_RULES, { error: 'Choose how the next date is set' }),
  certificateRequired: z.boolean({ error: 'Certificate required must be true or false' }),
  reference: optionalText(SHORT_TEXT_MAX, 'Reference'),
  appliesTo: z.object({
    assetTypes: z.array(z.enum(ASSET_TYPES, { error: 'Unknown asset type' })).max(ASSET_TYPES.length),
    locationTypes: z.array(z.enum(LOCATION_TYPES, { error: 'Unknown location level' })).max(LOCATION_TYPES.length),
  }),
  notes: optionalText(NOTES_MAX, 'Notes'),
};

/**
 * POST /api/compliance/regimes (org admins, `regime.manage`): a regime of the organisation's own
 * (an insurer's requirement, a landlord's), beside the UK catalogue.
 */
export const createRegimeSchema = z.object({
  ...regimeFields,
  dueSoonDays: regimeFields.dueSoonDays.default(30),
  anchor: regimeFields.anchor.default('from_completion'),
  certificateRequired: regimeFields.certificateRequired.default(false),
  appliesTo: regimeFields.appliesTo.default({ assetTypes: [], locationTypes: [] }),
});
export type CreateRegimeInput = z.input<typeof createRegimeSchema>;

/**
 * PATCH /api/compliance/regimes/{id}: any subset, and `retired` to withdraw a regime from new
 * obligations (those it has keep running). A new interval, window or anchor moves the due dates of
 * its obligations from their last completion; past inspections and their results stay as they were.
 */
export const updateRegimeSchema = z.object({ ...regimeFields, retired: z.boolean({ error: 'Retired must be true or false' }) }).partial();
export type UpdateRegimeInput = z.input<typeof updateRegimeSchema>;

/** The due-soon window must end before the next occurrence starts, or an obligation would never be compliant. */
export const DUE_SOON_TOO_LONG_MESSAGE = 'The due-soon window must be shorter than the interval';

/**
 * POST /api/obligations: a regime on an asset or on a location (a building's EICR, a site's fire
 * risk assessment). `startOn` is the first due date while nothing has been recorded (and a fixed
 * cadence's anchor); an interval of its own needs a reason.
 */
export const createObligationSchema = z
  .object({
    regimeId: z.uuid({ error: 'Choose a regime' }),
    assetId: optionalId('Asset must be an existing asset'),
    locationId: optionalId('Location must be an existing location'),
    startOn: optionalDate('First due date'),
    interval: intervalSchema.nullish().transform((v) => v ?? null),
    intervalReason: optionalText(SHORT_TEXT_MAX, 'Reason for the interval'),
    responsibleUserId: optionalId('Responsible person must be a user'),
    contractor: optionalText(SHORT_TEXT_MAX, 'Contractor'),
  })
  .refine((v) => (v.assetId === null) !== (v.locationId === null), { message: 'Choose an asset or a location', path: ['assetId'] })
  .refine((v) => v.interval === null || v.intervalReason !== null, { message: 'Say why this obligation has an interval of its own', path: ['intervalReason'] });
export type CreateObligationInput = z.input<typeof createObligationSchema>;

/**
 * POST /api/obligations/bulk: put a regime on every asset of its usual types under a location (and,
 * for a regime of locations, on every location of its usual levels there), skipping those that have
 * it already and disposed assets. At most BULK_OBLIGATIONS_MAX at once.
 */
export const bulkObligationsSchema = z.object({
  regimeId: z.uuid({ error: 'Choose a regime' }),
  locationId: z.uuid({ error: 'Choose a location' }),
  responsibleUserId: optionalId('Responsible person must be a user'),
});
export const bulkObligationsResultSchema = z.object({ created: z.number().int(), existing: z.number().int() });
export const BULK_OBLIGATIONS_MAX = 20_000;

/** PATCH /api/obligations/{id}: who is responsible, the interval, and whether it is in force. */
export const updateObligationSchema = z
  .object({
    state: z.enum(OBLIGATION_STATES, { error: 'Choose active, suspended or not applicable' }).optional(),
    stateReason: optionalText(SHORT_TEXT_MAX, 'Reason'),
    interval: intervalSchema.nullish(),
    intervalReason: optionalText(SHORT_TEXT_MAX, 'Reason for the interval'),
    responsibleUserId: optionalId('Responsible person must be a user'),
    contractor: optionalText(SHORT_TEXT_MAX, 'Contractor'),
  })
  .partial()
  .refine((v) => v.state === undefined || v.state === 'active' || (v.stateReason ?? null) !== null, {
    message: 'Say why the obligation is suspended or does not apply',
    path: ['stateReason'],
  })
  .refine((v) => !v.interval || (v.intervalReason ?? null) !== null, { message: 'Say why this obligation has an interval of its own', path: ['intervalReason'] });
export type UpdateObligationInput = z.input<typeof updateObligationSchema>;

/** An obligation with its regime, dates and status (computed by the shared rules, ADR 025). */
export const obligationSchema = z.object({
  id: z.string(),
  regime: z.object({ id: z.string(), key: z.string(), name: z.string(), category: z.enum(REGIME_CATEGORIES) }),
  assetId: z.string().nullable(),
  locationId: z.string(),
  /** The interval in force: the obligation's own, else the regime's. */
  interval: z.object({ count: z.number().int(), unit: z.enum(INTERVAL_UNITS) }),
  intervalOverridden: z.boolean(),
  intervalReason: z.string().nullable(),
  responsibleUserId: z.string().nullable(),
  responsibleName: z.string().nullable(),
  contractor: z.string().nullable(),
  state: z.enum(OBLIGATION_STATES),
  stateReason: z.string().nullable(),
  startOn: z.string().nullable(),
  lastCompletedOn: z.string().nullable(),
  lastResult: z.enum(INSPECTION_RESULTS).nullable(),
  /** The certificate number of the inspection that counts, when it had one. */
  lastCertificateNumber: z.string().nullable(),
  certificateExpiresOn: z.string().nullable(),
  nextDueOn: z.string().nullable(),
  status: z.enum(OBLIGATION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Obligation = z.infer<typeof obligationSchema>;

/** GET /api/obligations: an asset's or a location's obligations. */
export const listObligationsQuery = z
  .object({
    assetId: z.uuid('assetId must be an asset id').optional(),
    locationId: z.uuid('locationId must be a location id').optional(),
  })
  .refine((v) => (v.assetId === undefined) !== (v.locationId === undefined), { message: 'Give an assetId or a locationId', path: ['assetId'] });

/** Readings per inspection: the catalogue's regimes take at most a handful (sentinel temperatures). */
export const READINGS_MAX = 20;

/**
 * POST /api/inspections: append-only. `id` may be chosen by the client (a phone retrying after a
 * lost answer gets the first record back, not a second); a correction names the entry it corrects.
 * The date may be in the past, never in the future.
 */
export const createInspectionSchema = z.object({
  id: z.uuid('Inspection id must be a UUID').optional(),
  obligationId: z.uuid({ error: 'Choose an obligation' }),
  performedOn: z
    .string({ error: 'Date performed is required' })
    .trim()
    .min(1, 'Date performed is required')
    .refine(isCalendarDate, 'Date performed must be a date (YYYY-MM-DD)'),
  result: z.enum(INSPECTION_RESULTS, { error: 'Choose pass, pass with observations or fail' }),
  performedById: optionalId('Performed by must be a user'),
  contractor: optionalText(SHORT_TEXT_MAX, 'Contractor'),
  readings: z
    .record(z.string().max(SHORT_TEXT_MAX), z.number({ error: 'Readings must be numbers' }))
    .refine((r) => Object.keys(r).length <= READINGS_MAX, `At most ${READINGS_MAX} readings`)
    .default({}),
  certificateNumber: optionalText(CODE_MAX, 'Certificate number'),
  certificateExpiresOn: optionalDate('Certificate expiry'),
  notes: optionalText(NOTES_MAX, 'Notes'),
  correctsId: optionalId('The corrected inspection must be an existing inspection'),
});
export type CreateInspectionInput = z.input<typeof createInspectionSchema>;

/**
 * A file of an inspection's evidence (ADR 025): a photo, whose `thumbnailUrl` is a small preview,
 * or a PDF certificate ('document'), which `url` downloads.
 */
export const inspectionEvidenceSchema = z.object({
  id: z.string(),
  type: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  filename: z.string(),
  mimeType: z.string().nullable(),
});
export type InspectionEvidence = z.infer<typeof inspectionEvidenceSchema>;

export const inspectionSchema = z.object({
  id: z.string(),
  obligationId: z.string(),
  performedOn: z.string(),
  result: z.enum(INSPECTION_RESULTS),
  performedById: z.string().nullable(),
  performedByName: z.string().nullable(),
  contractor: z.string().nullable(),
  readings: z.record(z.string(), z.number()),
  certificateNumber: z.string().nullable(),
  certificateExpiresOn: z.string().nullable(),
  notes: z.string().nullable(),
  correctsId: z.string().nullable(),
  /** Set when a later entry corrects this one: it no longer counts. */
  correctedById: z.string().nullable(),
  recordedById: z.string(),
  /** Who entered it, for the history when no performer is named. */
  recordedByName: z.string().nullable(),
  /** Its photos and certificates, in the order they were added. */
  evidence: z.array(inspectionEvidenceSchema),
  createdAt: z.string(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

/** GET /api/compliance/summary: a subtree (or the whole estate, or the user's areas), narrowed to a category or a regime. */
export const complianceSummaryQuery = z.object({
  locationId: z.uuid('locationId must be a location id').optional(),
  category: z.enum(REGIME_CATEGORIES, 'Choose a regime category').optional(),
  regimeId: z.uuid('regimeId must be a regime id').optional(),
});

/** Obligations per status: every status, 0 when none. */
export const statusCountsSchema = z.object(Object.fromEntries(OBLIGATION_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof OBLIGATION_STATUSES)[number], z.ZodNumber>);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

const placeSchema = z.object({ id: z.string(), name: z.string(), path: z.string(), type: z.enum(LOCATION_TYPES) });

/** One cell of the matrix: a row's obligations of one regime. */
export const complianceCellSchema = z.object({
  regimeId: z.string(),
  worst: z.enum(OBLIGATION_STATUSES),
  counts: statusCountsSchema,
});

/**
 * The /compliance screen's figures (ADR 025): the scope's counts per status, and a matrix whose rows
 * are the scope's children (or the user's areas, or the estate's top locations), each with its
 * whole subtree's counts, and whose columns are the regimes in force there. `own` is the row of the
 * chosen location's own obligations (a site's fire risk assessment), when it has any.
 */
export const complianceSummarySchema = z.object({
  location: placeSchema.nullable(),
  counts: statusCountsSchema,
  regimes: z.array(z.object({ id: z.string(), key: z.string(), name: z.string(), category: z.enum(REGIME_CATEGORIES) })),
  rows: z.array(
    z.object({
      location: placeSchema,
      own: z.boolean(),
      worst: z.enum(OBLIGATION_STATUSES).nullable(),
      counts: statusCountsSchema,
      cells: z.array(complianceCellSchema),
    }),
  ),
  /** More children than the matrix shows (COMPLIANCE_ROWS_MAX). */
  rowsTruncated: z.boolean(),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;

/** Children a matrix shows at most; a node with more is opened one child at a time. */
export const COMPLIANCE_ROWS_MAX = 500;

/**
 * GET /api/compliance/obligations: the work list of a scope (a subtree, the user's areas, or the
 * estate), soonest due first, so the overdue come first, most overdue at the top; narrowed by
 * status, category, regime and responsible person. `limit` rows (default 50, max 200); an
 * `x-next-cursor` header when more follow.
 */
export const obligationWorklistQuery = z.object({
  locationId: z.uuid('locationId must be a location id').optional(),
  status: z.enum(OBLIGATION_STATUSES, 'Choose an obligation status').optional(),
  category: z.enum(REGIME_CATEGORIES, 'Choose a regime category').optional(),
  regimeId: z.uuid('regimeId must be a regime id').optional(),
  responsibleUserId: z.uuid('responsibleUserId must be a user id').optional(),
  limit: limitParam,
  cursor: cursorParam,
});

/** A work list entry: the obligation with what and where it is, and how many days it is overdue. */
export const obligationWorkItemSchema = obligationSchema.extend({
  asset: z.object({ id: z.string(), code: z.string(), description: z.string().nullable() }).nullable(),
  locationPath: z.string(),
  daysOverdue: z.number().int(),
});
export type ObligationWorkItem = z.infer<typeof obligationWorkItemSchema>;
