import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { CALENDAR_FEED_PATH, calendarFeedSchema, newCalendarFeedSchema } from '../../../shared/contract/calendar';
import { notFound } from '../../http-errors';
import { calendarFeedRepo, calendarFile } from './calendar-feed';

const FEED_NOT_FOUND = 'Calendar feed not found: it was replaced or turned off';
/**
 * Requests per minute per address. A token cannot be guessed (256 bits), so this only bounds the
 * load; it is generous because one calendar service fetches many people's feeds from one address.
 */
const FEED_REQUESTS_PER_MINUTE = 120;

/**
 * GET/POST/DELETE /api/account/calendar-feed: the signed-in user's calendar link (ADR 025); GET
 * /api/calendar/{token}.ics: the feed itself, read by a calendar app without a session. The token
 * is the credential, so the app's request log leaves it out (log-redaction.ts).
 */
export function calendarFeedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const feeds = calendarFeedRepo(ctx.db);
    const origin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

    app.get('/api/account/calendar-feed', { config: { permission: 'signed-in' }, schema: { response: { 200: calendarFeedSchema } } }, async (request) =>
      feeds.status(request.user!.id),
    );

    app.post('/api/account/calendar-feed', { config: { permission: 'signed-in' }, schema: { response: { 201: newCalendarFeedSchema } } }, async (request, reply) => {
      const { token, createdAt } = await feeds.renew(request.user!.id);
      return reply.status(201).send({ url: `${origin(request)}${CALENDAR_FEED_PATH}/${token}.ics`, createdAt: createdAt.toISOString() });
    });

    app.delete('/api/account/calendar-feed', { config: { permission: 'signed-in' } }, async (request, reply) => {
      await feeds.revoke(request.user!.id);
      return reply.status(204).send();
    });

    app.get(
      `${CALENDAR_FEED_PATH}/:file`,
      {
        config: { permission: 'public', area: 'unplaced', rateLimit: { max: FEED_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: { params: z.object({ file: z.string().max(100) }) },
      },
      async (request, reply) => {
        const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(request.params.file)?.[1];
        const feed = token ? await feeds.dueDates(token) : undefined;
        if (!feed) throw notFound(FEED_NOT_FOUND);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline; filename="inspections-due.ics"')
          .send(calendarFile(feed.fullName, feed.dueDates, origin(request)));
      },
    );
  };
}
