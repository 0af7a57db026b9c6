import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { HttpError } from '../http-errors';
import { isApiRequest } from './api-request';
import { LOCAL_UPLOAD_ROUTE } from '../modules/uploads/local-upload';
import { IMPORT_UPLOAD_ROUTE } from '../modules/import/imports.routes';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browser-facing protections: security headers with a CSP the built client satisfies, no caching
 * of API answers, and cross-site request forgery checks on every request that changes data.
 */
export async function registerSecurity(app: FastifyInstance, options: { storageOrigin?: string } = {}): Promise<void> {
  // With S3, browsers show presigned GETs and PUT uploads straight to the bucket's origin.
  const storage = options.storageOrigin ? [options.storageOrigin] : [];
  // Built once: @fastify/helmet rebuilt the whole middleware (CSP parsing included) on every request,
  // a visible cost in the asset list's CPU profile. The headers are the same for every response.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the scanner's Worker compile its WebAssembly decoder (ADR 027); it
        // allows WebAssembly compilation only, not eval() or inline scripts.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Radix (scroll lock) and Uppy inject <style> elements; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storage],
        mediaSrc: ["'self'", 'blob:', ...storage],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storage],
        // The scanner's decoding Worker (ADR 027), the service worker (/sw.js) and the web manifest
        // of the installable app (ADR 028): same origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
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

    // A cross-site page cannot send JSON without a CORS preflight, which this server never grants, so
    // a request with a body must be JSON. The one exception is the upload PUT, which carries the raw
    // file: a cross-site page cannot forge it usefully, because it needs a URL signed by this server
    // for this user and key, which only a same-origin call (POST /api/objects/upload) hands out.
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const contentType = request.headers['content-type'];
    const isJson = contentType !== undefined && /^application\/json\b/i.test(contentType);
    const isSignedUpload = request.method === 'PUT' && request.routeOptions.url === LOCAL_UPLOAD_ROUTE;
    // A spreadsheet to import is sent as itself too (ADR 029); with no preflight to stop it, the
    // same-origin checks below are what refuse a cross-site post of one.
    const isImportUpload = request.method === 'POST' && request.routeOptions.url === IMPORT_UPLOAD_ROUTE;
    // Bodiless calls (the spec's POST /api/logout and /api/objects/upload send no body and no
    // Content-Type) pass; an empty body that names a form type (an HTML form with no fields) does not.
    if (!isSignedUpload && !isImportUpload && (hasBody || contentType !== undefined) && !isJson) {
      throw new HttpError(415, 'Requests that change data must be sent as JSON (Content-Type: application/json)');
    }

    // Origin and Fetch Metadata, which browsers always send on cross-site writes, decide the rest. A
    // request without a JSON body has no preflight to stop it, so it must come from this very origin.
    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(origin, request)) throw new HttpError(403, 'Cross-site request refused');
    const site = request.headers['sec-fetch-site'];
    const allowedSites = isJson ? ['same-origin', 'same-site', 'none'] : ['same-origin', 'none'];
    if (site !== undefined && !allowedSites.includes(String(site))) throw new HttpError(403, 'Cross-site request refused');
  });
}

/** Origin names this server as the browser reached it: same host, and the same scheme. */
function isSameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    const url = new URL(origin);
    return url.host === request.host && url.protocol === `${request.protocol}:`;
  } catch {
    return false;
  }
}
