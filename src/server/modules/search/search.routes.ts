import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { searchQuery, searchResponseSchema } from '../../../shared/contract/search';
import { globalSearch } from './global-search';

/** GET /api/search?q= (spec §2 Search, §7). Fewer than 2 characters → 400 with the page's prompt. */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const search = globalSearch(ctx.db, ctx.now);
    app.get('/api/search', { config: { permission: 'register.read', area: 'filtered' }, schema: { querystring: searchQuery, response: { 200: searchResponseSchema } } }, async (request) =>
      search.search(request.query.q, request.areaRoots),
    );
  };
}
