import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** /api/locations routes (being built). */
export function locationsRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
