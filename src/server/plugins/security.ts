import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { HttpError } from '../http-errors';
import { isApiRequest } from './api-request';
import { LOCAL_UPLOAD_ROUTE } from '../modules/uploads/local-upload';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browser-facing protections: security headers with a CSP the built client satisfies, no caching
 * of API answers, and cross-site request forgery checks on every request that changes data.
 */
export async function registerSecurity(app: FastifyInstance, options: { storageOrigin?: string } = {}): Promise<void> {
  // With S3, browsers show presigned GETs and PUT uploads straight to the bucket's origin.
  const storage = options.storageOrigin ? [options.storageOrigin] : [];
  // Built once: @fastify/helmet rebuilt the whole middleware (CSP parsing included) on every request,
  // ~45 µs each (CPU profile of the asset list). The headers are the same for every response.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix (scroll lock) and Uppy inject <style> elements; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storage],
        mediaSrc: ["'self'", 'blob:', ...storage],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storage],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only makes sense over TLS; it is added below when the request came over HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setSecurityHeaders(request.raw, reply.raw, () => done()));

  app.addHook('onSend', async (request, reply) => {
    // Media files set their own short private caching; every other API answer is not stored.
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method) || !isApiRequest(request)) return;

    // A cross-site page cannot send JSON without a CORS preflight, which this server never grants.
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const contentType = request.headers['content-type'] ?? '';
    // The one exception is the local upload PUT, which carries the raw file: a cross-site page cannot
    // forge it usefully, because it needs a URL signed by this server for this user, key, size and
    // type, which only a same-origin JSON call (POST /api/objects/upload) hands out. Origin is still checked.
    const isSignedUpload = request.method === 'PUT' && request.routeOptions.url === LOCAL_UPLOAD_ROUTE;
    if (!isSignedUpload && (request.method !== 'DELETE' || hasBody) && !/^application\/json\b/i.test(contentType)) {
      throw new HttpError(415, 'Requests that change data must be sent as JSON (Content-Type: application/json)');
    }

    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(origin, request.host)) {
      throw new HttpError(403, 'Cross-site request refused');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'Cross-site request refused');
  });
}

function isSameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
