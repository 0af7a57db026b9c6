import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** /api/media routes (being built). */
export function mediaRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
