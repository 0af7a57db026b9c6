import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { searchQuery, searchResponseSchema } from '../../../shared/contract/search';
import { searchRepo } from './search.repo';

/** GET /api/search?q= (spec §2 Search, §7). Fewer than 2 characters → 400 with the page's prompt. */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = searchRepo(ctx.db);
    app.get('/api/search', { schema: { querystring: searchQuery, response: { 200: searchResponseSchema } } }, async (request) =>
      repo.search(request.query.q),
    );
  };
}
