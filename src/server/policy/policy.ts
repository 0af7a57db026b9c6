import { HttpError } from '../http-errors';
import {
  DEFAULT_MATRIX,
  grantCovers,
  PERMISSIONS,
  refusalReason,
  type Grant,
  type Permission,
} from '../../shared/domain/permissions';
import { ROLES, type Role } from '../../shared/domain/roles';
import type { OrganisationSettings, OrganisationSettingsStore } from './organisation-settings';

/**
 * The one place that decides who may do what (ADR 024). Every API route names its permission
 * (route-permissions.ts asks this module before the handler runs); a route whose grant may be
 * `own` asks again with the record's creator once it has read the record.
 */

export type Matrix = Record<Role, Record<Permission, Grant>>;

/** The default matrix less what the organisation has withdrawn. */
export function effectiveMatrix(withdrawn: OrganisationSettings['withdrawn']): Matrix {
  return Object.fromEntries(
    ROLES.map((role) => [
      role,
      Object.fromEntries(PERMISSIONS.map((p) => [p, withdrawn[role]?.includes(p) ? 'none' : DEFAULT_MATRIX[role][p]])),
    ]),
  ) as Matrix;
}

export const forbidden = (message: string) => new HttpError(403, message);

export interface Actor {
  id: string;
  role: Role;
}

export function accessPolicy(settings: OrganisationSettingsStore) {
  // Every request asks; the matrix is worked out once per copy of the settings the store hands out.
  const matrices = new WeakMap<OrganisationSettings, Matrix>();
  const matrixOf = (current: OrganisationSettings) => {
    let matrix = matrices.get(current);
    if (!matrix) matrices.set(current, (matrix = effectiveMatrix(current.withdrawn)));
    return matrix;
  };

  return {
    /** The user's matrix row: what each permission reaches for them. */
    async grants(actor: Actor): Promise<Record<Permission, Grant>> {
      return matrixOf(await settings.get())[actor.role];
    },

    async grant(actor: Actor, permission: Permission): Promise<Grant> {
      return (await this.grants(actor))[permission];
    },

    /**
     * Refuses (403, with the reason) unless the user's grant covers the record: any record, or one
     * they created. Without a record (`creatorId` undefined) an `own` grant passes: the route then
     * checks the record it reads.
     */
    async authorize(actor: Actor, permission: Permission, creatorId?: string | null): Promise<void> {
      const grant = await this.grant(actor, permission);
      const allowed = creatorId === undefined ? grant !== 'none' : grantCovers(grant, actor.id, creatorId);
      if (!allowed) throw forbidden(refusalReason(permission, grant));
    },
  };
}

export type AccessPolicy = ReturnType<typeof accessPolicy>;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Refuses unless the signed-in user may use `permission` on a record made by `creatorId`.
     * Routes whose permission may be granted for own records only call this after reading the record.
     */
    authorize(permission: Permission, creatorId?: string | null): Promise<void>;
    /**
     * For a route whose grant may reach only the user's own records: refuses unless the user may use
     * `permission` on the record, whose creator `creatorOf` reads (only when the grant is `own`).
     */
    authorizeRecord(permission: Permission, creatorOf: () => Promise<string | null | undefined>): Promise<void>;
  }
}
