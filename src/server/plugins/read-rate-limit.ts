import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Every signed-in read (lists, search, records, files) is limited per session and per route, so one
 * client cannot keep the database busy for everyone (a script looping over search, say). The limit
 * is far above what a person in the screens sends (search waits for typing to pause; lists page by
 * 50). Public routes keep their own limits (sign-in) or none (health); routes that declare a limit
 * of their own keep it. Counted per app process, like the other rate limits.
 *
 * Must be registered before @fastify/rate-limit, whose own onRoute hook reads the config set here.
 */
export function registerReadRateLimit(app: FastifyInstance, maxPerMinute: number): void {
  const limit = {
    max: maxPerMinute,
    timeWindow: '1 minute',
    // The session hook has run by then; a request without one is refused before it is counted.
    keyGenerator: (request: FastifyRequest) => request.sessionToken ?? request.ip,
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('GET') || !route.url.startsWith('/api/')) return;
    route.config ??= {};
    if (route.config.permission === 'public' || route.config.rateLimit !== undefined) return;
    route.config.rateLimit = limit;
  });
}
