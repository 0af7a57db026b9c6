import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeMultipartResponse,
  completeMultipartSchema,
  createMultipartResponse,
  createMultipartSchema,
  multipartParams,
  multipartPartParams,
  multipartPartSchema,
  s3KeyQuery,
  s3ParamsQuery,
  s3ParamsResponse,
  signPartQuery,
  signPartResponse,
} from '../../../shared/contract/uploads';
import { MAX_UPLOAD_BYTES, UPLOAD_STORAGE_REFUSED_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE, UPLOAD_URL_TTL_SECONDS } from '../../../shared/domain/uploads';
import type { AppContext } from '../../app-context';
import { badRequest, HttpError, notFound } from '../../http-errors';
import type { S3ObjectStorage } from '../../storage';
import { isUploadKeyOf } from './upload-keys';
import { uploadGrantsRepo } from './upload-grants.repo';
import { issueUploadGrant } from './upload-quota';
import { uploadRateLimit } from './rate-limit';

export const MULTIPART_NEEDS_S3 = 'Multipart uploads need S3 storage';

/**
 * S3's own client errors (no such upload, a bad part list) become 404/400 with our wording: S3's
 * message (bucket, key, internals) goes to the log only, never to the client.
 */
async function s3Call<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = (err as { name?: string }).name;
    if (name === 'NoSuchUpload' || status === 404) throw notFound('Upload not found: it was completed, aborted or never started');
    if (status === 400) {
      log.warn({ err, s3Error: name }, 'S3 refused a multipart call');
      throw badRequest(UPLOAD_STORAGE_REFUSED_MESSAGE);
    }
    throw err;
  }
}

/**
 * The calls @uppy/aws-s3 6 makes to a Companion server (`companionEndpoint: '/api'`, spec §7), for
 * S3 storage. Keys are chosen here (uploads/<uuid>); every call that takes one checks it was issued
 * to the same user (SEC-UP-5). With local storage they answer 400: the widget then uses single PUTs
 * (files are at most 10 MB, far below the 100 MiB multipart threshold).
 */
export function s3CompanionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const grants = uploadGrantsRepo(ctx.db);
  return async (app) => {
    const s3 = (message = MULTIPART_NEEDS_S3): S3ObjectStorage => {
      if (ctx.storage.kind !== 's3') throw badRequest(message);
      return ctx.storage;
    };
    const ownKey = (request: FastifyRequest, key: string) => {
      if (!isUploadKeyOf(ctx.secret, key, request.user!.id)) throw new HttpError(403, 'This upload key was not issued to you');
      return key;
    };

    app.post(
      '/api/s3/multipart',
      { config: { permission: 'media.upload', area: 'unplaced', rateLimit: uploadRateLimit }, schema: { body: createMultipartSchema, response: { 200: createMultipartResponse } } },
      async (request) => {
        const storage = s3();
        const key = await issueUploadGrant(ctx, request.user!.id);
        const uploadId = await s3Call(request.log, () => storage.createMultipart(key, request.body.type.toLowerCase()));
        return { uploadId, key };
      },
    );

    app.get(
      '/api/s3/multipart/:uploadId',
      { config: { permission: 'media.upload', area: 'unplaced' }, schema: { params: multipartParams, querystring: s3KeyQuery, response: { 200: z.array(multipartPartSchema) } } },
      async (request) => {
        const storage = s3();
        const key = ownKey(request, request.query.key);
        return s3Call(request.log, () => storage.listParts(key, request.params.uploadId));
      },
    );

    app.get(
      '/api/s3/multipart/:uploadId/:partNumber',
      { config: { permission: 'media.upload', area: 'unplaced' }, schema: { params: multipartPartParams, querystring: signPartQuery, response: { 200: signPartResponse } } },
      async (request) => {
        const storage = s3();
        const key = ownKey(request, request.query.key);
        const url = await storage.presignPart(key, request.params.uploadId, request.params.partNumber, {
          expiresIn: UPLOAD_URL_TTL_SECONDS,
          size: request.query.size,
        });
        return { url, expires: UPLOAD_URL_TTL_SECONDS };
      },
    );

    app.post(
      '/api/s3/multipart/:uploadId/complete',
      { config: { permission: 'media.upload', area: 'unplaced' }, schema: { params: multipartParams, querystring: s3KeyQuery, body: completeMultipartSchema, response: { 200: completeMultipartResponse } } },
      async (request) => {
        const storage = s3();
        const key = ownKey(request, request.query.key);
        await s3Call(request.log, () => storage.completeMultipart(key, request.params.uploadId, request.body.parts));
        // Each part was signed for at most 10 MB and there are at most 2; the assembled object must also
        // be. Stale unfinished uploads are aborted by the clean-up (upload-cleanup.ts).
        const info = await storage.head(key);
        if (info && info.size > MAX_UPLOAD_BYTES) {
          await storage.delete(key);
          throw new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE);
        }
        if (info) await grants.markStored(key, info.size, ctx.now());
        return { location: storage.objectUrl(key), key, bucket: storage.bucket };
      },
    );

    app.delete('/api/s3/multipart/:uploadId', { config: { permission: 'media.upload', area: 'unplaced' }, schema: { params: multipartParams, querystring: s3KeyQuery } }, async (request, reply) => {
      const storage = s3();
      const key = ownKey(request, request.query.key);
      await s3Call(request.log, () => storage.abortMultipart(key, request.params.uploadId));
      return reply.status(204).send();
    });

    app.get(
      '/api/s3/params',
      { config: { permission: 'media.upload', area: 'unplaced', rateLimit: uploadRateLimit }, schema: { querystring: s3ParamsQuery, response: { 200: s3ParamsResponse } } },
      async (request) => {
        const storage = s3('Presigned POST uploads need S3 storage: use POST /api/objects/upload');
        const key = await issueUploadGrant(ctx, request.user!.id);
        const { url, fields } = await storage.presignPost(key, {
          contentType: request.query.type.toLowerCase(),
          maxSize: MAX_UPLOAD_BYTES,
          expiresIn: UPLOAD_URL_TTL_SECONDS,
        });
        return { method: 'POST' as const, url, fields, headers: {}, expires: UPLOAD_URL_TTL_SECONDS };
      },
    );

    // Answers 404 (a 4xx, like any call this server does not offer): the client signs per request.
    app.get('/api/s3/sts', { config: { permission: 'media.upload', area: 'unplaced' } }, async () => {
      throw notFound('Temporary S3 credentials are not issued: each upload request is signed by the server');
    });
  };
}
