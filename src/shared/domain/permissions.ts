import type { Role } from './roles';

/**
 * What a signed-in user may be allowed to do (ADR 024). The server's policy module
 * (src/server/policy) decides every request with these; the client reads the same names from
 * GET /api/user to hide or disable what a role cannot use.
 */
export const PERMISSIONS = [
  'register.read',
  'location.create',
  'location.update',
  'asset.create',
  'asset.update',
  'asset.delete',
  'assessment.create',
  'action.create',
  'action.update',
  'meter.create',
  'reading.create',
  'media.upload',
  'media.delete',
  'report.export',
  'obligation.manage',
  'inspection.record',
  'regime.manage',
  'user.manage',
  'settings.manage',
  'backup.manage',
  'register.import',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * How far a permission reaches: every record, only records the user created, or none. A record's
 * creator is its created_by / uploaded_by column, or for locations the author of its first audit row.
 */
export const GRANTS = ['any', 'own', 'none'] as const;
export type Grant = (typeof GRANTS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  'register.read': 'View and search the register',
  'location.create': 'Create locations',
  'location.update': 'Edit locations',
  'asset.create': 'Create assets',
  'asset.update': 'Edit assets',
  'asset.delete': 'Delete assets',
  'assessment.create': 'Record assessments',
  'action.create': 'Raise actions',
  'action.update': 'Progress and complete actions',
  'meter.create': 'Create meters',
  'reading.create': 'Record meter readings',
  'media.upload': 'Upload photos and documents',
  'media.delete': 'Delete photos and documents',
  'report.export': 'Export reports',
  'obligation.manage': 'Set up compliance obligations',
  'inspection.record': 'Record inspections',
  'regime.manage': 'Add and change compliance regimes',
  'user.manage': 'Manage users and invites',
  'settings.manage': 'Change organisation settings',
  'backup.manage': 'Manage backups and their schedule',
  'register.import': 'Import spreadsheets into the register',
};

/**
 * The default matrix (docs/decisions/024, README "Roles"). The spec's own flows (viewing, searching,
 * creating, uploading, exporting; spec §6 "access is limited only by being signed in") are open to
 * every role; roles decide what the spec leaves unshown: edits, deletes and administration.
 */
const REGISTER_STAFF: Record<Permission, Grant> = {
  ...allOf('any'),
  'regime.manage': 'none',
  'user.manage': 'none',
  'settings.manage': 'none',
  'backup.manage': 'none',
};
/**
 * Surveyors and area managers: the spec's flows, edits of what they made, no deletes but their own
 * media, no imports (an import creates and changes records across the whole estate; ADR 029).
 */
const FIELD_STAFF: Record<Permission, Grant> = {
  ...REGISTER_STAFF,
  'register.import': 'none',
  'location.update': 'own',
  'asset.update': 'own',
  'asset.delete': 'none',
  'media.delete': 'own',
};

export const DEFAULT_MATRIX: Record<Role, Record<Permission, Grant>> = {
  org_admin: allOf('any'),
  asset_manager: REGISTER_STAFF,
  // Surveyors record inspections in the field; which duties apply is a manager's decision (ADR 025).
  surveyor: { ...FIELD_STAFF, 'obligation.manage': 'none' },
  area_manager: FIELD_STAFF,
};

/**
 * Permissions an org admin can withdraw from a role in Settings. Administration (users, settings,
 * the regimes catalogue that sets every due date, backups: a copy of every record) stays with org
 * admins alone, and org admins keep everything, so no setting can lock the organisation out.
 */
const ADMINISTRATION: readonly Permission[] = ['regime.manage', 'user.manage', 'settings.manage', 'backup.manage'];
export const ADJUSTABLE_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter((p) => p !== 'register.read' && !ADMINISTRATION.includes(p));
export const ADJUSTABLE_ROLES: readonly Role[] = ['asset_manager', 'surveyor', 'area_manager'];

/** The sentence that explains a refusal, on the server's 403 and beside a disabled button. */
export function refusalReason(permission: Permission, grant: Grant): string {
  const label = PERMISSION_LABELS[permission].toLowerCase();
  if (grant === 'own') return `Your role may ${label} only where you created the record.`;
  return `Your role may not ${label}. Ask an organisation admin if you need to.`;
}

function allOf(grant: Grant): Record<Permission, Grant> {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, grant])) as Record<Permission, Grant>;
}

/**
 * Whether a grant covers a record: `any` covers every record, `own` only one the user created.
 * The server's policy and the screens both decide with this, so a button is never shown for a
 * request the server would refuse.
 */
export function grantCovers(grant: Grant, userId: string, creatorId: string | null | undefined): boolean {
  return grant === 'any' || (grant === 'own' && creatorId != null && creatorId === userId);
}
