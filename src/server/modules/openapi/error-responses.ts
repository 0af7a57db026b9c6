import type { RouteOptions } from 'fastify';
import type { OperationDoc } from './operations';

/**
 * The error statuses every route can give because of the plugins in front of it (error-handler.ts,
 * security.ts, session.ts, @fastify/rate-limit), with what each means. All of them answer the one
 * error shape ({ message, errors?, requestId? }); a route's own schema may say otherwise (health's 503).
 */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `message` says what is wrong, `errors` gives each field\'s message',
  401: 'Not signed in (no session cookie, or the session has expired)',
  403: 'Refused as a cross-site request (Origin or Sec-Fetch-Site names another site)',
  404: 'Not found (a malformed id is simply not found)',
  413: 'The request body is too large',
  415: 'A request with a body must send JSON (Content-Type: application/json)',
  429: 'Too many requests: try again after the seconds in Retry-After',
  500: 'Unexpected error: logged on the server, found by `requestId`; no detail is given',
  503: 'The database is unavailable: try again after the seconds in Retry-After',
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Statuses whose answers carry Retry-After (rate limits, sign-in lock-out, database outage). */
export const RETRY_AFTER_STATUSES = [429, 503];

/** Which error statuses a route documents, and why: generic ones from the route's shape, then its own. */
export function errorResponsesFor(method: string, route: RouteOptions, doc: OperationDoc | undefined): Map<number, string> {
  const schema = route.schema ?? {};
  const hasInput = Boolean(schema.body || schema.querystring || schema.params || schema.headers);
  const statuses = new Set<number>([500, 503]);
  if (hasInput || MUTATING.has(method)) statuses.add(400);
  const permission = route.config?.permission;
  if (permission !== 'public') statuses.add(401);
  // The cross-site check and the JSON-only rule (security.ts) stand in front of every write.
  if (MUTATING.has(method)) [403, 415].forEach((s) => statuses.add(s));
  if (schema.body) statuses.add(413);
  if (route.url.includes(':')) statuses.add(404);
  if (route.config?.rateLimit) statuses.add(429);

  // Routes that need a permission of the matrix refuse roles without it (src/server/policy, ADR 024).
  const own: Record<number, string> = { ...doc?.errors };
  if (permission !== undefined && permission !== 'public' && permission !== 'signed-in') {
    const refusal = `The user's role lacks the permission \`${permission}\` (or has it only for records they created)`;
    own[403] = own[403] ? `${own[403]}; or ${refusal.charAt(0).toLowerCase()}${refusal.slice(1)}` : refusal;
  }
  // An Idempotency-Key reused for another request, or whose first request is still running (ADR 028).
  if (route.config?.idempotent) {
    own[422] = 'The Idempotency-Key was already used for a different request';
    const inProgress = 'a request with the same Idempotency-Key is still being processed (Retry-After)';
    own[409] = own[409] ? `${own[409]}; or ${inProgress}` : inProgress.charAt(0).toUpperCase() + inProgress.slice(1);
  }
  for (const status of Object.keys(own)) statuses.add(Number(status));

  const result = new Map<number, string>();
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const specific = own[status];
    const generic = ERROR_DESCRIPTIONS[status];
    // A route's own 403 still meets the generic cross-site check; say both.
    const description = specific && generic && status === 403 && MUTATING.has(method) ? `${specific}; or ${generic.charAt(0).toLowerCase()}${generic.slice(1)}` : (specific ?? generic ?? `HTTP ${status}`);
    result.set(status, description);
  }
  return result;
}
