/** A user's standing (ADR 024): pending accounts wait for an org admin; deactivated ones cannot sign in. */
export const USER_STATUSES = ['pending', 'active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  pending: 'Awaiting approval',
  active: 'Active',
  deactivated: 'Deactivated',
};

/**
 * Who may create an account: anyone choosing any role (`open`, the spec's behaviour and a new
 * install's default), anyone with an org admin's approval, only holders of an invite, or no one.
 */
export const REGISTRATION_MODES = ['open', 'approval', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const REGISTRATION_MODE_LABELS: Record<RegistrationMode, string> = {
  open: 'Open: anyone who can reach the server may sign up with any role',
  approval: 'Approval: anyone may apply; an org admin approves and decides the role',
  invite: 'Invite only: sign-up through a single-use link an org admin creates',
  closed: 'Closed: no new accounts',
};

/** How long an invite link and a password-reset link stay usable. */
export const INVITE_TTL_DAYS = 7;
export const PASSWORD_RESET_TTL_HOURS = 24;
/** At most this many unused, unexpired invites at once, so the table cannot be filled. */
export const OPEN_INVITES_MAX = 200;

/**
 * At most this many location subtrees per area manager (ADR 024, "Areas"); an area is usually a
 * region or a handful of sites.
 */
export const AREAS_MAX = 50;

/** An invite's standing, as the Users page lists invites. */
export const INVITE_STATES = ['open', 'used', 'expired', 'revoked'] as const;
export type InviteState = (typeof INVITE_STATES)[number];
export const INVITE_STATE_LABELS: Record<InviteState, string> = { open: 'Open', used: 'Used', expired: 'Expired', revoked: 'Revoked' };

/** What an administrative change in the audit trail is about (a user's role or status, an invite, a setting, a compliance regime). */
export const ADMIN_ENTITIES = ['user', 'invite', 'settings', 'regime'] as const;
export type AdminEntity = (typeof ADMIN_ENTITIES)[number];
export const ADMIN_ENTITY_LABELS: Record<AdminEntity, string> = { user: 'User', invite: 'Invite', settings: 'Settings', regime: 'Regime' };
