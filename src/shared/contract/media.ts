import { z } from 'zod';
import { NOTES_MAX } from '../domain/limits';
import { sanitizeFilename, UPLOAD_KEY_PATTERN } from '../domain/uploads';
import { optionalId, optionalText } from './common';

/**
 * Photo/video evidence (spec §3 Media), and an inspection's PDF certificates (ADR 025). `url` and
 * `thumbnailUrl` are app URLs for signed-in users.
 */
export const mediaSchema = z.object({
  id: z.string(),
  assetId: z.string().nullable(),
  assessmentId: z.string().nullable(),
  actionId: z.string().nullable(),
  /** The inspection it is evidence of (its asset's, when the obligation is on an asset, in assetId). */
  inspectionId: z.string().nullable(),
  /** 'photo', 'video' or 'document' (MEDIA_TYPES; a document is a PDF, downloaded rather than shown). */
  type: z.string(),
  url: z.string(),
  /** A small WebP preview (320 px) of a photo; null for videos and photos that could not be read. */
  thumbnailUrl: z.string().nullable(),
  filename: z.string(),
  filesize: z.number().nullable(),
  mimeType: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  caption: z.string().nullable(),
  gpsLat: z.string().nullable(),
  gpsLon: z.string().nullable(),
  takenAt: z.string().nullable(),
  uploadedBy: z.string(),
  /** The uploader's full name, for display. */
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/** GET /api/media?assetId=: that asset's media, newest first. */
export const listMediaQuery = z.object({
  assetId: z.uuid('assetId must be an asset id'),
});

export const NO_MEDIA_OWNER_MESSAGE = 'Choose the asset, assessment, action or inspection the file belongs to';

/**
 * POST /api/media: records an object uploaded through POST /api/objects/upload. It belongs to at
 * least one of an asset, an assessment, an action or an inspection (each must exist). Photos and
 * videos go anywhere; a PDF only on an inspection, whose evidence is photos and PDFs (ADR 025).
 * uploadedBy is the session's user; type, size, MIME type, EXIF time and GPS come from the file itself.
 */
export const createMediaSchema = z
  .object({
    key: z.string({ error: 'key is required' }).regex(UPLOAD_KEY_PATTERN, 'key must be the key POST /api/objects/upload returned'),
    filename: z
      .string({ error: 'Filename is required' })
      .max(1000, 'Filename must be at most 1000 characters')
      .transform(sanitizeFilename),
    caption: optionalText(NOTES_MAX, 'Caption'),
    assetId: optionalId('Asset must be an existing asset'),
    assessmentId: optionalId('Assessment must be an existing assessment'),
    actionId: optionalId('Action must be an existing action'),
    inspectionId: optionalId('Inspection must be an existing inspection'),
  })
  .refine((v) => v.assetId || v.assessmentId || v.actionId || v.inspectionId, { message: NO_MEDIA_OWNER_MESSAGE, path: ['assetId'] });
export type CreateMediaInput = z.input<typeof createMediaSchema>;
