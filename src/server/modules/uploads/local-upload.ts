import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storedObjectSchema, uploadPieceSchema } from '../../../shared/contract/uploads';
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_MESSAGE, UPLOAD_EMPTY_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../../../shared/domain/uploads';
import type { AppContext } from '../../app-context';
import { badRequest, conflict, HttpError, notFound } from '../../http-errors';
import { sign, verify } from '../../signed-urls';
import { SNIFF_BYTES, sniffMedia } from './sniff';
import { uploadGrantsRepo } from './upload-grants.repo';
import { deleteObjects, exactly, joinedPieces, parsePieceRange, pieceKey, pieceKeysOf } from './upload-pieces';

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

/** The first SNIFF_BYTES of the body (or all of it when shorter), read before anything is written. */
async function firstBytes(chunks: AsyncIterator<Buffer>): Promise<Buffer> {
  const head: Buffer[] = [];
  let received = 0;
  while (received < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    received += next.value.length;
  }
  if (received === 0) throw badRequest(UPLOAD_EMPTY_MESSAGE);
  return Buffer.concat(head);
}

/** What the first bytes say the file is; 415 when they are no image, video or PDF format. */
function sniffed(head: Buffer) {
  const media = sniffMedia(head);
  if (!media) throw new HttpError(415, UPLOAD_CONTENT_MESSAGE);
  return media;
}

/**
 * PUT /api/objects/local/uploads/{id}: the file itself, streamed to storage (local files, or S3 through
 * a temporary file, so memory stays bounded). The session is required (deny by default) and the
 * signature binds it to the user it was issued to. The body may be at most the signed size (10 MB when
 * none was declared) and its first bytes must be an image or video format, whatever the Content-Type
 * says; anything refused leaves nothing stored. A resumable link (ADR 030) also takes the file in
 * pieces (`upload-pieces.ts`): 202 for each piece but the last, whose answer is the whole file's.
 */
export function localUploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const grants = uploadGrantsRepo(ctx.db);

  /**
   * Streams the file to storage under its key, checked on the way: its first bytes must be an image,
   * video or PDF format, whatever the Content-Type says, and going over `limit` fails the write (the
   * storage then removes the partial file).
   */
  async function storeChecked(key: string, chunks: AsyncIterator<Buffer>, limit: number) {
    const head = await firstBytes(chunks);
    if (head.length > limit) throw tooLarge();
    const media = sniffed(head);
    let received = head.length;
    const rest = Readable.from(
      (async function* () {
        yield head;
        for (;;) {
          const next = await chunks.next();
          if (next.done) return;
          received += next.value.length;
          if (received > limit) throw tooLarge();
          yield next.value;
        }
      })(),
    );
    const stored = await ctx.storage.putStream(key, rest, media.mimeType);
    await grants.markStored(key, stored.size, ctx.now());
    return { key, size: stored.size, contentType: media.mimeType };
  }

  return async (app) => {
    // Only in this plugin: hand the body over as a stream (no JSON parsing, no buffering).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    app.put(
      LOCAL_UPLOAD_ROUTE,
      { config: { permission: 'media.upload', area: 'unplaced' }, schema: { params: z.object({ id: z.string().max(100) }), querystring, response: { 200: storedObjectSchema, 202: uploadPieceSchema } } },
      async (request, reply) => {
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
        // One read of the grant: a recorded file is evidence (a still-valid link cannot swap its bytes
        // afterwards), and a discarded one's links must not store it again.
        const grant = await grants.find(key);
        if (grant?.recorded) throw conflict('This upload is already recorded');
        if (!grant || grant.discardedAt) throw new HttpError(403, 'This upload link is not valid: ask for a new one');
        const piece = parsePieceRange(request.headers['content-range'], size);
        if (piece && !grant.resumable) throw badRequest('This upload link takes the whole file in one PUT: ask for a resumable one to send it in pieces');
        const declaredLength = Number(request.headers['content-length'] ?? 0);
        if (declaredLength > (piece ? piece.last - piece.first + 1 : size)) throw tooLarge();

        const body = request.body as Readable | undefined;
        if (!body || typeof body[Symbol.asyncIterator] !== 'function') throw badRequest(UPLOAD_EMPTY_MESSAGE);
        const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        if (!piece) return storeChecked(key, chunks, size);

        // A piece sent again after the file was joined (the last answer was lost): it is stored already.
        const stored = grant.completedAt ? await ctx.storage.head(key) : null;
        if (stored?.size === piece.total) return { key, size: stored.size, contentType: stored.contentType };
        const head = await firstBytes(chunks);
        if (piece.index === 0) sniffed(head);
        await ctx.storage.putStream(pieceKey(key, piece.index), exactly(chunks, head, piece.last - piece.first + 1), 'application/octet-stream');
        if (piece.last + 1 < piece.total) return reply.code(202).send({ key, received: piece.last + 1 });

        const joined = await joinedPieces(ctx.storage, key, piece.total);
        const whole = await storeChecked(key, joined[Symbol.asyncIterator]() as AsyncIterator<Buffer>, size);
        await deleteObjects(ctx.storage, pieceKeysOf(key, piece.total));
        return whole;
      },
    );
  };
}
