import { z } from 'zod';
import { SCAN_CODE_MAX } from '../domain';
import { assetSchema } from './assets';
import { locationSchema } from './locations';

export const SCAN_CODE_REQUIRED = 'Scan or type a code';

/** GET /api/scan?code=: the text a scanner read or a user typed (a code or a label's link). */
export const scanQuery = z.object({
  code: z
    .string({ error: SCAN_CODE_REQUIRED })
    .trim()
    .min(1, SCAN_CODE_REQUIRED)
    .max(SCAN_CODE_MAX, `A code must be at most ${SCAN_CODE_MAX} characters`),
});
export type ScanQuery = z.infer<typeof scanQuery>;

/** What a scanned asset code opens: enough to show and link to the asset. */
export const scannedAssetSchema = assetSchema.pick({
  id: true,
  assetId: true,
  type: true,
  description: true,
  locationId: true,
  locationPath: true,
});
export const scannedLocationSchema = locationSchema.pick({ id: true, name: true, type: true, path: true });
export type ScannedAsset = z.infer<typeof scannedAssetSchema>;
export type ScannedLocation = z.infer<typeof scannedLocationSchema>;

/**
 * What the code names: an asset (by assetId, barcode or clientAssetId, or an asset link), a location
 * (a location tag's link, or a location's id), or nothing the user can see (`unknown`).
 */
export const scanResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('asset'), asset: scannedAssetSchema }),
  z.object({ kind: z.literal('location'), location: scannedLocationSchema }),
  /** `code`: the barcode to register a new asset with; null for a link or a text too long to be one. */
  z.object({ kind: z.literal('unknown'), code: z.string().nullable() }),
]);
export type ScanResult = z.infer<typeof scanResultSchema>;
