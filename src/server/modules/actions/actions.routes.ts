import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** /api/actions routes (being built). */
export function actionsRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
