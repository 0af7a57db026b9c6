import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/actor';
import type { Db } from '../../db/client';
import { passwordResets } from '../../db/schema';
import { hashToken, newToken } from '../auth/tokens';

/** One-time password-reset links an org admin makes for a user (ADR 024). */
export const passwordResetsRepo = {
  /** A new link for the user; any earlier unused link of theirs stops working. */
  async create(tx: Tx, reset: { userId: string; createdBy: string; now: Date; expiresAt: Date }): Promise<string> {
    await tx
      .update(passwordResets)
      .set({ usedAt: reset.now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    const token = newToken();
    await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId: reset.userId, createdBy: reset.createdBy, createdAt: reset.now, expiresAt: reset.expiresAt });
    return token;
  },

  /** The user an unused, unexpired link was made for. */
  async userOf(db: Db, token: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
    return row?.userId;
  },

  /** Uses the link up (once, even under concurrent requests); the user it was made for, or undefined. */
  async consume(tx: Tx, token: string, now: Date): Promise<string | undefined> {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    return row?.userId;
  },
};
