import { z } from 'zod';
import { METER_READINGS_PAGE_SIZE } from '../domain/meters';
import { actionSchema } from './actions';
import { assetSchema } from './assets';
import { meterSchema, readingSchema } from './meters';

/**
 * GET /api/locations/{id}/offline-copy (ADR 028, "A site kept offline"): what a surveyor keeps on the
 * phone before going where there is no signal: every asset in a location and inside it (as GET
 * /api/assets/{id} shows each), every meter (as GET /api/meters/{id}) with the first page of its
 * readings (as GET /api/meters/{id}/readings?limit=METER_READINGS_PAGE_SIZE), and every action not
 * done on an asset there (as GET /api/actions/{id}). Refused above any of the caps below: choose a
 * building instead.
 */
export const offlineCopyPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/offline-copy`;

/** Enough for a large site (a few megabytes on the phone); a region is refused. */
export const OFFLINE_COPY_ASSETS_MAX = 5_000;
/** A large site has a few hundred meters; each comes with a page of readings (METER_READINGS_PAGE_SIZE). */
export const OFFLINE_COPY_METERS_MAX = 1_000;
/** Remedial work still open on a large site; done actions are history and stay on the server. */
export const OFFLINE_COPY_ACTIONS_MAX = 5_000;

/** The first page of a meter's readings, newest first, and the cursor of the next (null on the last). */
export const offlineCopyReadingsSchema = z.object({
  meterId: z.string(),
  items: z.array(readingSchema).max(METER_READINGS_PAGE_SIZE),
  nextCursor: z.string().nullable(),
});
export type OfflineCopyReadings = z.infer<typeof offlineCopyReadingsSchema>;

export const offlineCopySchema = z.object({
  location: z.object({ id: z.string(), name: z.string(), path: z.string() }),
  assets: z.array(assetSchema),
  meters: z.array(meterSchema),
  /** One entry per meter, in the meters' order. */
  readings: z.array(offlineCopyReadingsSchema),
  /** Open, in progress or waiting (OPEN_ACTION_STATUSES), on an asset in the location's subtree. */
  actions: z.array(actionSchema),
});
export type OfflineCopy = z.infer<typeof offlineCopySchema>;

/** The 400 when a location holds more of a kind of record than a device should keep. */
export const offlineCopyTooLargeMessage = (locationName: string, max: number, what: string) =>
  `${locationName} holds more than ${max.toLocaleString('en-GB')} ${what}, too many to keep on a device: choose a building or floor inside it`;
