import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  idParams,
  OFFLINE_COPY_ACTIONS_MAX,
  OFFLINE_COPY_ASSETS_MAX,
  OFFLINE_COPY_METERS_MAX,
  offlineCopySchema,
  offlineCopyTooLargeMessage,
  type OfflineCopyReadings,
} from '../../../shared/contract';
import { METER_READINGS_PAGE_SIZE } from '../../../shared/domain/meters';
import { locations } from '../../db/schema';
import { isUuid } from '../../db/keyset';
import { badRequest, notFound } from '../../http-errors';
import type { AppContext } from '../../app-context';
import { assetsRepo } from '../assets/assets.repo';
import { metersRepo } from '../meters/meters.repo';
import { actionsRepo } from '../actions/actions.repo';

/**
 * GET /api/locations/{id}/offline-copy (ADR 028, "A site kept offline"): a site's assets, meters (with
 * their latest readings) and open actions in one answer, for a phone to keep before going where there
 * is no signal. Composes the three resources' own readers, so each record is exactly what its own GET
 * answers; it lives apart from them because it belongs to none.
 */
export function offlineCopyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const assets = assetsRepo(ctx.db);
    const meters = metersRepo(ctx.db);
    const actions = actionsRepo(ctx.db, ctx.now);

    app.get(
      '/api/locations/:id/offline-copy',
      // The location is checked against an area manager's areas before the handler runs (404 outside).
      { config: { permission: 'register.read', area: { params: { id: 'location' } } }, schema: { params: idParams, response: { 200: offlineCopySchema } } },
      async (request) => {
        const { id } = request.params;
        const [location] = isUuid(id) ? await ctx.db.select({ id: locations.id, name: locations.name, path: locations.path }).from(locations).where(eq(locations.id, id)) : [];
        if (!location) throw notFound('Location not found');
        // One more than allowed is read, to tell a location that holds too many.
        const refuseAbove = <T>(found: T[], max: number, what: string): T[] => {
          if (found.length > max) throw badRequest(offlineCopyTooLargeMessage(location.name, max, what));
          return found;
        };
        const siteAssets = refuseAbove(await assets.allInLocation(id, OFFLINE_COPY_ASSETS_MAX + 1), OFFLINE_COPY_ASSETS_MAX, 'assets');
        const siteMeters = refuseAbove(await meters.allInLocation(id, OFFLINE_COPY_METERS_MAX + 1), OFFLINE_COPY_METERS_MAX, 'meters');
        const openActions = refuseAbove(await actions.openInLocation(id, OFFLINE_COPY_ACTIONS_MAX + 1), OFFLINE_COPY_ACTIONS_MAX, 'open actions');
        // The first page of each meter's history, as its page asks for it, in one statement for them all.
        const pages = await meters.firstReadingPages(siteMeters.map((meter) => meter.id), METER_READINGS_PAGE_SIZE);
        const readings: OfflineCopyReadings[] = siteMeters.map((meter) => ({ meterId: meter.id, ...(pages.get(meter.id) ?? { items: [], nextCursor: null }) }));
        return { location, assets: siteAssets, meters: siteMeters, readings, actions: openActions };
      },
    );
  };
}
