import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** /api/assets routes (being built). */
export function assetsRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
