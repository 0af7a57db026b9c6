import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Permission } from '../../shared/domain/permissions';
import { unauthorized } from '../http-errors';
import type { AccessPolicy } from './policy';

/**
 * What a route requires: a permission of the matrix, only a session (`signed-in`: the user's own
 * account, sign-out), or nothing (`public`: sign-in, registration, health).
 */
export type RoutePermission = Permission | 'public' | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api route declares one; the app refuses to start otherwise (ADR 024). */
    permission?: RoutePermission;
  }
}

export class MissingPermissionError extends Error {}

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Every API route asks the policy before its handler runs, and a route that declares no permission
 * stops the app from starting, so no route can be added without a decision. Registered before the
 * route modules (onRoute sees only routes added after it).
 */
export function registerRoutePermissions(app: FastifyInstance, policy: AccessPolicy): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url)) return;
    if (!route.config?.permission) {
      throw new MissingPermissionError(
        `${[route.method].flat().join(',')} ${route.url} declares no permission: set config.permission (src/server/policy, ADR 024)`,
      );
    }
  });

  app.decorateRequest('authorize', async function authorize(this: FastifyRequest, permission: Permission, creatorId?: string | null) {
    if (!this.user) throw unauthorized();
    await policy.authorize(this.user, permission, creatorId);
  });

  app.decorateRequest(
    'authorizeRecord',
    async function authorizeRecord(this: FastifyRequest, permission: Permission, creatorOf: () => Promise<string | null | undefined>) {
      if (!this.user) throw unauthorized();
      const grant = await policy.grant(this.user, permission);
      if (grant === 'any') return;
      const creatorId = await creatorOf();
      // No such record: the route answers 404 as it would for anyone.
      if (creatorId === undefined) return;
      await policy.authorize(this.user, permission, creatorId);
    },
  );

  // Before validation: a user who may not use a route learns that, not what its body should hold.
  app.addHook('preValidation', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (permission === undefined || permission === 'public' || permission === 'signed-in') return;
    await request.authorize(permission);
  });
}
