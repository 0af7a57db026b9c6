import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_URL_TTL_SECONDS } from '../../../shared/domain/uploads';
import { HttpError, notFound } from '../../http-errors';
import type { ObjectStorage } from '../../storage';

/**
 * Types a browser may show in place: what the upload sniffer admits, plus the WebP thumbnails. PDF
 * certificates are left out on purpose (ADR 025): a PDF can carry script and forms, so it downloads
 * (`attachment`) instead of opening in the app's origin.
 */
const INLINE_TYPES = /^(image\/(jpeg|png|gif|webp|avif|heic|heif)|video\/(mp4|quicktime|webm|x-matroska|x-m4v|3gpp))$/;
/** Browsers re-fetch within five minutes from their own cache; nothing is shared with other users. */
const CACHE_CONTROL = 'private, max-age=300';

/**
 * Content-Disposition per RFC 6266: an ASCII fallback `filename` and the exact name as UTF-8 in
 * `filename*`. The stored name is already free of CR/LF and quotes; this is the second line of defence.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A single `bytes=a-b` range within the size; null when absent; 'invalid' when it cannot be met. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null; // several ranges or another unit: send it all
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/**
 * Sends a stored photo, video or thumbnail to a signed-in user (SEC-UP-4): with local storage the app
 * streams it (with its real type, nosniff and byte ranges, which video players need); with S3 a
 * redirect to a presigned GET valid 15 minutes, which makes S3 answer with the same type and disposition.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  file: { key: string; contentType: string; filename: string },
): Promise<FastifyReply> {
  const disposition = contentDisposition(INLINE_TYPES.test(file.contentType) ? 'inline' : 'attachment', file.filename);
  if (storage.kind === 's3') {
    const url = await storage.presignGet(file.key, { contentType: file.contentType, contentDisposition: disposition, expiresIn: UPLOAD_URL_TTL_SECONDS });
    return reply.header('cache-control', CACHE_CONTROL).redirect(url, 302);
  }

  const info = await storage.head(file.key);
  if (!info) throw notFound('File not found');
  const range = parseRange(request.headers.range, info.size);
  if (range === 'invalid') {
    throw new HttpError(416, 'Requested range not satisfiable', undefined, { 'content-range': `bytes */${info.size}` });
  }
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', CACHE_CONTROL)
    .header('accept-ranges', 'bytes');
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await storage.readRange(file.key, range.start, range.end));
  }
  return reply.header('content-length', info.size).send(await storage.read(file.key));
}
