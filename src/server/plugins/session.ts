import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { sessionsRepo, type SessionUser } from '../modules/auth/sessions.repo';
import { unauthorized } from '../http-errors';
import type { AppContext } from '../app-context';
import { isApiRequest } from './api-request';
import type { Tx } from '../db/actor';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie before any handler runs. */
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

// Over HTTPS the cookie gets the __Host- prefix, which browsers only accept with Secure, Path=/ and no Domain.
const SECURE_COOKIE = '__Host-sid';
const PLAIN_COOKIE = 'sid';

export async function registerSessions(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(cookie);
  const repo = sessionsRepo(ctx.db, ctx.accessEvents, { idleMs: ctx.config.sessionIdleMs, absoluteMs: ctx.config.sessionAbsoluteMs });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    // Over HTTPS only the __Host- cookie counts: a plain `sid` could have been planted by anyone on the
    // network path over plain HTTP (or by a sibling subdomain), and must not choose the session.
    const token = request.cookies[cookieName(request)];
    if (token) {
      request.sessionToken = token;
      request.user = await repo.findUser(token, ctx.now());
    }
    // Unknown routes (no routeOptions.url) fall through to the 404 handler.
    // Routes reachable without a session say `permission: 'public'`; every other needs one (deny by default).
    const isRoute = request.routeOptions.url !== undefined;
    if (isRoute && request.routeOptions.config.permission !== 'public' && !request.user) throw unauthorized();
  });

  const secureFor = (request: FastifyRequest) =>
    ctx.config.cookieSecure === 'auto' ? request.protocol === 'https' : ctx.config.cookieSecure;

  const cookieName = (request: FastifyRequest) => (secureFor(request) ? SECURE_COOKIE : PLAIN_COOKIE);

  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureFor(request),
  });

  app.decorate('sessions', {
    /** Starts a fresh session for the user, ending any session this request carried (no fixation). */
    async start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
      const now = ctx.now();
      if (request.sessionToken) await repo.destroy(request.sessionToken);
      await repo.purgeExpired(userId, now);
      const token = await repo.create(userId, now);
      reply.setCookie(cookieName(request), token, { ...cookieOptions(request), maxAge: Math.floor(ctx.config.sessionAbsoluteMs / 1000) });
    },
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (request.sessionToken) await repo.destroy(request.sessionToken);
      reply.clearCookie(SECURE_COOKIE, { ...cookieOptions(request), secure: true });
      reply.clearCookie(PLAIN_COOKIE, cookieOptions(request));
    },
    /**
     * Ends every session of the user on every app process, except `keepToken`'s (the request that
     * changed its own password stays signed in). Runs in `tx` when given, so it commits with the change.
     */
    endAllFor: (userId: string, options: { keepToken?: string | null; tx?: Tx } = {}) => repo.endAllFor(userId, options),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      endAllFor(userId: string, options?: { keepToken?: string | null; tx?: Tx }): Promise<void>;
    };
  }
}
