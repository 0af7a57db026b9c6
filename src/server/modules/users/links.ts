import type { FastifyRequest } from 'fastify';

/**
 * A link into the app for an invite or a password reset, on the origin the admin is using. The token
 * travels in the fragment, which browsers never send to a server: it stays out of access logs,
 * proxies and Referer headers; the page reads it and posts it.
 */
export function linkTo(request: FastifyRequest, page: '/invite' | '/reset-password', token: string): string {
  return `${request.protocol}://${request.host}${page}#token=${token}`;
}
