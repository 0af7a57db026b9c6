import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema, userSchema } from '../../../shared/contract/auth';
import { passwordResetSchema } from '../../../shared/contract/users';
import { errorResponseSchema } from '../../../shared/contract/errors';
import { conflict, HttpError, notFound, pgErrorCode, PG_UNIQUE_VIOLATION, tooManyRequests, unauthorized } from '../../http-errors';
import type { AppContext } from '../../app-context';
import { transactionAs } from '../../db/actor';
import { hashForUnknownUser, hashPassword, verifyPassword } from './password';
import { loginThrottle } from './login-throttle';
import { areasOfUser, NO_GRANTS, toPublicUser, usersRepo, type UserRow } from './users.repo';
import { rejectCommonPassword } from './common-passwords';
import { decideStanding, newUserId } from './registration';
import { markInviteUsed } from '../users/invites.repo';
import { passwordResetsRepo } from '../users/password-resets.repo';

const INVALID_CREDENTIALS = 'Invalid username or password';
const AWAITING_APPROVAL = 'Your account is awaiting approval by an organisation admin.';
const DEACTIVATED = 'This account has been deactivated. Ask an organisation admin.';
const INVALID_RESET = 'This password reset link is not valid or has expired. Ask an organisation admin for a new one.';

/**
 * GET /api/user, POST /api/login, /api/register, /api/logout (spec §7), and POST /api/password-reset
 * (a link an org admin made, ADR 024).
 */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const users = usersRepo(ctx.db);
    const throttle = loginThrottle(ctx.db);
    const publicUser = async (user: UserRow) =>
      toPublicUser(user, user.status === 'active' ? await ctx.policy.grants(user) : NO_GRANTS, await areasOfUser(ctx.db, user));
    const perIpLimit = {
      max: ctx.config.authRateLimitPerMinute,
      timeWindow: '1 minute',
    };

    app.get(
      '/api/user',
      { config: { permission: 'public' }, schema: { response: { 200: userSchema, 401: errorResponseSchema } } },
      async (request) => {
        if (!request.user) throw unauthorized();
        return publicUser(request.user);
      },
    );

    app.post(
      '/api/login',
      {
        config: { permission: 'public', rateLimit: perIpLimit },
        schema: { body: loginSchema, response: { 200: userSchema } },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        const now = ctx.now();
        const audit = { event: 'login', username, ip: request.ip };

        const attempt = await throttle.attempt(username, request.ip, now);
        if (!attempt.allowed) {
          request.log.warn({ ...audit, outcome: 'throttled' }, 'auth');
          const minutes = Math.ceil(attempt.lockedMs / 60_000);
          throw tooManyRequests(
            `Too many failed sign-in attempts for this username. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            Math.ceil(attempt.lockedMs / 1000),
          );
        }

        const user = await users.findByUsername(username);
        // Verify against a dummy hash for unknown users so timing does not reveal which usernames exist.
        const valid = await verifyPassword(password, user?.passwordHash ?? (await hashForUnknownUser()));
        if (!user || !valid) {
          // The attempt was already counted as a failure.
          request.log.warn({ ...audit, outcome: 'failure' }, 'auth');
          throw unauthorized(INVALID_CREDENTIALS);
        }

        await throttle.succeeded(username);
        // Told only to someone who knows the password: the account's standing is theirs to know.
        if (user.status !== 'active') {
          request.log.warn({ ...audit, userId: user.id, outcome: user.status }, 'auth');
          throw new HttpError(403, user.status === 'pending' ? AWAITING_APPROVAL : DEACTIVATED);
        }
        await app.sessions.start(request, reply, user.id);
        await users.recordSignIn(user.id, now);
        request.log.info({ ...audit, userId: user.id, outcome: 'success' }, 'auth');
        return publicUser(user);
      },
    );

    app.post(
      '/api/register',
      {
        config: { permission: 'public', rateLimit: perIpLimit },
        schema: { body: registerSchema, response: { 201: userSchema, 202: userSchema } },
      },
      async (request, reply) => {
        const input = request.body;
        const audit = { event: 'register', username: input.username, ip: request.ip };
        rejectCommonPassword(input.password, 'password');
        const { registrationMode } = await ctx.settings.get();
        const passwordHash = await hashPassword(input.password);
        const now = ctx.now();
        const id = newUserId();
        let user: UserRow;
        try {
          // The new account is the author of its own creation in the audit trail.
          user = await transactionAs(ctx.db, id, async (tx) => {
            const standing = await decideStanding(tx, users, input, registrationMode, now);
            const created = await users.create(tx, {
              id,
              username: input.username,
              passwordHash,
              fullName: input.fullName,
              email: input.email || null,
              role: standing.role,
              status: standing.status,
              requestedRole: standing.requestedRole,
            });
            if (standing.inviteId) await markInviteUsed(tx, standing.inviteId, id, now);
            return created;
          });
        } catch (err) {
          if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
            request.log.info({ ...audit, outcome: 'duplicate' }, 'auth');
            throw conflict('Username already exists', { username: 'Username already exists' });
          }
          if (err instanceof HttpError) request.log.info({ ...audit, outcome: 'refused', status: err.statusCode }, 'auth');
          throw err;
        }
        request.log.info({ ...audit, userId: user.id, outcome: user.status === 'active' ? 'success' : 'pending' }, 'auth');
        // Awaiting approval: no session; 202 says the account exists but cannot be used yet.
        if (user.status !== 'active') return reply.status(202).send(await publicUser(user));
        await app.sessions.start(request, reply, user.id);
        await users.recordSignIn(user.id, now);
        return reply.status(201).send(await publicUser(user));
      },
    );

    app.post(
      '/api/password-reset',
      {
        config: { permission: 'public', rateLimit: perIpLimit },
        schema: { body: passwordResetSchema },
      },
      async (request, reply) => {
        const { token, password } = request.body;
        rejectCommonPassword(password, 'password');
        const now = ctx.now();
        // The link first: an invalid one costs no password hash.
        const userId = await passwordResetsRepo.userOf(ctx.db, token, now);
        if (!userId) throw notFound(INVALID_RESET);
        const passwordHash = await hashPassword(password);
        // The user is the author of their new password in the audit trail.
        await transactionAs(ctx.db, userId, async (tx) => {
          if ((await passwordResetsRepo.consume(tx, token, now)) !== userId) throw notFound(INVALID_RESET);
          await users.setPassword(tx, userId, passwordHash, now);
        });
        // Whoever knew the old password is signed out everywhere.
        await app.sessions.endAllFor(userId);
        request.log.info({ event: 'password-reset', userId, ip: request.ip, outcome: 'success' }, 'auth');
        return reply.status(204).send();
      },
    );

    // The spec's client sends no body (Fastify validates that as null); a body, when sent, is an empty object.
    app.post('/api/logout', { config: { permission: 'signed-in' }, schema: { body: z.object({}).nullish() } }, async (request, reply) => {
      request.log.info({ event: 'logout', userId: request.user?.id, ip: request.ip, outcome: 'success' }, 'auth');
      await app.sessions.end(request, reply);
      return reply.status(204).send();
    });
  };
}
