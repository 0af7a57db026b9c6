import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** GET /api/health: readiness, including whether the database answers. 503 when it does not. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { config: { permission: 'public' }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (request, reply) => {
        try {
          await ctx.db.execute(sql`SELECT 1`);
          return { status: 'ok' as const, database: 'up' as const };
        } catch (err) {
          request.log.warn({ err }, 'health check: database unreachable');
          // The same hint as every other 503 of the API (error-handler.ts): load balancers and clients back off.
          return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', database: 'down' });
        }
      },
    );
  };
}
