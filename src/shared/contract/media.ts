import { z } from 'zod';

/** Photo/video evidence (spec §3 Media). Uploading arrives with the object-storage work. */
export const mediaSchema = z.object({
  id: z.string(),
  assetId: z.string().nullable(),
  assessmentId: z.string().nullable(),
  actionId: z.string().nullable(),
  type: z.string(),
  url: z.string(),
  filename: z.string(),
  filesize: z.number().nullable(),
  mimeType: z.string().nullable(),
  caption: z.string().nullable(),
  gpsLat: z.string().nullable(),
  gpsLon: z.string().nullable(),
  takenAt: z.string().nullable(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/** GET /api/media?assetId=: that asset's media, newest first. */
export const listMediaQuery = z.object({
  assetId: z.uuid('assetId must be an asset id'),
});
