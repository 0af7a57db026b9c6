import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { HttpError } from '../http-errors';
import { isApiRequest } from './api-request';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browser-facing protections: security headers with a CSP the built client satisfies, no caching
 * of API answers, and cross-site request forgery checks on every request that changes data.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix (scroll lock) and Uppy inject <style> elements; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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

  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method) || !isApiRequest(request)) return;

    // A cross-site page cannot send JSON without a CORS preflight, which this server never grants.
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const contentType = request.headers['content-type'] ?? '';
    if ((request.method !== 'DELETE' || hasBody) && !/^application\/json\b/i.test(contentType)) {
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
