import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/actor';
import { HttpError } from '../../http-errors';
import type { RegistrationMode } from '../../../shared/domain/accounts';
import type { Role } from '../../../shared/domain/roles';
import type { RegisterInput } from '../../../shared/contract/auth';
import type { UsersRepo } from './users.repo';
import { lockUsableInvite } from '../users/invites.repo';

export const INVALID_INVITE = 'This invite link is not valid or has expired.';
const REGISTRATION_CLOSED = 'Registration is closed. Ask an organisation admin for an account.';
const INVITE_ONLY = 'Registration is by invitation only. Ask an organisation admin for an invite link.';

export interface Standing {
  role: Role;
  status: 'active' | 'pending';
  requestedRole: Role | null;
  /** The invite signed up with, to be marked used once the account exists. */
  inviteId?: string;
}

/**
 * What a sign-up becomes under the organisation's registration mode (ADR 024):
 * - an invite (in any mode: it is an org admin's own decision) gives its role, active at once;
 * - `open`: the chosen role, active (spec §6);
 * - `approval`: pending, the chosen role kept as a request; the admin decides;
 * - `invite` without a valid invite, and `closed`: refused.
 * Outside `open`, the very first account becomes an active org admin, so an install started closed
 * cannot be left without one. Runs inside the sign-up's transaction.
 */
export async function decideStanding(
  tx: Tx,
  users: UsersRepo,
  input: Pick<RegisterInput, 'role' | 'inviteToken'>,
  mode: RegistrationMode,
  now: Date,
): Promise<Standing> {
  if (input.inviteToken) {
    const invite = await lockUsableInvite(tx, input.inviteToken, now);
    if (!invite) throw new HttpError(404, INVALID_INVITE);
    return { role: invite.role, status: 'active', requestedRole: null, inviteId: invite.id };
  }
  if (mode === 'open') return { role: input.role, status: 'active', requestedRole: null };

  // Two first sign-ups at once must not both become the first account.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('asset-register:first-account'))`);
  if (!(await users.anyExists(tx))) return { role: 'org_admin', status: 'active', requestedRole: null };

  if (mode === 'approval') return { role: 'surveyor', status: 'pending', requestedRole: input.role };
  throw new HttpError(403, mode === 'invite' ? INVITE_ONLY : REGISTRATION_CLOSED);
}

export const newUserId = () => crypto.randomUUID();
