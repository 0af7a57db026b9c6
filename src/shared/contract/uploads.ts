import { z } from 'zod';
import {
  isAllowedDeclaredType,
  isAllowedUploadType,
  MAX_MULTIPART_PARTS,
  MAX_UPLOAD_BYTES,
  UPLOAD_EMPTY_MESSAGE,
  UPLOAD_PART_NUMBER_MESSAGE,
  UPLOAD_DECLARED_TYPES_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TYPES_MESSAGE,
  UPLOAD_KEY_PATTERN,
  UPLOAD_RESUME_SIZE_MESSAGE,
} from '../domain/uploads';

/**
 * A declared MIME type: image/* or video/*, or a PDF (an inspection's certificate, ADR 025), never
 * SVG or HTML (absent means "not declared").
 */
const declaredType = z.string().trim().max(255).refine(isAllowedDeclaredType, UPLOAD_DECLARED_TYPES_MESSAGE);
/** A declared size in bytes, at most 10 MB. */
const declaredSize = z
  .number({ error: 'size must be a number of bytes' })
  .int('size must be a whole number of bytes')
  .min(1, UPLOAD_EMPTY_MESSAGE)
  .max(MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE);

/**
 * POST /api/objects/upload (spec §7: "empty body"; send `{}` with a JSON content type, SEC-CSRF-2).
 * Declaring the size and type narrows the upload URL to them. The filename never becomes the key.
 * `resumable: true` (ADR 030) asks for the app's own link, which also takes the file in pieces
 * (Content-Range); with `key` as well, a new link for that unfinished upload of the user's, so the
 * pieces already sent count.
 */
export const uploadRequestSchema = z
  .object({
    filename: z.string().max(1000).optional(),
    size: declaredSize.optional(),
    contentType: declaredType.optional(),
    resumable: z.boolean().optional(),
    key: z.string().regex(UPLOAD_KEY_PATTERN, 'key must be an upload key this server issued').optional(),
  })
  .refine((body) => !body.resumable || body.size !== undefined, { message: UPLOAD_RESUME_SIZE_MESSAGE, path: ['size'] })
  .refine((body) => body.key === undefined || body.resumable === true, { message: 'key is only taken with resumable: true', path: ['key'] })
  // Fastify hands a bodiless request (the spec's client) to validation as null.
  .nullish()
  .transform((v) => v ?? {});
export type UploadRequest = z.input<typeof uploadRequestSchema>;

/**
 * Where to PUT the file: the app itself (local storage, a signed link valid 15 minutes) or a
 * presigned S3 URL. Send exactly `headers` with the PUT. `key` is what POST /api/media then records.
 */
export const uploadResponseSchema = z.object({
  uploadURL: z.string(),
  key: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  /** When the URL stops working (ISO time). */
  expiresAt: z.string(),
  /** Resumable links only: the URL also takes the file in pieces of this many bytes (Content-Range). */
  pieceSize: z.number().optional(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** The answer of the local PUT /api/objects/local/uploads/{id} once the whole file is stored. */
export const storedObjectSchema = z.object({
  key: z.string(),
  size: z.number(),
  contentType: z.string(),
});

/** The answer (202) of a piece of a resumable upload that is not its last. */
export const uploadPieceSchema = z.object({
  key: z.string(),
  /** Bytes held from the start of the file: the next piece starts here. */
  received: z.number(),
});
export type UploadPiece = z.infer<typeof uploadPieceSchema>;

// ── Companion-compatible S3 calls (spec §7, what @uppy/aws-s3 6 sends to `${companionEndpoint}/s3/…`) ──

/** Query `?key=` of the calls that continue an upload; the key must have been issued to the same user. */
export const s3KeyQuery = z.object({ key: z.string({ error: 'key is required' }).min(1, 'key is required').max(200) });

/** POST /api/s3/multipart: { filename, type, metadata } → { uploadId, key }. */
export const createMultipartSchema = z.object({
  filename: z.string().max(1000).optional(),
  type: z.string({ error: UPLOAD_TYPES_MESSAGE }).trim().max(255).refine(isAllowedUploadType, UPLOAD_TYPES_MESSAGE),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export const createMultipartResponse = z.object({ uploadId: z.string(), key: z.string() });

export const multipartParams = z.object({ uploadId: z.string().min(1).max(1024) });
/** With files of at most 10 MB and S3's 5 MiB minimum part, an upload has at most 2 parts. */
export const multipartPartParams = multipartParams.extend({
  partNumber: z.coerce
    .number({ error: 'partNumber must be a number' })
    .int('partNumber must be a whole number')
    .min(1, UPLOAD_PART_NUMBER_MESSAGE)
    .max(MAX_MULTIPART_PARTS, UPLOAD_PART_NUMBER_MESSAGE),
});
/**
 * `?size=` (bytes, required): the part URL is signed for exactly that Content-Length, so no part URL
 * takes more than 10 MB. Uppy does not send it, but Uppy only uses multipart above 100 MiB, ten times
 * the largest file accepted, so the spec's widget never asks for a part.
 */
export const signPartQuery = s3KeyQuery.extend({
  size: z.coerce
    .number({ error: 'size is required: the number of bytes of this part (at most 10 MB)' })
    .int('size must be a whole number of bytes')
    .min(1, UPLOAD_EMPTY_MESSAGE)
    .max(MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE),
});

/** GET /api/s3/multipart/{uploadId}?key=: the parts S3 holds so far. */
export const multipartPartSchema = z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() });
/** GET /api/s3/multipart/{uploadId}/{partNumber}?key=: a presigned UploadPart URL. */
export const signPartResponse = z.object({ url: z.string(), expires: z.number() });

/** POST /api/s3/multipart/{uploadId}/complete?key=. */
export const completeMultipartSchema = z.object({
  parts: z
    .array(
      z.object({
        ETag: z.string().min(1).max(200),
        PartNumber: z.number().int().min(1, UPLOAD_PART_NUMBER_MESSAGE).max(MAX_MULTIPART_PARTS, UPLOAD_PART_NUMBER_MESSAGE),
      }),
    )
    .min(1, 'parts must list at least one part')
    .max(MAX_MULTIPART_PARTS, UPLOAD_PART_NUMBER_MESSAGE),
});
export const completeMultipartResponse = z.object({ location: z.string(), key: z.string(), bucket: z.string() });

/**
 * GET /api/s3/params?filename=&type=: a presigned POST (what @uppy/aws-s3 6 sends in companion mode:
 * a form with `fields` then `file`). Its policy pins the key, the type and 1…10 MB.
 */
export const s3ParamsQuery = z.object({
  filename: z.string().max(1000).optional(),
  type: z.string({ error: UPLOAD_TYPES_MESSAGE }).trim().max(255).refine(isAllowedUploadType, UPLOAD_TYPES_MESSAGE),
});
export const s3ParamsResponse = z.object({
  method: z.literal('POST'),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  headers: z.record(z.string(), z.string()),
  /** Seconds the policy stays valid. */
  expires: z.number(),
});
