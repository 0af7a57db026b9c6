import type { FastifyRequest } from 'fastify';

/**
 * True when the request is for the API. The matched route's pattern decides, not the raw URL: the
 * router decodes percent-escapes, so "/%61pi/logout" reaches the /api/logout route although its raw
 * URL does not start with /api/ (which would skip the session and cross-site checks).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith('/api/');
}
