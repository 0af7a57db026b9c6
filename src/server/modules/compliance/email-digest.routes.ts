import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { emailDigestSchema, updateEmailDigestSchema } from '../../../shared/contract/email-digest';
import { emailDigestPreferencesRepo } from './email-digests';

/**
 * GET/PUT /api/account/email-digest: whether this server sends email (SMTP_URL) and whether the
 * signed-in user wants digests of the inspections they answer for falling due (ADR 025, reminders).
 * The choice is kept even while no SMTP server is set, for when one is.
 */
export function emailDigestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const preferences = emailDigestPreferencesRepo(ctx.db);
    const smtpConfigured = ctx.config.smtp !== undefined;

    app.get('/api/account/email-digest', { config: { permission: 'signed-in' }, schema: { response: { 200: emailDigestSchema } } }, async (request) => ({
      smtpConfigured,
      enabled: await preferences.enabled(request.user!.id),
    }));

    app.put(
      '/api/account/email-digest',
      { config: { permission: 'signed-in' }, schema: { body: updateEmailDigestSchema, response: { 200: emailDigestSchema } } },
      async (request) => {
        await preferences.set(request.user!.id, request.body.enabled);
        return { smtpConfigured, enabled: request.body.enabled };
      },
    );
  };
}
