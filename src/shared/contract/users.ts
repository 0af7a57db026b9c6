import { z } from 'zod';
import { ROLES } from '../domain/roles';
import { ADMIN_ENTITIES, AREAS_MAX, INVITE_STATES, REGISTRATION_MODES, USER_STATUSES } from '../domain/accounts';
import { areaSchema } from './auth';
import { GRANTS, PERMISSIONS } from '../domain/permissions';
import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../domain/limits';
import { LABEL_CONTENTS, LABEL_LINK_BASE_MAX } from '../domain/labels';

/** User administration, organisation settings and each user's own account (ADR 024). */

const emailField = z
  .union([z.literal(''), z.email('Enter a valid email address').max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)])
  .default('');

const newPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** A user as the Users page lists them. */
export const managedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  /** The role asked for at sign-up while waiting for approval; the admin decides. */
  requestedRole: z.enum(ROLES).nullable(),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** The location subtrees an area manager is limited to; empty for the whole estate. */
  areas: z.array(areaSchema),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const usersQuerySchema = z.object({
  search: z.string().trim().max(USERNAME_MAX).optional(),
  role: z.union([z.enum(ROLES), z.literal('all'), z.literal('')]).optional(),
  status: z.union([z.enum(USER_STATUSES), z.literal('all'), z.literal('')]).optional(),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

/** At most this many users in one answer; the search and filters narrow a larger organisation. */
export const USERS_LIST_MAX = 500;

export const usersListSchema = z.object({
  items: z.array(managedUserSchema),
  /** How many users match, when more than USERS_LIST_MAX do. */
  total: z.number(),
});

export const updateUserSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Choose a role' }).optional(),
    status: z.enum(['active', 'deactivated'], { error: 'Status must be active or deactivated' }).optional(),
    /**
     * Limits an area manager to these locations and everything below them; an empty list gives the
     * whole estate back. A user whose role changes from area manager loses their areas.
     */
    areaLocationIds: z
      .array(z.uuid('Choose locations from the register'))
      .max(AREAS_MAX, `Choose at most ${AREAS_MAX} areas`)
      .optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined || v.areaLocationIds !== undefined, 'Send a role, a status or areas to change');
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const approveUserSchema = z.object({ role: z.enum(ROLES, { error: 'Choose a role' }) });

/** A one-time link, shown once to the admin who made it. */
export const oneTimeLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });

export const inviteSchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  email: z.string().nullable(),
  state: z.enum(INVITE_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdByName: z.string().nullable(),
  usedByName: z.string().nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;

export const createInviteSchema = z.object({
  role: z.enum(ROLES, { error: 'Choose a role' }),
  email: emailField,
});
export type CreateInviteInput = z.input<typeof createInviteSchema>;
export const createdInviteSchema = z.object({ invite: inviteSchema, url: z.string() });

/** What the sign-up page shows of an invite before the invitee registers. */
export const inviteLookupSchema = z.object({ token: z.string().min(1).max(200) });
export const invitePreviewSchema = z.object({ role: z.enum(ROLES), email: z.string().nullable(), expiresAt: z.string() });

export const passwordResetSchema = z.object({ token: z.string().min(1).max(200), password: newPassword });

/** Who may register, for the sign-in page (public). */
export const registrationSchema = z.object({ mode: z.enum(REGISTRATION_MODES) });

const matrixSchema = z.record(z.enum(ROLES), z.record(z.enum(PERMISSIONS), z.enum(GRANTS)));
export const settingsSchema = z.object({
  registrationMode: z.enum(REGISTRATION_MODES),
  /** Per role, the permissions an org admin has withdrawn from the default matrix. */
  withdrawn: z.record(z.enum(ROLES), z.array(z.enum(PERMISSIONS))),
  /** The matrix in force: the default less what is withdrawn. */
  matrix: matrixSchema,
  defaultMatrix: matrixSchema,
  /** Label sheets (ADR 027): their QR codes encode the bare asset code or a link; the link's base address (null: the server's PUBLIC_URL). */
  labelContent: z.enum(LABEL_CONTENTS),
  labelLinkBase: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const updateSettingsSchema = z
  .object({
    registrationMode: z.enum(REGISTRATION_MODES, { error: 'Choose a registration mode' }).optional(),
    withdrawn: z.partialRecord(z.enum(ROLES), z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length)).optional(),
    labelContent: z.enum(LABEL_CONTENTS, { error: 'Choose what labels encode' }).optional(),
    /** An https (or http) address without a query; blank clears it. */
    labelLinkBase: z
      .string()
      .trim()
      .max(LABEL_LINK_BASE_MAX, `The address must be at most ${LABEL_LINK_BASE_MAX} characters`)
      .refine((v) => v === '' || isLinkBase(v), 'Enter the address people open the app at, e.g. https://assets.example.org')
      .transform((v) => (v ? v.replace(/\/+$/, '') : null))
      .nullish(),
  })
  .refine(
    (v) => v.registrationMode !== undefined || v.withdrawn !== undefined || v.labelContent !== undefined || v.labelLinkBase !== undefined,
    'Send a registration mode, permissions or label settings to change',
  );

function isLinkBase(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash && !url.username && !url.password;
  } catch {
    return false;
  }
}
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

export const updateAccountSchema = z.object({
  fullName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`),
  email: emailField,
});
export type UpdateAccountInput = z.input<typeof updateAccountSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** One administrative change (a user's role or status, an invite, a setting), from the audit trail. */
export const adminAuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.string().nullable(),
  entity: z.enum(ADMIN_ENTITIES),
  /** The user's or invite's name as it reads now (username, invite role), or null for settings. */
  subject: z.string().nullable(),
  operation: z.enum(['create', 'update', 'delete']),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditPageSchema = z.object({ items: z.array(adminAuditEntrySchema), nextCursor: z.string().nullable() });
