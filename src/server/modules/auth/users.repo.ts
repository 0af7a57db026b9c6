import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/actor';
import { users } from '../../db/schema';
import { isUuid } from '../../db/keyset';
import { likePattern } from '../search/terms';
import type { Role } from '../../../shared/domain/roles';
import type { UserStatus } from '../../../shared/domain/accounts';
import { PERMISSIONS, type Grant, type Permission } from '../../../shared/domain/permissions';
import type { Area, User } from '../../../shared/contract/auth';
import { areaRootsOf, areasNamed } from '../../policy/areas';
import { USERS_LIST_MAX, type ManagedUser } from '../../../shared/contract/users';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  id: string;
  username: string;
  passwordHash: string;
  fullName: string;
  email: string | null;
  role: Role;
  status: UserStatus;
  requestedRole: Role | null;
}

/** A user with no permission at all: an account still awaiting approval. */
export const NO_GRANTS = Object.fromEntries(PERMISSIONS.map((p) => [p, 'none'])) as Record<Permission, Grant>;

/** The public shape of a user: every field but the password hash, with what the policy grants them. */
export function toPublicUser(row: UserRow, permissions: Record<Permission, Grant>, areas: Area[]): User {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    permissions,
    areas,
  };
}

/** The areas the user works in, by name: none for the whole estate (policy/areas.ts). */
export const areasOfUser = (db: Db, row: UserRow): Promise<Area[]> => areasNamed(db, areaRootsOf(row) ?? []);

/** A user as the Users page shows them. */
export function toManagedUser(row: UserRow, areas: Area[]): ManagedUser {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    requestedRole: row.requestedRole,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    areas,
  };
}

export interface UsersFilter {
  search?: string;
  role?: Role;
  status?: UserStatus;
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

    async findById(id: string, tx: Db | Tx = db): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Inserts the user; a taken username (any case) surfaces as the unique violation 23505. */
    async create(tx: Tx, user: NewUser): Promise<UserRow> {
      const [row] = await tx.insert(users).values(user).returning();
      return row!;
    },

    /** Whether any account exists yet (the very first one may become an org admin). */
    async anyExists(tx: Tx): Promise<boolean> {
      const [row] = await tx.select({ id: users.id }).from(users).limit(1);
      return row !== undefined;
    },

    /** Pending accounts first, then by name; at most USERS_LIST_MAX, with how many match. */
    async list(filter: UsersFilter): Promise<{ items: ManagedUser[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.role) conditions.push(eq(users.role, filter.role));
      if (filter.status) conditions.push(eq(users.status, filter.status));
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(or(ilike(users.username, pattern), ilike(users.fullName, pattern), ilike(users.email, pattern))!);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(sql`${users.status} = 'pending' DESC`, asc(sql`lower(${users.fullName})`), asc(users.id))
          .limit(USERS_LIST_MAX),
        db.select({ n: count() }).from(users).where(where),
      ]);
      const named = new Map((await areasNamed(db, rows.flatMap((r) => r.areaLocationIds))).map((a) => [a.id, a]));
      const areasOf = (row: UserRow) => row.areaLocationIds.flatMap((id) => named.get(id) ?? []);
      return { items: rows.map((row) => toManagedUser(row, areasOf(row))), total: total!.n };
    },

    async update(tx: Tx, id: string, change: Partial<Pick<UserRow, 'role' | 'status' | 'requestedRole' | 'fullName' | 'email' | 'areaLocationIds'>>): Promise<UserRow | undefined> {
      const [row] = await tx.update(users).set(change).where(eq(users.id, id)).returning();
      return row;
    },

    async setPassword(tx: Tx, id: string, passwordHash: string, now: Date): Promise<void> {
      await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, id));
    },

    async recordSignIn(id: string, now: Date): Promise<void> {
      await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, id));
    },

    /** Removes an account still awaiting approval (a rejection); false when there is none. */
    async deletePending(tx: Tx, id: string): Promise<boolean> {
      const deleted = await tx.delete(users).where(and(eq(users.id, id), eq(users.status, 'pending'))).returning({ id: users.id });
      return deleted.length > 0;
    },

    /**
     * The active org admins, locked until the transaction ends: a demotion or deactivation checks
     * that one stays, and two at once cannot each leave the other as the last.
     */
    async lockActiveAdmins(tx: Tx): Promise<string[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'org_admin'), eq(users.status, 'active')))
        .for('update');
      return rows.map((r) => r.id);
    },
  };
}

export type UsersRepo = ReturnType<typeof usersRepo>;
