import { z } from 'zod';
import { assetSchema } from './assets';

/**
 * GET /api/locations/{id}/offline-copy (ADR 028, "A site kept offline"): every asset in a location
 * and inside it, as GET /api/assets/{id} shows each, for a surveyor to keep on the phone before going
 * where there is no signal. Refused above OFFLINE_COPY_ASSETS_MAX: choose a building instead.
 */
export const offlineCopyPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/offline-copy`;

/** Enough for a large site (a few megabytes on the phone); a region is refused. */
export const OFFLINE_COPY_ASSETS_MAX = 5_000;

export const offlineCopySchema = z.object({
  location: z.object({ id: z.string(), name: z.string(), path: z.string() }),
  assets: z.array(assetSchema),
});
export type OfflineCopy = z.infer<typeof offlineCopySchema>;
