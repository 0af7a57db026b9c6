/** User roles (spec §6). What each may do is the matrix in permissions.ts (ADR 024). */
export const ROLES = ['org_admin', 'asset_manager', 'surveyor', 'area_manager'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  org_admin: 'Organisation Admin',
  asset_manager: 'Asset Manager',
  surveyor: 'Surveyor/Engineer',
  area_manager: 'Area/Depot Manager',
};

export const DEFAULT_ROLE: Role = 'surveyor';

/** How the sidebar shows a role: the stored value with underscores as spaces (spec §2 Layout). */
export function formatRole(role: string): string {
  return role.replace(/_/g, ' ');
}
