import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ASSET_CHANGED_MESSAGE,
  assetConflictSchema,
  assetSchema,
  IF_MATCH_INVALID_MESSAGE,
  createAssetSchema,
  idParams,
  listAssetsQuery,
  NEXT_CURSOR_HEADER,
  updateAssetSchema,
} from '../../../shared/contract';
import { isUuid } from '../../db/keyset';
import { JSON_CONTENT_TYPE, jsonPageOf } from '../../db/json-rows';
import { basedOnOf } from '../../if-match';
import { badRequest, conflict, notFound } from '../../http-errors';
import { liesInAreas } from '../../policy/areas';
import type { AppContext } from '../../app-context';
import { assetsRepo } from './assets.repo';
import { deleteStoredObjects } from '../media/stored-objects';

const ASSET_NOT_FOUND = 'Asset not found';
const locationNotFound = () => badRequest('Location not found', { locationId: 'Location not found' });
const CLIENT_ID_TAKEN = 'This client asset id is already used by another asset';


/** GET/POST /api/assets, GET/PATCH/DELETE /api/assets/{id}. */
export function assetsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = assetsRepo(ctx.db);

    // The body is z.array(assetListItemSchema), written by PostgreSQL (db/json-rows.ts) and sent as
    // it comes, so there is no response schema to serialise with; the tests check the shape.
    app.get('/api/assets', { config: { permission: 'register.read', area: 'filtered' }, schema: { querystring: listAssetsQuery } }, async (request, reply) => {
      const { limit, search, ...filters } = request.query;
      const page = jsonPageOf(await repo.list({ ...filters, limit, search: search || undefined, areaRoots: request.areaRoots }), limit);
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return reply.type(JSON_CONTENT_TYPE).send(page.body);
    });

    app.post(
      '/api/assets',
      { config: { permission: 'asset.create', idempotent: true, area: { body: { locationId: 'location' }, create: true } }, schema: { body: createAssetSchema, response: { 200: assetSchema, 201: assetSchema } } },
      async (request, reply) => {
        // The body schema has already dropped id, assetId, locationPath, photoUrls, createdBy and the
        // times; the creator is the session's user and the path comes from the location.
        // A repeated clientAssetId ('existing') wrote nothing: its answer is kept as it is sent.
        const result = await repo.create(request.body, request.user!, reply.keepAnswer((made) => (made.kind === 'created' ? { statusCode: 201, body: made.asset } : undefined)));
        if (result.kind === 'location-missing') throw locationNotFound();
        // A client id already used outside the user's areas names an asset they may not see.
        const roots = request.areaRoots;
        if (result.kind === 'existing' && roots && !(await liesInAreas(ctx.db, roots, 'asset', result.asset.id))) {
          throw conflict(CLIENT_ID_TAKEN, { clientAssetId: CLIENT_ID_TAKEN });
        }
        // A repeated clientAssetId answers 200 with the asset the first request created.
        return reply.status(result.kind === 'created' ? 201 : 200).send(result.asset);
      },
    );

    app.get(
      '/api/assets/:id',
      { config: { permission: 'register.read', area: { params: { id: 'asset' } } }, schema: { params: idParams, response: { 200: assetSchema } } },
      async (request) => {
        const asset = isUuid(request.params.id) ? await repo.findById(request.params.id) : undefined;
        if (!asset) throw notFound(ASSET_NOT_FOUND);
        return asset;
      },
    );

    app.patch(
      '/api/assets/:id',
      {
        config: { permission: 'asset.update', idempotent: true, area: { params: { id: 'asset' }, body: { locationId: 'location' } } },
        schema: { params: idParams, body: updateAssetSchema, response: { 200: assetSchema, 412: assetConflictSchema } },
      },
      async (request, reply) => {
        if (!isUuid(request.params.id)) throw notFound(ASSET_NOT_FOUND);
        const basedOn = basedOnOf(request, IF_MATCH_INVALID_MESSAGE);
        await request.authorizeRecord('asset.update', () => repo.creatorOf(request.params.id));
        const result = await repo.update(request.params.id, request.body, request.user!.id, basedOn, reply.keepAnswer((made) => (made && !('kind' in made) ? { statusCode: 200, body: made } : undefined)));
        if (!result) throw notFound(ASSET_NOT_FOUND);
        if ('kind' in result) {
          if (result.kind === 'changed') return reply.status(412).send({ message: ASSET_CHANGED_MESSAGE, current: result.current });
          throw locationNotFound();
        }
        return result;
      },
    );

    app.delete('/api/assets/:id', { config: { permission: 'asset.delete', area: { params: { id: 'asset' } } }, schema: { params: idParams } }, async (request, reply) => {
      const deleted = isUuid(request.params.id) ? await repo.delete(request.params.id, request.user!.id) : undefined;
      if (!deleted) throw notFound(ASSET_NOT_FOUND);
      // Its photos and videos go too, once the rows are gone (a storage failure is only logged).
      await deleteStoredObjects(ctx.storage, deleted.objectKeys, request.log);
      return reply.status(204).send();
    });
  };
}
