import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdInviteSchema, createInviteSchema, inviteLookupSchema, invitePreviewSchema, inviteSchema } from '../../../shared/contract/users';
import { idParams } from '../../../shared/contract/common';
import { INVITE_TTL_DAYS, OPEN_INVITES_MAX } from '../../../shared/domain/accounts';
import { conflict, notFound } from '../../http-errors';
import type { AppContext } from '../../app-context';
import { transactionAs } from '../../db/actor';
import { isUuid } from '../../db/keyset';
import { INVALID_INVITE } from '../auth/registration';
import { invitesRepo, toInvite } from './invites.repo';
import { linkTo } from './links';

/** Invites: an org admin makes single-use sign-up links with a role; the invitee's page looks one up (ADR 024). */
export function invitesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const invites = invitesRepo(ctx.db);

    app.get('/api/invites', { config: { permission: 'user.manage' }, schema: { response: { 200: z.array(inviteSchema) } } }, async () =>
      invites.list(ctx.now()),
    );

    app.post(
      '/api/invites',
      { config: { permission: 'user.manage' }, schema: { body: createInviteSchema, response: { 201: createdInviteSchema } } },
      async (request, reply) => {
        const now = ctx.now();
        if ((await invites.countOpen(now)) >= OPEN_INVITES_MAX) {
          throw conflict(`There are already ${OPEN_INVITES_MAX} open invites. Revoke some before making more.`);
        }
        const admin = request.user!;
        const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000);
        const { row, token } = await transactionAs(ctx.db, admin.id, (tx) =>
          invites.create(tx, { role: request.body.role, email: request.body.email || null, createdBy: admin.id, now, expiresAt }),
        );
        request.log.info({ event: 'invite', inviteId: row.id, role: row.role, by: admin.id }, 'admin');
        return reply.status(201).send({ invite: toInvite(row, now, admin.fullName), url: linkTo(request, '/invite', token) });
      },
    );

    app.delete(
      '/api/invites/:id',
      { config: { permission: 'user.manage' }, schema: { params: idParams } },
      async (request, reply) => {
        const id = request.params.id;
        const revoked = isUuid(id) && (await transactionAs(ctx.db, request.user!.id, (tx) => invites.revoke(tx, id, ctx.now())));
        if (!revoked) throw notFound('No open invite with this id');
        return reply.status(204).send();
      },
    );

    // A POST so the token travels in the body, never in a URL that logs or proxies keep.
    app.post(
      '/api/invites/lookup',
      {
        config: { permission: 'public', rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: { body: inviteLookupSchema, response: { 200: invitePreviewSchema } },
      },
      async (request) => {
        const invite = await invites.findUsable(request.body.token, ctx.now());
        if (!invite) throw notFound(INVALID_INVITE);
        return { role: invite.role, email: invite.email, expiresAt: invite.expiresAt.toISOString() };
      },
    );
  };
}
