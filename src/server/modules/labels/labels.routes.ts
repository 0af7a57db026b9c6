import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, inArray } from 'drizzle-orm';
import { labelsQuery } from '../../../shared/contract/labels';
import { LABEL_LAYOUTS, LABELS_MAX, type LabelContent } from '../../../shared/domain/labels';
import { assetLink } from '../../../shared/domain/scan';
import type { AppContext } from '../../app-context';
import { assets, locations } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';
import { inSubtree } from '../locations/locations.repo';
import { contentDisposition } from '../media/media-files';
import { filenameSlug } from '../reports/filename-slug';
import { labelSheetPdf } from './label-sheet';

/** What a label's QR code encodes, by the organisation's setting. */
export const labelQrText = (assetId: string, content: LabelContent, base: string) => (content === 'link' ? assetLink(base, assetId) : assetId);

/** Longest description printed on a label: the rest would not fit. */
const DESCRIPTION_MAX = 80;

/**
 * GET /api/labels.pdf?locationId=&layout=: an A4 sheet of labels for the assets in a location and
 * everything inside it, in asset-code order (ADR 027). What the QR codes encode is the
 * organisation's setting: the bare asset code, or a link `<base>/a/<assetId>` whose base is the
 * setting's address, else PUBLIC_URL, else the address this request came to.
 */
export function labelsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/labels.pdf',
      // The location is checked against an area manager's areas before the handler runs (404 outside).
      { config: { permission: 'register.read', area: { query: { locationId: 'location' } } }, schema: { querystring: labelsQuery } },
      async (request, reply) => {
        const { locationId, layout } = request.query;
        const [location] = await ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
        if (!location) throw notFound('Location not found');

        const rows = await ctx.db
          .select({ assetId: assets.assetId, description: assets.description, make: assets.make, model: assets.model })
          .from(assets)
          .where(inArray(assets.locationId, ctx.db.select({ id: locations.id }).from(locations).where(inSubtree(locationId))))
          .orderBy(asc(assets.assetId))
          .limit(LABELS_MAX + 1);
        if (rows.length === 0) throw badRequest(`No assets in ${location.name} to print labels for`);
        if (rows.length > LABELS_MAX) throw badRequest(`At most ${LABELS_MAX} labels at a time: choose a location with fewer assets`);

        const settings = await ctx.settings.get();
        const base = settings.labelLinkBase ?? ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
        const labels = rows.map((row) => ({
          qrText: labelQrText(row.assetId, settings.labelContent, base),
          assetId: row.assetId,
          description: (row.description || [row.make, row.model].filter(Boolean).join(' ')).slice(0, DESCRIPTION_MAX),
        }));
        const pdf = await labelSheetPdf(labels, LABEL_LAYOUTS[layout], `Labels: ${location.name}`);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition('attachment', `labels-${filenameSlug(location.name)}-${layout}.pdf`))
          .send(pdf);
      },
    );
  };
}
