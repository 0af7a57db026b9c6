import { z } from 'zod';
import { LOCATION_CURSOR_MAX, LOCATION_TYPES, LOCATIONS_PAGE_MAX, CODE_MAX, NAME_MAX, NOTES_MAX, type LocationType } from '../domain';
import { OBLIGATION_STATUSES } from '../domain/compliance/obligation-status';
import { jsonObjectField, jsonObjectValue, optionalId, optionalText, requiredText, searchParam } from './common';
import { statusCountsSchema } from './compliance';

const coordinate = (label: string, limit: number) =>
  optionalText(30, label).refine(
    (v) => v === null || (/^-?\d+(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= limit),
    `${label} must be a number between -${limit} and ${limit}`,
  );

const metadata = jsonObjectField('Metadata');

/** POST /api/locations (spec §5: 'Name is required', 'Type is required'). */
export const createLocationSchema = z.object({
  name: requiredText(NAME_MAX, 'Name is required', 'Name'),
  type: z.enum(LOCATION_TYPES, { error: 'Type is required' }),
  parentId: optionalId('Parent must be an existing location'),
  code: optionalText(CODE_MAX, 'Code'),
  description: optionalText(NOTES_MAX, 'Description'),
  gpsLat: coordinate('Latitude', 90),
  gpsLon: coordinate('Longitude', 180),
  metadata: metadata.default({}),
});
export type CreateLocationInput = z.input<typeof createLocationSchema>;

/**
 * PATCH /api/locations/{id}: everything but type and parent (a move is not offered). metadata is
 * redeclared without its default, which .partial() would otherwise apply and so wipe the stored one.
 */
export const updateLocationSchema = createLocationSchema.omit({ type: true, parentId: true }).extend({ metadata }).partial();
export type UpdateLocationInput = z.input<typeof updateLocationSchema>;

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(LOCATION_TYPES),
  parentId: z.string().nullable(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  gpsLat: z.string().nullable(),
  gpsLon: z.string().nullable(),
  metadata: jsonObjectValue,
  /** Full path of names from the top, e.g. "Acme Estates / North / Leeds Depot". */
  path: z.string(),
  /** Who created it (ADR 024: some roles may edit only what they created); null when not known. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

/**
 * GET /api/locations: locations ordered by path, optionally filtered (pickers search with a small
 * limit). At most LOCATIONS_PAGE_MAX per response (also the default); when more match, the
 * x-next-cursor header carries the `cursor` of the next page. A larger limit is clamped, not refused.
 */
export const listLocationsQuery = z.object({
  /** One type, or several separated by commas (e.g. the possible parents of a new floor); 'all' or '' for any. */
  type: z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      if (!value || value === 'all') return undefined;
      const types = value.split(',');
      const unknown = types.find((t) => !(LOCATION_TYPES as readonly string[]).includes(t));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Unknown location type: ${unknown}` });
        return z.NEVER;
      }
      return types as LocationType[];
    }),
  parentId: z.uuid('parentId must be a location id').optional(),
  search: searchParam,
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .default(LOCATIONS_PAGE_MAX)
    .transform((n) => Math.min(n, LOCATIONS_PAGE_MAX)),
  cursor: z.string().max(LOCATION_CURSOR_MAX, 'cursor is not valid: start again from the first page').optional(),
});

/** GET /api/locations/summary: per type, the total and the first names (Locations page groups). */
export const locationSummarySchema = z.array(
  z.object({
    type: z.enum(LOCATION_TYPES),
    total: z.number(),
    preview: z.array(z.object({ id: z.string(), name: z.string(), code: z.string().nullable(), path: z.string() })),
  }),
);
export type LocationSummary = z.infer<typeof locationSummarySchema>;

/** GET /api/locations/tree: the children of `parentId`, or the top of the tree (the user's areas, or the estate's roots). */
export const locationTreeQuery = z.object({
  parentId: z.uuid('parentId must be a location id').optional(),
});

/** Children one tree level shows at most; a node with more says so and is searched instead. */
export const LOCATION_TREE_NODES_MAX = 500;

/**
 * One location with the roll-up of its whole subtree (read from the kept counts, so a region costs
 * what a room does): how many locations sit directly under it, its assets, its outstanding actions
 * (open, in progress or waiting) and its obligations per status with the worst of them.
 */
export const locationNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(LOCATION_TYPES),
  code: z.string().nullable(),
  path: z.string(),
  childCount: z.number().int(),
  assetCount: z.number().int(),
  outstandingActions: z.number().int(),
  compliance: z.object({ worst: z.enum(OBLIGATION_STATUSES).nullable(), counts: statusCountsSchema }),
});
export type LocationNode = z.infer<typeof locationNodeSchema>;

/**
 * The tree around one node: the node itself (null at the top), the trail of its ancestors from
 * the top (only those the user may see), and its children, at most LOCATION_TREE_NODES_MAX.
 */
export const locationTreeSchema = z.object({
  node: locationNodeSchema.nullable(),
  ancestors: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(LOCATION_TYPES) })),
  children: z.array(locationNodeSchema),
  childrenTruncated: z.boolean(),
});
export type LocationTree = z.infer<typeof locationTreeSchema>;
