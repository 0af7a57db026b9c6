import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadRequestSchema, uploadResponseSchema } from '../../../shared/contract/uploads';
import { MAX_UPLOAD_BYTES, UPLOAD_NOT_RESUMABLE_MESSAGE, UPLOAD_PIECE_BYTES, UPLOAD_URL_TTL_SECONDS } from '../../../shared/domain/uploads';
import { conflict } from '../../http-errors';
import { uploadGrantsRepo } from './upload-grants.repo';
import { isUploadKeyOf } from './upload-keys';
import type { AppContext } from '../../app-context';
import { issueUploadGrant } from './upload-quota';
import { localUploadRoutes, localUploadUrl, normaliseType } from './local-upload';
import { s3CompanionRoutes } from './s3-companion.routes';
import { uploadRateLimit } from './rate-limit';

/**
 * The browser's own origin for absolute upload URLs (the widget needs one). A POST always carries
 * Origin, and the security plugin has already checked it is this host; behind a TLS proxy it also
 * has the right scheme where request.protocol might not.
 */
function originOf(request: FastifyRequest): string {
  return request.headers.origin ?? `${request.protocol}://${request.host}`;
}

/**
 * A new link for an unfinished resumable upload of the user's (ADR 030), so the pieces already sent
 * count: its key is checked to be the user's, resumable, neither recorded nor cleaned up, and the link
 * keeps the size first declared. Not counted against the quota again.
 */
async function resumableUpload(ctx: AppContext, userId: string, key: string): Promise<{ key: string; maxSize: number | undefined }> {
  const grant = isUploadKeyOf(ctx.secret, key, userId) ? await uploadGrantsRepo(ctx.db).find(key) : null;
  if (!grant?.resumable || grant.discardedAt || grant.recorded) throw conflict(UPLOAD_NOT_RESUMABLE_MESSAGE);
  return { key, maxSize: grant.declaredSize ?? undefined };
}

/**
 * POST /api/objects/upload (spec §7): a URL for one direct PUT of a photo or video, valid 15 minutes,
 * for a key counted against the user's daily quota (429 beyond it). The spec's client sends no body.
 * - S3, with both size and type declared: a presigned PUT with Content-Type and Content-Length signed.
 * - Otherwise (either storage): the app's own signed PUT route, which enforces the size (10 MB when
 *   undeclared) and sniffs the type itself while it streams the bytes to storage. An S3 presign with
 *   nothing but the host signed would let the holder store any amount of anything, so none is issued.
 * - `resumable: true`: always the app's own link, which also takes the file in pieces (ADR 030); with
 *   `key`, a new link for that unfinished upload.
 * Also registers that PUT route and the companion-compatible S3 calls.
 */
export function uploadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/objects/upload',
      { config: { permission: 'media.upload', area: 'unplaced', rateLimit: uploadRateLimit }, schema: { body: uploadRequestSchema, response: { 200: uploadResponseSchema } } },
      async (request) => {
        const userId = request.user!.id;
        const type = normaliseType(request.body.contentType);
        const { size, resumable, key: resumed } = request.body;
        const { key, maxSize } = resumed ? await resumableUpload(ctx, userId, resumed) : { key: await issueUploadGrant(ctx, userId, size, resumable), maxSize: size };

        if (ctx.storage.kind === 's3' && size !== undefined && type && !resumable) {
          const { url, headers } = await ctx.storage.presignPut(key, { contentType: type, size, expiresIn: UPLOAD_URL_TTL_SECONDS });
          const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
          return { uploadURL: url, key, method: 'PUT' as const, headers, expiresAt };
        }

        const expires = ctx.now().getTime() + UPLOAD_URL_TTL_SECONDS * 1000;
        const uploadURL = localUploadUrl(ctx.secret, { base: originOf(request), userId, key, maxSize: maxSize ?? MAX_UPLOAD_BYTES, type, expires });
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        return { uploadURL, key, method: 'PUT' as const, headers, expiresAt: new Date(expires).toISOString(), ...(resumable && { pieceSize: UPLOAD_PIECE_BYTES }) };
      },
    );

    await app.register(localUploadRoutes(ctx));
    await app.register(s3CompanionRoutes(ctx));
  };
}
