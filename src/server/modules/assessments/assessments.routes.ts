import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';

/** /api/assessments routes (being built). */
export function assessmentsRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
