import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema, userSchema } from '../../../shared/contract/auth';
import { errorResponseSchema } from '../../../shared/contract/errors';
import { conflict, HttpError, pgErrorCode, PG_UNIQUE_VIOLATION, tooManyRequests, unauthorized } from '../../http-errors';
import type { AppContext } from '../../app-context';
import { hashForUnknownUser, hashPassword, verifyPassword } from './password';
import { loginThrottle } from './login-throttle';
import { toPublicUser, usersRepo } from './users.repo';
import { isCommonPassword } from './common-passwords';

const INVALID_CREDENTIALS = 'Invalid username or password';

/** GET /api/user, POST /api/login, /api/register, /api/logout (spec §7). */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const users = usersRepo(ctx.db);
    const throttle = loginThrottle(ctx.db);
    const perIpLimit = {
      max: ctx.config.authRateLimitPerMinute,
      timeWindow: '1 minute',
    };

    app.get(
      '/api/user',
      { config: { public: true }, schema: { response: { 200: userSchema, 401: errorResponseSchema } } },
      async (request) => {
        if (!request.user) throw unauthorized();
        return toPublicUser(request.user);
      },
    );

    app.post(
      '/api/login',
      {
        config: { public: true, rateLimit: perIpLimit },
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
        await app.sessions.start(request, reply, user.id);
        request.log.info({ ...audit, userId: user.id, outcome: 'success' }, 'auth');
        return toPublicUser(user);
      },
    );

    app.post(
      '/api/register',
      {
        config: { public: true, rateLimit: perIpLimit },
        schema: { body: registerSchema, response: { 201: userSchema } },
      },
      async (request, reply) => {
        const input = request.body;
        const audit = { event: 'register', username: input.username, ip: request.ip };
        if (isCommonPassword(input.password)) {
          throw new HttpError(400, 'This password is too common. Choose a less guessable one.', {
            password: 'This password is too common. Choose a less guessable one.',
          });
        }
        let user;
        try {
          user = await users.create({
            username: input.username,
            passwordHash: await hashPassword(input.password),
            fullName: input.fullName,
            email: input.email || null,
            role: input.role,
          });
        } catch (err) {
          if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
            request.log.info({ ...audit, outcome: 'duplicate' }, 'auth');
            throw conflict('Username already exists', { username: 'Username already exists' });
          }
          throw err;
        }
        await app.sessions.start(request, reply, user.id);
        request.log.info({ ...audit, userId: user.id, outcome: 'success' }, 'auth');
        return reply.status(201).send(toPublicUser(user));
      },
    );

    // The spec's client sends no body (Fastify validates that as null); a body, when sent, is an empty object.
    app.post('/api/logout', { schema: { body: z.object({}).nullish() } }, async (request, reply) => {
      request.log.info({ event: 'logout', userId: request.user?.id, ip: request.ip, outcome: 'success' }, 'auth');
      await app.sessions.end(request, reply);
      return reply.status(204).send();
    });
  };
}
