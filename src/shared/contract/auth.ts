import { z } from 'zod';
import { ROLES } from '../domain/roles';
import { USER_STATUSES } from '../domain/accounts';
import { GRANTS, PERMISSIONS } from '../domain/permissions';
import { EMAIL_MAX, FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../domain/limits';

/** A location subtree an area manager is limited to (ADR 024, "Areas"). */
export const areaSchema = z.object({ id: z.string(), name: z.string(), path: z.string() });
export type Area = z.infer<typeof areaSchema>;

/** The user as every endpoint returns it: never the password hash. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** Beyond the spec: `pending` after applying in approval mode (ADR 024). */
  status: z.enum(USER_STATUSES),
  /** What the policy grants this user, permission by permission (ADR 024); the screens follow it. */
  permissions: z.record(z.enum(PERMISSIONS), z.enum(GRANTS)),
  /**
   * The parts of the estate the user works in: empty for the whole estate. An area manager an org
   * admin has limited sees, searches, exports and changes only these locations and what lies below.
   */
  areas: z.array(areaSchema),
});
export type User = z.infer<typeof userSchema>;

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`),
  // Passwords are verified exactly as typed: no trimming.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  fullName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`),
  // Email is optional; the form sends '' when it is left blank (spec §5).
  email: z.union([z.literal(''), z.email('Enter a valid email address').max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)]).default(''),
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits and . _ @ - only'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  role: z.enum(ROLES, { error: 'Role is required' }),
  /** The token of an invite link; required when registration is by invite only. */
  inviteToken: z.string().max(200).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;
