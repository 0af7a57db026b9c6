import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { labelsQuery, selectedLabelsBody } from '../../../shared/contract/labels';
import { LABEL_LAYOUTS, LABELS_MAX, type LabelContent, type LabelLayoutKey } from '../../../shared/domain/labels';
import { assetLink, locationLink } from '../../../shared/domain/scan';
import type { AppContext } from '../../app-context';
import { assets, locations } from '../../db/schema';
import { badRequest, notFound } from '../../http-errors';
import { inAreas } from '../../policy/areas';
import { inSubtree } from '../locations/locations.repo';
import { contentDisposition } from '../media/media-files';
import { filenameSlug } from '../reports/filename-slug';
import { labelSheetPdf, type Label } from './label-sheet';

/** What a label's QR code encodes, by the organisation's setting. */
export const labelQrText = (assetId: string, content: LabelContent, base: string) => (content === 'link' ? assetLink(base, assetId) : assetId);

/** Longest description printed on a label: the rest would not fit. */
const DESCRIPTION_MAX = 80;

const assetColumns = { assetId: assets.assetId, description: assets.description, make: assets.make, model: assets.model };
type AssetRow = { assetId: string; description: string | null; make: string | null; model: string | null };

/**
 * Label sheets (ADR 027): A4 sheets of QR labels, on the chosen layout, in asset-code order.
 * - GET /api/labels.pdf?locationId=&layout=: the assets in a location and everything inside it;
 * - GET /api/labels.pdf?locationId=&kind=locations: a tag for the location and each one inside it,
 *   in path order, encoding the location's link `<base>/l/<id>` whatever the setting (the in-app
 *   scanner reads the link, and a bare id would mean nothing to a phone's own camera);
 * - POST /api/labels.pdf {assetIds, layout}: the assets chosen on the asset list.
 * What an asset's QR code encodes is the organisation's setting: the bare asset code, or a link
 * `<base>/a/<assetId>`. A link's base is the setting's address, else PUBLIC_URL, else the address
 * this request came to.
 */
export function labelsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const linkBase = async (request: FastifyRequest) => {
    const settings = await ctx.settings.get();
    return { content: settings.labelContent, base: settings.labelLinkBase ?? ctx.config.publicUrl ?? `${request.protocol}://${request.host}` };
  };

  const assetLabels = async (request: FastifyRequest, rows: AssetRow[]): Promise<Label[]> => {
    const { content, base } = await linkBase(request);
    return rows.map((row) => ({
      qrText: labelQrText(row.assetId, content, base),
      title: row.assetId,
      description: (row.description || [row.make, row.model].filter(Boolean).join(' ')).slice(0, DESCRIPTION_MAX),
    }));
  };

  const sendSheet = async (reply: FastifyReply, labels: Label[], layout: LabelLayoutKey, title: string, fileName: string) => {
    const pdf = await labelSheetPdf(labels, LABEL_LAYOUTS[layout], title);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', `${fileName}-${layout}.pdf`))
      .send(pdf);
  };

  const tooMany = (what: string) => badRequest(`At most ${LABELS_MAX} labels at a time: ${what}`);

  return async (app) => {
    app.get(
      '/api/labels.pdf',
      // The location is checked against an area manager's areas before the handler runs (404 outside).
      { config: { permission: 'register.read', area: { query: { locationId: 'location' } } }, schema: { querystring: labelsQuery } },
      async (request, reply) => {
        const { locationId, layout, kind } = request.query;
        const [location] = await ctx.db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
        if (!location) throw notFound('Location not found');

        if (kind === 'locations') {
          const places = await ctx.db
            .select({ id: locations.id, name: locations.name, path: locations.path })
            .from(locations)
            .where(inSubtree(locationId))
            .orderBy(asc(locations.path), asc(locations.id))
            .limit(LABELS_MAX + 1);
          if (places.length > LABELS_MAX) throw tooMany('choose a location with fewer locations inside it');
          const { base } = await linkBase(request);
          const tags = places.map((place) => ({ qrText: locationLink(base, place.id), title: place.name, description: place.path.slice(0, DESCRIPTION_MAX) }));
          return sendSheet(reply, tags, layout, `Location tags: ${location.name}`, `location-tags-${filenameSlug(location.name)}`);
        }

        const rows = await ctx.db
          .select(assetColumns)
          .from(assets)
          .where(inArray(assets.locationId, ctx.db.select({ id: locations.id }).from(locations).where(inSubtree(locationId))))
          .orderBy(asc(assets.assetId))
          .limit(LABELS_MAX + 1);
        if (rows.length === 0) throw badRequest(`No assets in ${location.name} to print labels for`);
        if (rows.length > LABELS_MAX) throw tooMany('choose a location with fewer assets');
        return sendSheet(reply, await assetLabels(request, rows), layout, `Labels: ${location.name}`, `labels-${filenameSlug(location.name)}`);
      },
    );

    app.post(
      '/api/labels.pdf',
      // An area manager's choice is read within their areas: an asset outside them counts as not found.
      { config: { permission: 'register.read', area: 'filtered' }, schema: { body: selectedLabelsBody } },
      async (request, reply) => {
        const { assetIds, layout } = request.body;
        const chosen = [...new Set(assetIds)];
        const rows = await ctx.db
          .select(assetColumns)
          .from(assets)
          .where(and(inArray(assets.id, chosen), inAreas(assets.locationId, request.areaRoots)))
          .orderBy(asc(assets.assetId));
        const missing = chosen.length - rows.length;
        if (missing > 0) throw notFound(`${missing} of the chosen assets no longer exist${request.areaRoots ? ' or are outside your areas' : ''}: choose again`);
        return sendSheet(reply, await assetLabels(request, rows), layout, `Labels: ${rows.length} assets`, `labels-${rows.length}-assets`);
      },
    );
  };
}
