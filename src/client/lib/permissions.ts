import { useMemo } from 'react';
import { grantCovers, refusalReason, type Grant, type Permission } from '@shared/domain/permissions';
import { useAuth } from './auth';

export interface Can {
  /** The current user's grant of a permission ('none' when nobody is signed in). */
  grant: (permission: Permission) => Grant;
  /**
   * Whether the user may use the permission: on a record when its creator is given (an 'own' grant
   * covers only records the user created), or at all when it is not ('own' counts).
   */
  can: (permission: Permission, record?: { creatorId: string | null | undefined }) => boolean;
  /** The sentence explaining why the permission is refused, the server's 403 text. */
  reason: (permission: Permission) => string;
}

/**
 * What the signed-in user may do, read from GET /api/user's permissions (ADR 024). Screens hide or
 * disable with it what the server would refuse, deciding with the same grantCovers() as the policy.
 */
export function useCan(): Can {
  const { user } = useAuth();
  return useMemo(() => {
    const grant = (permission: Permission): Grant => user?.permissions?.[permission] ?? 'none';
    return {
      grant,
      can: (permission, record) => {
        const g = grant(permission);
        if (!user) return false;
        if (record === undefined) return g !== 'none';
        return grantCovers(g, user.id, record.creatorId);
      },
      reason: (permission) => refusalReason(permission, grant(permission)),
    };
  }, [user]);
}
