import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrationSchema, settingsSchema, updateSettingsSchema, type Settings } from '../../../shared/contract/users';
import { ADJUSTABLE_ROLES, DEFAULT_MATRIX } from '../../../shared/domain/permissions';
import { ROLES } from '../../../shared/domain/roles';
import type { AppContext } from '../../app-context';
import { transactionAs } from '../../db/actor';
import { effectiveMatrix } from '../../policy/policy';
import type { OrganisationSettings } from '../../policy/organisation-settings';

function toSettings(settings: OrganisationSettings): Settings {
  return {
    registrationMode: settings.registrationMode,
    withdrawn: Object.fromEntries(ROLES.map((role) => [role, settings.withdrawn[role] ?? []])) as Settings['withdrawn'],
    matrix: effectiveMatrix(settings.withdrawn),
    defaultMatrix: DEFAULT_MATRIX,
    labelContent: settings.labelContent,
    labelLinkBase: settings.labelLinkBase,
  };
}

/** GET /api/registration (who may sign up, for the sign-in page) and the Settings page's calls (ADR 024). */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/registration', { config: { permission: 'public' }, schema: { response: { 200: registrationSchema } } }, async () => ({
      mode: (await ctx.settings.get()).registrationMode,
    }));

    app.get('/api/settings', { config: { permission: 'settings.manage' }, schema: { response: { 200: settingsSchema } } }, async () =>
      toSettings(await ctx.settings.get()),
    );

    app.patch(
      '/api/settings',
      { config: { permission: 'settings.manage' }, schema: { body: updateSettingsSchema, response: { 200: settingsSchema } } },
      async (request) => {
        const { registrationMode, withdrawn, labelContent, labelLinkBase } = request.body;
        // Roles left out of `withdrawn` keep what they had; org admins always keep everything.
        const current = await ctx.settings.get();
        const nextWithdrawn = withdrawn && {
          ...current.withdrawn,
          ...Object.fromEntries(ADJUSTABLE_ROLES.filter((role) => withdrawn[role] !== undefined).map((role) => [role, withdrawn[role]])),
        };
        await transactionAs(ctx.db, request.user!.id, (tx) => ctx.settings.update(tx, { registrationMode, withdrawn: nextWithdrawn, labelContent, labelLinkBase }));
        request.log.info({ event: 'settings-change', by: request.user!.id, change: request.body }, 'admin');
        return toSettings(await ctx.settings.get());
      },
    );
  };
}
