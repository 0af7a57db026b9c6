import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { dashboardStatsSchema } from '../../../shared/contract/dashboard';
import { dashboardRepo } from './dashboard.repo';

/** GET /api/dashboard/stats (spec §7). */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = dashboardRepo(ctx.db);
    app.get('/api/dashboard/stats', { config: { permission: 'register.read', area: 'filtered' }, schema: { response: { 200: dashboardStatsSchema } } }, async (request) => repo.stats(ctx.now(), request.areaRoots));
  };
}
