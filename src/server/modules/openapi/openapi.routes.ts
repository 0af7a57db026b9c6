import type { FastifyPluginAsync } from 'fastify';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of the whole API. Public: it holds nothing
 * secret, and integrators need it before they have an account. Built and serialised once, on the
 * first request (the routes are all known by then).
 */
export function openApiRoutes(): FastifyPluginAsync {
  return async (app) => {
    let body: string | undefined;
    app.get(OPENAPI_PATH, { config: { permission: 'public' } }, async (_request, reply) => {
      body ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(body);
    });
  };
}
