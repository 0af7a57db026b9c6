import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { exportRecordSchema, exportRequestSchema, exportResponseSchema } from '../../../shared/contract/reports';
import { idParams } from '../../../shared/contract/common';
import { errorResponseSchema } from '../../../shared/contract/errors';
import { DOWNLOAD_LINK_TTL_MS, MAX_CONCURRENT_EXPORTS, RECENT_EXPORTS } from '../../../shared/domain/reports';
import { isUuid } from '../../db/keyset';
import { badRequest, HttpError, notFound } from '../../http-errors';
import { sign, verify } from '../../signed-urls';
import { exportLimits } from './export-limits';
import { exportQueue } from './export-queue';
import { CONTENT_TYPES, exportFilename, generateReport } from './export-report';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import { reportsRepo, type ExportRow } from './reports.repo';

const downloadQuery = z.object({ expires: z.coerce.number().int().optional(), sig: z.string().max(100).optional() });

/**
 * POST /api/reports/export (spec §7): writes a real .xlsx or .csv and answers { downloadUrl, … }.
 *   One export in progress per user and config.exports.perUserPerHour an hour (429), and a bounded
 *   queue per process (503 when full): one user cannot hold the workers for everyone.
 * GET /api/reports/exports: the user's recent exports with fresh links.
 * GET /api/reports/exports/{id}/download: the file, for its owner only, while the link is valid.
 */
export function reportsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = reportsRepo(ctx.db);
    const limits = exportLimits(ctx);
    const queue = exportQueue({ concurrency: MAX_CONCURRENT_EXPORTS, limit: ctx.config.exports.queueLimit });
    app.addHook('onClose', async () => {
      await limits.close();
    });

    // A link bound to the export, its owner and an expiry (SEC-EXP-2: short-lived, per user).
    const withLink = (row: ExportRow) => {
      const expires = ctx.now().getTime() + DOWNLOAD_LINK_TTL_MS;
      const sig = sign(ctx.secret, ['export', row.id, row.userId, expires]);
      return {
        id: row.id,
        reportType: row.reportType,
        format: row.format,
        locationId: row.locationId,
        locationName: row.locationName,
        filename: row.filename,
        size: row.size,
        rowCount: row.rowCount,
        createdAt: row.createdAt.toISOString(),
        downloadUrl: `/api/reports/exports/${row.id}/download?expires=${expires}&sig=${sig}`,
      };
    };

    app.post(
      '/api/reports/export',
      { config: { permission: 'report.export', area: { body: { locationId: 'location' } } }, schema: { body: exportRequestSchema, response: { 201: exportResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema } } },
      async (request, reply) => {
        const { reportType, format, locationId } = request.body;
        const userId = request.user!.id;
        const location = locationId ? await repo.location(locationId) : null;
        if (locationId && !location) throw badRequest('Location not found', { locationId: 'Location not found' });

        const release = await limits.admit(userId);
        let row: ExportRow;
        try {
          const started = performance.now();
          // A chosen location's subtree, else the areas the user is limited to, else the whole estate.
          const scope = locationId ? [locationId] : request.areaRoots;
          const file = await generateReport(ctx, queue, { reportType, format, scope, today: todayIn(ORGANISATION_TIME_ZONE_DEFAULT, ctx.now()) });
          const now = ctx.now();
          const values = {
            userId,
            reportType,
            format,
            locationId,
            locationName: location?.name ?? null,
            filename: exportFilename(reportType, location?.name ?? null, format, now),
            objectKey: file.objectKey,
            size: file.size,
            rowCount: file.rowCount,
            // The app's clock, which the hourly limit and the retention rule measure against.
            createdAt: now,
          };
          row = await repo.record(values).catch(async (err: unknown) => {
            // A file without a row would never be found by the retention rule: it goes too.
            await ctx.storage.delete(file.objectKey).catch(() => {});
            throw err;
          });
          request.log.info({ reportType, format, rows: file.rowCount, bytes: file.size, ms: Math.round(performance.now() - started) }, 'report exported');
        } finally {
          // Before answering: a client that starts its next export on this answer must find it free.
          await release();
        }
        return reply.status(201).send(withLink(row));
      },
    );

    app.get('/api/reports/exports', { config: { permission: 'register.read', area: 'unplaced' }, schema: { response: { 200: z.array(exportRecordSchema) } } }, async (request) =>
      (await repo.recent(request.user!.id, RECENT_EXPORTS)).map(withLink),
    );

    app.get('/api/reports/exports/:id/download', { config: { permission: 'register.read', area: 'unplaced' }, schema: { params: idParams, querystring: downloadQuery } }, async (request, reply) => {
      const { id } = request.params;
      const row = isUuid(id) ? await repo.ownedBy(id, request.user!.id) : undefined;
      if (!row) throw notFound('Export not found');
      const { expires, sig } = request.query;
      if (!expires || !verify(ctx.secret, ['export', row.id, row.userId, expires], sig)) {
        throw new HttpError(403, 'This download link is not valid. Open the export from Recent Exports.');
      }
      if (expires < ctx.now().getTime()) {
        throw new HttpError(403, 'This download link has expired. Open the export again from Recent Exports.');
      }
      // The file can go between reading the row and opening it (retention deleting it): a 404, not a 500.
      const stream = await ctx.storage.read(row.objectKey).catch(async (err: unknown) => {
        if ((await ctx.storage.head(row.objectKey)) === null) throw notFound('Export not found');
        throw err;
      });
      return reply
        .header('content-type', CONTENT_TYPES[row.format])
        .header('content-disposition', `attachment; filename="${row.filename}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
        .header('content-length', row.size)
        .send(stream);
    });
  };
}
