import type { FastifyRequest } from 'fastify';

/** Issuing upload URLs is cheap but each is a credential: a generous per-user limit (SEC-UP-2). */
export const uploadRateLimit = {
  max: 120,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
};
