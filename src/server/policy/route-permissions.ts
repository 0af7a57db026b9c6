import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Permission } from '../../shared/domain/permissions';
import { HttpError, notFound, unauthorized } from '../http-errors';
import type { Db } from '../db/client';
import type { AccessPolicy } from './policy';
import { areaRootsOf, areasNamed, liesInAreas, namedRecords, notFoundMessage, outsideAreasMessage, type AreaRule } from './areas';

/**
 * What a route requires: a permission of the matrix, only a session (`signed-in`: the user's own
 * account, sign-out), or nothing (`public`: sign-in, registration, health).
 */
export type RoutePermission = Permission | 'public' | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api route declares one; the app refuses to start otherwise (ADR 024). */
    permission?: RoutePermission;
    /** What an area manager limited to part of the estate reaches through the route (areas.ts). */
    area?: AreaRule;
  }
  interface FastifyRequest {
    /** The roots of the location subtrees the signed-in user is limited to; null for the whole estate. */
    readonly areaRoots: string[] | null;
  }
}

export class MissingPermissionError extends Error {}

/**
 * Permissions over the register, whose routes an area manager's areas bound. An import reaches the
 * whole estate, and no area manager can hold it (ADR 029).
 */
const boundByAreas = (permission: RoutePermission) =>
  !['public', 'signed-in', 'user.manage', 'settings.manage', 'backup.manage', 'register.import'].includes(permission);

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Every API route asks the policy before its handler runs, and a route that declares no permission
 * stops the app from starting, so no route can be added without a decision. Registered before the
 * route modules (onRoute sees only routes added after it).
 */
export function registerRoutePermissions(app: FastifyInstance, policy: AccessPolicy, db: Db): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url)) return;
    if (!route.config?.permission) {
      throw new MissingPermissionError(
        `${[route.method].flat().join(',')} ${route.url} declares no permission: set config.permission (src/server/policy, ADR 024)`,
      );
    }
    if (boundByAreas(route.config.permission) && !route.config.area) {
      throw new MissingPermissionError(
        `${[route.method].flat().join(',')} ${route.url} declares no area rule: set config.area (src/server/policy/areas.ts, ADR 024)`,
      );
    }
  });

  app.decorateRequest('areaRoots', {
    getter(this: FastifyRequest) {
      return this.user ? areaRootsOf(this.user) : null;
    },
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

  // After validation, for a user limited to areas only: the records the request names must lie in them.
  app.addHook('preHandler', async (request) => {
    const roots = request.areaRoots;
    const rule = request.routeOptions.config.area;
    if (!roots || !rule || rule === 'filtered' || rule === 'unplaced') return;
    for (const { kind, id } of [...namedRecords(request.params, rule.params), ...namedRecords(request.query, rule.query)]) {
      if (!(await liesInAreas(db, roots, kind, id))) throw notFound(notFoundMessage(kind));
    }
    const targets = namedRecords(request.body, rule.body);
    // A create must name where the record goes; an edit that clears such a field and names no
    // record inside could take it out of every area (an action unlinked from its asset).
    const body = (request.body ?? {}) as Record<string, unknown>;
    const cleared = request.method === 'PATCH' && Object.keys(rule.body ?? {}).some((field) => body[field] === null);
    let outside = (rule.create === true || cleared) && targets.length === 0;
    for (const { kind, id } of targets) if (!outside && !(await liesInAreas(db, roots, kind, id))) outside = true;
    if (outside) throw new HttpError(403, outsideAreasMessage(await areasNamed(db, roots)));
  });
}
