import { aliasedTable, and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/actor';
import { invites, users } from '../../db/schema';
import type { Role } from '../../../shared/domain/roles';
import type { Invite } from '../../../shared/contract/users';
import { hashToken, newToken } from '../auth/tokens';

/** How many invites the Users page lists (newest first). */
const INVITES_LISTED = 200;

type InviteRow = typeof invites.$inferSelect;

function stateOf(row: InviteRow, now: Date): Invite['state'] {
  if (row.usedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'open';
}

const creator = aliasedTable(users, 'creator');
const invitee = aliasedTable(users, 'invitee');

/** Single-use sign-up links with the role an org admin chose (ADR 024). */
const usable = (now: Date) => and(isNull(invites.usedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now));

/**
 * The usable invite a token belongs to, locked until the sign-up's transaction ends: a second
 * sign-up with the same link waits, then finds it used. Mark it used with `markInviteUsed`.
 */
export async function lockUsableInvite(tx: Tx, token: string, now: Date): Promise<InviteRow | undefined> {
  const [row] = await tx.select().from(invites).where(and(eq(invites.tokenHash, hashToken(token)), usable(now))).for('update');
  return row;
}

export async function markInviteUsed(tx: Tx, id: string, userId: string, now: Date): Promise<void> {
  await tx.update(invites).set({ usedAt: now, usedBy: userId }).where(eq(invites.id, id));
}

export function invitesRepo(db: Db) {
  return {
    async list(now: Date): Promise<Invite[]> {
      const rows = await db
        .select({ invite: invites, createdByName: creator.fullName, usedByName: invitee.fullName })
        .from(invites)
        .leftJoin(creator, eq(creator.id, invites.createdBy))
        .leftJoin(invitee, eq(invitee.id, invites.usedBy))
        .orderBy(desc(invites.createdAt), desc(invites.id))
        .limit(INVITES_LISTED);
      return rows.map(({ invite, createdByName, usedByName }) => toInvite(invite, now, createdByName, usedByName));
    },

    async countOpen(now: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(invites).where(usable(now));
      return row!.n;
    },

    /** Makes an invite; the token goes into the link once and is kept only as its hash. */
    async create(tx: Tx, invite: { role: Role; email: string | null; createdBy: string; now: Date; expiresAt: Date }) {
      const token = newToken();
      const [row] = await tx
        .insert(invites)
        .values({ tokenHash: hashToken(token), role: invite.role, email: invite.email, createdBy: invite.createdBy, createdAt: invite.now, expiresAt: invite.expiresAt })
        .returning();
      return { row: row!, token };
    },

    /** The open invite a token belongs to, for the sign-up page. */
    async findUsable(token: string, now: Date): Promise<InviteRow | undefined> {
      const [row] = await db.select().from(invites).where(and(eq(invites.tokenHash, hashToken(token)), usable(now))).limit(1);
      return row;
    },

    /** Withdraws an open invite; false when there is no such invite or it was already used or revoked. */
    async revoke(tx: Tx, id: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(invites)
        .set({ revokedAt: now })
        .where(and(eq(invites.id, id), isNull(invites.usedAt), isNull(invites.revokedAt)))
        .returning({ id: invites.id });
      return rows.length > 0;
    },
  };
}

export function toInvite(row: InviteRow, now: Date, createdByName: string | null, usedByName: string | null = null): Invite {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    state: stateOf(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    createdByName,
    usedByName,
  };
}
