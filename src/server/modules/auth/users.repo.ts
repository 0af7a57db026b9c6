import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Role } from '../../../shared/domain/roles';
import type { User } from '../../../shared/contract/auth';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  username: string;
  passwordHash: string;
  fullName: string;
  email: string | null;
  role: Role;
}

/** The public shape of a user: every field but the password hash. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

export function usersRepo(db: Db) {
  return {
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      return row;
    },

    /** Inserts the user; a taken username (any case) surfaces as the unique violation 23505. */
    async create(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row!;
    },
  };
}
