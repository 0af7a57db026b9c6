import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { regimeSchema } from '../../../shared/contract/compliance';
import { regimesRepo } from './regimes.repo';

/** GET /api/compliance/regimes (ADR 025). */
export function complianceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const regimes = regimesRepo(ctx.db);

    // The catalogue is the organisation's, the same for every area.
    app.get(
      '/api/compliance/regimes',
      { config: { permission: 'register.read', area: 'unplaced' }, schema: { response: { 200: z.array(regimeSchema) } } },
      async () => regimes.list(),
    );
  };
}
