import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { createMediaSchema, idParams, listMediaQuery, mediaSchema } from '../../../shared/contract';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/keyset';
import { badRequest, conflict, HttpError, notFound, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../http-errors';
import { EVIDENCE_LIMIT_MESSAGE } from '../../../shared/domain/uploads';
import { isUploadKeyOf } from '../uploads/upload-keys';
import { inspectUpload } from './inspect-upload';
import { sendStoredObject } from './media-files';
import { mediaRepo } from './media.repo';
import { deleteStoredObjects } from './stored-objects';

const MEDIA_NOT_FOUND = 'Media not found';
const UPLOAD_EXPIRED_MESSAGE = 'This upload was not recorded in time and has been deleted: upload the file again';
const PG_FOREIGN_KEY_VIOLATION = '23503';

export const mediaFileUrl = (id: string) => `/api/media/${id}/file`;

/**
 * GET /api/media?assetId= (spec §7), POST /api/media (records an upload: a photo or video, or an
 * inspection's photo or PDF certificate, ADR 025), GET /api/media/{id}/file and /thumbnail,
 * DELETE /api/media/{id}.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = mediaRepo(ctx.db);

    // An unknown (well-formed) assetId simply has no media: an empty list, as for any filter.
    app.get('/api/media', { config: { permission: 'register.read', area: { query: { assetId: 'asset' } } }, schema: { querystring: listMediaQuery, response: { 200: z.array(mediaSchema) } } }, async (request) => {
      return repo.listForAsset(request.query.assetId);
    });

    /**
     * Each owner must exist; an assessment, action or inspection must belong to the asset given with
     * it. The asset is the one they show (an inspection's is its obligation's, when on an asset), so
     * the file is on the asset's Media tab too.
     */
    const resolveAsset = async (body: { assetId: string | null; assessmentId: string | null; actionId: string | null; inspectionId: string | null }) => {
      let assetId = body.assetId;
      if (assetId && !(await repo.assetExists(assetId))) throw badRequest('Asset not found', { assetId: 'Asset not found' });
      if (body.assessmentId) {
        const owner = await repo.assessmentOwner(body.assessmentId);
        if (!owner) throw badRequest('Assessment not found', { assessmentId: 'Assessment not found' });
        if (assetId && owner.assetId !== assetId) {
          throw badRequest('The assessment belongs to another asset', { assessmentId: 'The assessment belongs to another asset' });
        }
        assetId = owner.assetId;
      }
      if (body.actionId) {
        const owner = await repo.actionOwner(body.actionId);
        if (!owner) throw badRequest('Action not found', { actionId: 'Action not found' });
        if (assetId && owner.assetId && owner.assetId !== assetId) {
          throw badRequest('The action belongs to another asset', { actionId: 'The action belongs to another asset' });
        }
        assetId ??= owner.assetId;
      }
      if (body.inspectionId) {
        const owner = await repo.inspectionOwner(body.inspectionId);
        if (!owner) throw badRequest('Inspection not found', { inspectionId: 'Inspection not found' });
        if (assetId && owner.assetId && owner.assetId !== assetId) {
          throw badRequest('The inspection belongs to another asset', { inspectionId: 'The inspection belongs to another asset' });
        }
        assetId ??= owner.assetId;
      }
      return assetId;
    };

    const area = { body: { assetId: 'asset', assessmentId: 'assessment', actionId: 'action', inspectionId: 'inspection' }, create: true } as const;
    app.post('/api/media', { config: { permission: 'media.upload', area, idempotent: true }, schema: { body: createMediaSchema, response: { 201: mediaSchema } } }, async (request, reply) => {
      const { key, filename, caption, assessmentId, actionId, inspectionId } = request.body;
      const userId = request.user!.id;
      // An inspection's evidence is part of recording it (ADR 025): whoever may record inspections
      // may add to any one in their areas, after the fact too. Evidence is never edited, only deleted
      // by the media delete rule.
      if (inspectionId) await request.authorize('inspection.record');
      // Only the uploader may record an upload (SEC-UP-5), and only once: a row owns its file.
      if (!isUploadKeyOf(ctx.secret, key, userId)) throw new HttpError(403, 'This upload key was not issued to you');
      if (await repo.isRecorded(key)) throw conflict('This upload is already recorded', { key: 'This upload is already recorded' });
      const assetId = await resolveAsset(request.body);

      const file = await inspectUpload(ctx.storage, key, { forInspection: inspectionId !== null });
      const id = crypto.randomUUID();
      const thumbnailKey = file.thumbnail ? `thumbs/${id}.webp` : null;
      if (thumbnailKey && file.thumbnail) {
        await ctx.storage.putStream(thumbnailKey, Readable.from([file.thumbnail]), 'image/webp', file.thumbnail.length);
      }

      const result = await repo
        .insert(
          {
            id,
            url: mediaFileUrl(id),
            assetId,
            assessmentId,
            actionId,
            inspectionId,
            type: file.type,
            filename,
            filesize: file.size,
            mimeType: file.mimeType,
            width: file.width,
            height: file.height,
            caption,
            gpsLat: file.gpsLat,
            gpsLon: file.gpsLon,
            takenAt: file.takenAt,
            objectKey: key,
            thumbnailKey,
            uploadedBy: userId,
          },
          request.user!.fullName,
          reply.keepAnswer((made) => (made.kind === 'recorded' ? { statusCode: 201, body: made.media } : undefined)),
        )
        .catch(async (err: unknown) => {
          await deleteStoredObjects(ctx.storage, [thumbnailKey], request.log);
          const code = pgErrorCode(err);
          // The same upload recorded twice at once, or an owner deleted meanwhile.
          if (code === PG_UNIQUE_VIOLATION) throw conflict('This upload is already recorded', { key: 'This upload is already recorded' });
          if (code === PG_FOREIGN_KEY_VIOLATION) throw badRequest('The asset, assessment, action or inspection no longer exists');
          throw err;
        });
      if (result.kind === 'upload-discarded') {
        await deleteStoredObjects(ctx.storage, [thumbnailKey], request.log);
        throw badRequest(UPLOAD_EXPIRED_MESSAGE, { key: UPLOAD_EXPIRED_MESSAGE });
      }
      if (result.kind === 'evidence-full') {
        // The upload itself is sound: it stays until the clean-up, like any upload not recorded.
        await deleteStoredObjects(ctx.storage, [thumbnailKey], request.log);
        throw badRequest(EVIDENCE_LIMIT_MESSAGE, { inspectionId: EVIDENCE_LIMIT_MESSAGE });
      }
      request.log.info({ mediaId: id, key, type: file.type, bytes: file.size }, 'media recorded');
      return reply.status(201).send(result.media);
    });

    const findRecorded = async (id: string) => {
      const row = isUuid(id) ? await repo.findById(id) : undefined;
      if (!row) throw notFound(MEDIA_NOT_FOUND);
      return row;
    };

    app.get('/api/media/:id/file', { config: { permission: 'register.read', area: { params: { id: 'media' } } }, schema: { params: idParams } }, async (request, reply) => {
      const row = await findRecorded(request.params.id);
      if (!row.objectKey) throw notFound('File not found');
      return sendStoredObject(request, reply, ctx.storage, {
        key: row.objectKey,
        contentType: row.mimeType ?? 'application/octet-stream',
        filename: row.filename,
      });
    });

    app.get('/api/media/:id/thumbnail', { config: { permission: 'register.read', area: { params: { id: 'media' } } }, schema: { params: idParams } }, async (request, reply) => {
      const row = await findRecorded(request.params.id);
      if (!row.thumbnailKey) throw notFound('This file has no thumbnail');
      const name = row.filename.replace(/\.[^.]*$/, '') || 'thumbnail';
      return sendStoredObject(request, reply, ctx.storage, { key: row.thumbnailKey, contentType: 'image/webp', filename: `${name}.webp` });
    });

    app.delete('/api/media/:id', { config: { permission: 'media.delete', area: { params: { id: 'media' } } }, schema: { params: idParams } }, async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound(MEDIA_NOT_FOUND);
      await request.authorizeRecord('media.delete', async () => (await repo.findById(request.params.id))?.uploadedBy);
      const row = await repo.delete(request.params.id, request.user!.id);
      if (!row) throw notFound(MEDIA_NOT_FOUND);
      await deleteStoredObjects(ctx.storage, [row.objectKey, row.thumbnailKey], request.log);
      return reply.status(204).send();
    });
  };
}
