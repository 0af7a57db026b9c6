import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that are credentials: our own signed links (`sig`) and S3 presigned URLs. A log
 * line with one of them would hand whoever reads the logs a working upload or download link.
 */
const SIGNED_PARAMS = /([?&](?:sig|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#]*/gi;

/** A calendar feed's path ends in its secret token (calendar-feed.routes.ts). */
const CALENDAR_FEED_TOKEN = /(\/api\/calendar\/)[^/?#]+/g;

export function redactSignedParams(url: string): string {
  return url.replace(SIGNED_PARAMS, '$1[redacted]').replace(CALENDAR_FEED_TOKEN, '$1[redacted]');
}

/**
 * A URL with its password replaced (SMTP_URL carries the SMTP password): for the one log line that
 * names the mail server. Anything that does not parse is left out whole.
 */
export function redactUrlPassword(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = 'redacted';
    return url.toString().replace(':redacted@', ':[redacted]@');
  } catch {
    return '[redacted]';
  }
}

/** Fastify's request log fields, with signed query parameters and calendar tokens redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSignedParams(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
