import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLocationSchema,
  idParams,
  listLocationsQuery,
  locationSchema,
  NEXT_CURSOR_HEADER,
  locationSummarySchema,
  locationTreeQuery,
  locationTreeSchema,
  updateLocationSchema,
  type LocationSummary,
} from '../../../shared/contract';
import { LOCATION_TYPE_LABELS, LOCATION_TYPES, type LocationType } from '../../../shared/domain';
import { isUuid } from '../../db/keyset';
import { badRequest, notFound } from '../../http-errors';
import type { AppContext } from '../../app-context';
import { locationsRepo } from './locations.repo';
import { locationTreeRepo } from './location-tree';
import { decodeLocationCursor, encodeLocationCursor } from './location-cursor';

const PARENT_NOT_FOUND = 'Parent location not found';
const LOCATION_NOT_FOUND = 'Location not found';


/** "A site", "An area": the type's label with its article, for messages. */
function withArticle(type: LocationType): string {
  const word = LOCATION_TYPE_LABELS[type].toLowerCase();
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** e.g. 'A site cannot be placed under a building'. */
export function nestingMessage(parent: LocationType, child: LocationType): string {
  const text = `${withArticle(child)} cannot be placed under ${withArticle(parent)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** GET/POST /api/locations, GET /api/locations/summary, GET /api/locations/tree, GET/PATCH /api/locations/{id}. */
export function locationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = locationsRepo(ctx.db);
    const trees = locationTreeRepo(ctx.db);

    app.get(
      '/api/locations',
      { config: { permission: 'register.read', area: 'filtered' }, schema: { querystring: listLocationsQuery, response: { 200: z.array(locationSchema) } } },
      async (request, reply) => {
        const { type, parentId, search, limit, cursor } = request.query;
        // One row more than the page tells whether another page follows.
        const rows = await repo.list({
          types: type,
          parentId,
          search: search || undefined,
          areaRoots: request.areaRoots,
          after: cursor ? decodeLocationCursor(cursor) : undefined,
          limit: limit + 1,
        });
        const page = rows.slice(0, limit);
        if (rows.length > limit) reply.header(NEXT_CURSOR_HEADER, encodeLocationCursor(page.at(-1)!));
        return page;
      },
    );

    app.get('/api/locations/summary', { config: { permission: 'register.read', area: 'filtered' }, schema: { response: { 200: locationSummarySchema } } }, async (request) => {
      const rows = await repo.groups(request.areaRoots);
      // Hierarchy order, top first; types without locations are left out.
      const summary: LocationSummary = [];
      for (const type of LOCATION_TYPES) {
        const group = rows.filter((r) => r.type === type);
        if (group.length === 0) continue;
        summary.push({
          type,
          total: group[0]!.total,
          preview: group.map(({ id, name, code, path }) => ({ id, name, code, path })),
        });
      }
      return summary;
    });

    app.get(
      '/api/locations/tree',
      { config: { permission: 'register.read', area: { query: { parentId: 'location' } } }, schema: { querystring: locationTreeQuery, response: { 200: locationTreeSchema } } },
      async (request) => {
        const tree = await trees.tree(request.query.parentId, request.areaRoots);
        if (!tree) throw notFound(LOCATION_NOT_FOUND);
        return tree;
      },
    );

    app.post(
      '/api/locations',
      { config: { permission: 'location.create', idempotent: true, area: { body: { parentId: 'location' }, create: true } }, schema: { body: createLocationSchema, response: { 201: locationSchema } } },
      async (request, reply) => {
        const { parentId, ...input } = request.body;
        const result = await repo.create(input, parentId, request.user!.id, reply.keepAnswer((made) => (made.kind === 'created' ? { statusCode: 201, body: made.location } : undefined)));
        if (result.kind === 'parent-missing') throw badRequest(PARENT_NOT_FOUND, { parentId: PARENT_NOT_FOUND });
        if (result.kind === 'cannot-nest') {
          const message = nestingMessage(result.parentType, input.type);
          throw badRequest(message, { parentId: message });
        }
        return reply.status(201).send(result.location);
      },
    );

    app.get(
      '/api/locations/:id',
      { config: { permission: 'register.read', area: { params: { id: 'location' } } }, schema: { params: idParams, response: { 200: locationSchema } } },
      async (request) => {
        const location = isUuid(request.params.id) ? await repo.findById(request.params.id) : undefined;
        if (!location) throw notFound(LOCATION_NOT_FOUND);
        return location;
      },
    );

    app.patch(
      '/api/locations/:id',
      { config: { permission: 'location.update', area: { params: { id: 'location' } } }, schema: { params: idParams, body: updateLocationSchema, response: { 200: locationSchema } } },
      async (request) => {
        // The body cannot carry parentId or type (zod strips them): a location never moves, so no
        // cycle can arise here, and on create the parent already exists above the new row.
        if (!isUuid(request.params.id)) throw notFound(LOCATION_NOT_FOUND);
        await request.authorizeRecord('location.update', () => repo.creatorOf(request.params.id));
        const location = await repo.update(request.params.id, request.body, request.user!.id);
        if (!location) throw notFound(LOCATION_NOT_FOUND);
        return location;
      },
    );
  };
}
