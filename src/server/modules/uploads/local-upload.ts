import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedObjectSchema } from '../../../shared/contract/uploads';
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_MESSAGE, UPLOAD_EMPTY_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../../../shared/domain/uploads';
import type { AppContext } from '../../app-context';
import { badRequest, conflict, HttpError, notFound } from '../../http-errors';
import { mediaRepo } from '../media/media.repo';
import { sign, verify } from '../../signed-urls';
import { SNIFF_BYTES, sniffMedia } from './sniff';
import { uploadGrantsRepo } from './upload-grants.repo';

/**
 * The app's own upload route, used with local storage and, with S3, whenever the client did not
 * declare both size and type. The one route that takes a raw body: security.ts exempts exactly it
 * from the JSON-only rule. ("local" is the path it was published under; it serves both storages.)
 */
export const LOCAL_UPLOAD_ROUTE = '/api/objects/local/uploads/:id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A MIME type as compared with a signed one: lower case, without parameters. */
export const normaliseType = (value: string | undefined) => (value ?? '').split(';')[0]!.trim().toLowerCase();

const signedParts = (userId: string, key: string, size: number, type: string, expires: number) => ['upload', userId, key, size, type, expires];

/**
 * The app's own upload URL: a PUT of this key only, for this user, of at most
 * `maxSize` bytes (the declared size, else 10 MB) and of the declared type (when one was declared),
 * until `expires` (ms since the epoch).
 */
export function localUploadUrl(secret: string, options: { base: string; userId: string; key: string; maxSize: number; type: string; expires: number }): string {
  const { base, userId, key, maxSize, type, expires } = options;
  const sig = sign(secret, signedParts(userId, key, maxSize, type, expires));
  const query = new URLSearchParams({ expires: String(expires), size: String(maxSize), type, sig });
  return `${base}/api/objects/local/${key}?${query}`;
}

const querystring = z.object({
  expires: z.coerce.number().int().optional(),
  size: z.coerce.number().int().min(1).max(MAX_UPLOAD_BYTES).optional(),
  type: z.string().max(255).default(''),
  sig: z.string().max(100).optional(),
});

const tooLarge = () => new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE);

/**
 * PUT /api/objects/local/uploads/{id}: the file itself, streamed to storage (local files, or S3 through
 * a temporary file, so memory stays bounded). The session is required (deny by default) and the
 * signature binds it to the user it was issued to. The body may be at most the signed size (10 MB when
 * none was declared) and its first bytes must be an image or video format, whatever the Content-Type
 * says; anything refused leaves nothing stored.
 */
export function localUploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const grants = uploadGrantsRepo(ctx.db);
  return async (app) => {
    // Only in this plugin: hand the body over as a stream (no JSON parsing, no buffering).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    app.put(
      LOCAL_UPLOAD_ROUTE,
      { config: { permission: 'media.upload', area: 'unplaced' }, schema: { params: z.object({ id: z.string().max(100) }), querystring, response: { 200: storedObjectSchema } } },
      async (request) => {
        if (!UUID.test(request.params.id)) throw notFound();
        const key = `uploads/${request.params.id}`;
        const { expires, size, type, sig } = request.query;
        if (!expires || !size || !verify(ctx.secret, signedParts(request.user!.id, key, size, type, expires), sig)) {
          throw new HttpError(403, 'This upload link is not valid: ask for a new one');
        }
        if (expires < ctx.now().getTime()) throw new HttpError(403, 'Request has expired');
        if (type && normaliseType(request.headers['content-type']) !== type) {
          throw new HttpError(403, `This upload link is for a file of type ${type}`);
        }
        // A recorded file is evidence: a still-valid link cannot swap its bytes afterwards.
        if (await mediaRepo(ctx.db).isRecorded(key)) throw conflict('This upload is already recorded');
        if (await grants.isDiscarded(key)) throw new HttpError(403, 'This upload link is not valid: ask for a new one');
        const declaredLength = Number(request.headers['content-length'] ?? 0);
        if (declaredLength > size) throw tooLarge();

        const body = request.body as Readable | undefined;
        if (!body || typeof body[Symbol.asyncIterator] !== 'function') throw badRequest(UPLOAD_EMPTY_MESSAGE);
        const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;

        // Sniff the first bytes before anything is written.
        const headChunks: Buffer[] = [];
        let received = 0;
        while (received < SNIFF_BYTES) {
          const next = await chunks.next();
          if (next.done) break;
          headChunks.push(next.value);
          received += next.value.length;
        }
        if (received > size) throw tooLarge();
        if (received === 0) throw badRequest(UPLOAD_EMPTY_MESSAGE);
        const head = Buffer.concat(headChunks);
        const sniffed = sniffMedia(head);
        if (!sniffed) throw new HttpError(415, UPLOAD_CONTENT_MESSAGE);

        // The rest streams through a byte counter; going over the limit fails the write, and the
        // storage removes the partial file.
        const rest = Readable.from(
          (async function* () {
            yield head;
            for (;;) {
              const next = await chunks.next();
              if (next.done) return;
              received += next.value.length;
              if (received > size) throw tooLarge();
              yield next.value;
            }
          })(),
        );
        const stored = await ctx.storage.putStream(key, rest, sniffed.mimeType);
        await grants.markStored(key, stored.size, ctx.now());
        request.log.info({ key, bytes: stored.size, type: sniffed.mimeType }, 'upload stored');
        return { key, size: stored.size, contentType: sniffed.mimeType };
      },
    );
  };
}
