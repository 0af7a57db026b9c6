import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMediaQuery, mediaSchema, type Media } from '../../../shared/contract';
import type { AppContext } from '../../app-context';
import { mediaRepo, type MediaRow } from './media.repo';

function toMedia(row: MediaRow): Media {
  return {
    id: row.id,
    assetId: row.assetId,
    assessmentId: row.assessmentId,
    actionId: row.actionId,
    type: row.type,
    url: row.url,
    filename: row.filename,
    filesize: row.filesize,
    mimeType: row.mimeType,
    caption: row.caption,
    gpsLat: row.gpsLat,
    gpsLon: row.gpsLon,
    takenAt: row.takenAt?.toISOString() ?? null,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/media?assetId=: one asset's photos and videos (uploading arrives with object storage). */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = mediaRepo(ctx.db);

    // An unknown (well-formed) assetId simply has no media: an empty list, as for any filter.
    app.get('/api/media', { schema: { querystring: listMediaQuery, response: { 200: z.array(mediaSchema) } } }, async (request) => {
      const rows = await repo.listForAsset(request.query.assetId);
      return rows.map(toMedia);
    });
  };
}
