import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { historyEntrySchema, historyQuery, idParams, NEXT_CURSOR_HEADER, type HistoryEntry } from '../../../shared/contract';
import type { AppContext } from '../../app-context';
import { isUuid } from '../../db/keyset';
import { badRequest, notFound } from '../../http-errors';
import { referencedIds, toHistoryEntry } from './history-entries';
import { historyRepo } from './history.repo';

/** Audit rows are numbered in commit order, so the last id seen is the whole position. Opaque to clients. */
const encodeCursor = (id: number) => Buffer.from(`audit:${id}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^audit:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('cursor is not valid: start again from the first page');
  return Number(match[1]);
}

/** GET /api/assets/{id}/history: what happened to the asset and its records, newest first. */
export function historyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = historyRepo(ctx.db);

    app.get(
      '/api/assets/:id/history',
      { config: { permission: 'register.read', area: { params: { id: 'asset' } } }, schema: { params: idParams, querystring: historyQuery, response: { 200: z.array(historyEntrySchema) } } },
      async (request, reply) => {
        const { id } = request.params;
        const { limit, cursor } = request.query;
        const beforeId = cursor ? decodeCursor(cursor) : undefined;
        const assetCode = isUuid(id) ? await repo.assetCode(id) : undefined;
        if (assetCode === undefined) throw notFound('Asset not found');

        const rows = await repo.page(id, limit, beforeId);
        const pageRows = rows.slice(0, limit);
        if (rows.length > limit) reply.header(NEXT_CURSOR_HEADER, encodeCursor(pageRows.at(-1)!.id));

        // Updates carry only the changed fields, so their record's code comes from its create row
        // (the asset's own code is at hand: rows loaded in bulk have no create row).
        const needSubject = pageRows.filter((r) => r.operation === 'update' && r.entityId !== id).map((r) => r.entityId);
        const [subjects, names] = await Promise.all([
          repo.subjects([...new Set(needSubject)]),
          repo.referenceNames(referencedIds(pageRows, id)),
        ]);
        subjects.set(id, assetCode);
        return pageRows.map((row) => toHistoryEntry(row, id, names, subjects)).filter((e): e is HistoryEntry => e !== undefined);
      },
    );
  };
}
