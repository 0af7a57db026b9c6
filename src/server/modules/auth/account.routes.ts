import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '../../../shared/contract/auth';
import { changePasswordSchema, updateAccountSchema } from '../../../shared/contract/users';
import { badRequest } from '../../http-errors';
import type { AppContext } from '../../app-context';
import { transactionAs } from '../../db/actor';
import { hashPassword, verifyPassword } from './password';
import { rejectCommonPassword } from './common-passwords';
import { areasOfUser, toPublicUser, usersRepo } from './users.repo';

const WRONG_PASSWORD = 'Current password is incorrect';

/** The signed-in user's own account: name, email and password (ADR 024). */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const users = usersRepo(ctx.db);

    app.patch(
      '/api/account',
      { config: { permission: 'signed-in' }, schema: { body: updateAccountSchema, response: { 200: userSchema } } },
      async (request) => {
        const me = request.user!;
        const updated = await transactionAs(ctx.db, me.id, async (tx) => {
          const row = await users.update(tx, me.id, { fullName: request.body.fullName, email: request.body.email || null });
          // Every process drops the user it kept for this account's sessions, so the new name shows at once.
          await ctx.accessEvents.send(tx, { kind: 'user', userId: me.id });
          return row!;
        });
        return toPublicUser(updated, await ctx.policy.grants(updated), await areasOfUser(ctx.db, updated));
      },
    );

    app.post(
      '/api/account/password',
      {
        // Guessing the current password from a borrowed session is throttled like sign-in.
        config: { permission: 'signed-in', rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: { body: changePasswordSchema },
      },
      async (request, reply) => {
        const me = request.user!;
        const { currentPassword, newPassword } = request.body;
        if (!(await verifyPassword(currentPassword, me.passwordHash))) {
          throw badRequest(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
        }
        rejectCommonPassword(newPassword, 'newPassword');
        const passwordHash = await hashPassword(newPassword);
        await transactionAs(ctx.db, me.id, async (tx) => {
          await users.setPassword(tx, me.id, passwordHash, ctx.now());
          // Anyone else holding a session of this account is signed out; this browser stays signed in.
          await app.sessions.endAllFor(me.id, { keepToken: request.sessionToken, tx });
        });
        request.log.info({ event: 'password-change', userId: me.id, ip: request.ip, outcome: 'success' }, 'auth');
        return reply.status(204).send();
      },
    );
  };
}
