import { and, arrayContains, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionAs, type InTransaction, type Tx } from '../../db/actor';
import { assets, locations, meters } from '../../db/schema';
import { likePattern } from '../search/terms';
import type { LocationPosition } from './location-cursor';
import { inAreas } from '../../policy/areas';
import { canNest, LOCATION_GROUP_PREVIEW, LOCATION_PATH_SEPARATOR, type LocationType } from '../../../shared/domain';
import type { Location } from '../../../shared/contract/locations';

export type LocationRow = typeof locations.$inferSelect;

export interface NewLocation {
  name: string;
  type: LocationType;
  code: string | null;
  description: string | null;
  gpsLat: string | null;
  gpsLon: string | null;
  /** Any JSON object (spec §3 "json"), checked by the contract. */
  metadata: Record<string, unknown>;
}

export type LocationChanges = Partial<Omit<NewLocation, 'type'>>;

export interface LocationFilter {
  types?: LocationType[];
  parentId?: string;
  search?: string;
  /** The roots of the areas the user is limited to (policy/areas.ts), or null for the whole estate. */
  areaRoots: string[] | null;
  /** Only rows after this one in (path, id) order: the previous page's last row. */
  after?: LocationPosition;
  limit: number;
}

export interface LocationGroupRow {
  type: LocationType;
  total: number;
  id: string;
  name: string;
  code: string | null;
  path: string;
}

/**
 * Every write that reads or rewrites stored paths (create under a parent, rename) takes this
 * transaction-scoped advisory lock, so they run one at a time. Without it a child created while its
 * ancestor is being renamed could copy the old path after the rename's UPDATE took its snapshot.
 * Location writes are rare set-up work, so serialising them costs nothing noticeable.
 */
const TREE_WRITE_LOCK = 7_301_001;
const lockTree = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(${TREE_WRITE_LOCK})`);

/** The location itself and everything below it (ancestorIds holds every id above a row). */
export const inSubtree = (id: string): SQL => or(eq(locations.id, id), arrayContains(locations.ancestorIds, [id]))!;

/** A location as the API shows it (locationSchema). */
export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    parentId: row.parentId,
    code: row.code,
    description: row.description,
    gpsLat: row.gpsLat,
    gpsLon: row.gpsLon,
    metadata: row.metadata,
    path: row.path,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a create asks of the tree; the route answers each kind. */
export type CreateLocationResult =
  | { kind: 'created'; location: Location }
  | { kind: 'parent-missing' }
  | { kind: 'cannot-nest'; parentType: LocationType };

export function locationsRepo(db: Db) {
  return {
    async findById(id: string): Promise<Location | undefined> {
      const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
      return row && toLocation(row);
    },

    /** Who created the location: null when not known, undefined when there is no such location. */
    async creatorOf(id: string): Promise<string | null | undefined> {
      const [row] = await db.select({ createdBy: locations.createdBy }).from(locations).where(eq(locations.id, id)).limit(1);
      return row?.createdBy;
    },

    /**
     * Inserts a location under `parentId` (or at the top when null), deriving path and ancestorIds
     * from the parent as it is after any rename in progress. Refuses a parent that does not exist or
     * whose type cannot hold the new one (spec §3 hierarchy). `actorId` (the signed-in user) is
     * recorded as the author in the audit trail. `inTransaction` runs before the commit (an idempotent
     * request's answer, db/actor.ts).
     */
    async create(input: NewLocation, parentId: string | null, actorId: string, inTransaction?: InTransaction<CreateLocationResult>): Promise<CreateLocationResult> {
      return transactionAs(db, actorId, async (tx) => {
        let parent: LocationRow | undefined;
        if (parentId) {
          await lockTree(tx);
          [parent] = await tx.select().from(locations).where(eq(locations.id, parentId)).limit(1);
          if (!parent) return { kind: 'parent-missing' as const };
          if (!canNest(parent.type, input.type)) return { kind: 'cannot-nest' as const, parentType: parent.type };
        }
        const [row] = await tx
          .insert(locations)
          .values({
            ...input,
            createdBy: actorId,
            parentId: parent?.id ?? null,
            path: parent ? `${parent.path}${LOCATION_PATH_SEPARATOR}${input.name}` : input.name,
            ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
          })
          .returning();
        return { kind: 'created' as const, location: toLocation(row!) };
      }, inTransaction);
    },

    /**
     * Applies the changes. A new name rewrites the stored path of the location, of every location
     * below it, and the denormalised locationPath of every asset in that subtree, in one transaction.
     * A PATCH never changes parent or type, so the tree's shape (and thus cycle-freedom) is untouched.
     */
    async update(id: string, changes: LocationChanges, actorId: string): Promise<Location | undefined> {
      const updated = await transactionAs(db, actorId, async (tx) => {
        await lockTree(tx);
        const [current] = await tx.select().from(locations).where(eq(locations.id, id)).limit(1);
        if (!current) return undefined;

        const renamed = changes.name !== undefined && changes.name !== current.name;
        let path = current.path;
        if (renamed) {
          const parentId = current.ancestorIds.at(-1);
          const parent = parentId ? (await tx.select({ path: locations.path }).from(locations).where(eq(locations.id, parentId)))[0] : undefined;
          path = parent ? `${parent.path}${LOCATION_PATH_SEPARATOR}${changes.name}` : changes.name!;
        }

        const [row] = await tx
          .update(locations)
          .set({ ...changes, path, updatedAt: sql`now()` })
          .where(eq(locations.id, id))
          .returning();

        if (renamed) {
          // Descendants' paths all start with the old path: swap that prefix (char_length counts
          // characters as PostgreSQL does, which JavaScript's UTF-16 length would not for emoji).
          await tx
            .update(locations)
            .set({ path: sql`${path} || substr(${locations.path}, char_length(${current.path}::text) + 1)` })
            .where(arrayContains(locations.ancestorIds, [id]));
          // Assets and meters keep a copy of their location's path; this is not an edit of them, so
          // their updatedAt stays.
          await tx
            .update(assets)
            .set({ locationPath: sql`(SELECT ${locations.path} FROM ${locations} WHERE ${locations.id} = ${assets.locationId})` })
            .where(inArray(assets.locationId, tx.select({ id: locations.id }).from(locations).where(inSubtree(id))));
          await tx
            .update(meters)
            .set({ locationPath: sql`(SELECT ${locations.path} FROM ${locations} WHERE ${locations.id} = ${meters.locationId})` })
            .where(inArray(meters.locationId, tx.select({ id: locations.id }).from(locations).where(inSubtree(id))));
        }
        return row;
      });
      return updated && toLocation(updated);
    },

    /** Up to `limit` locations in (path, id) order, optionally narrowed (pickers pass a search and a small limit). */
    async list(filter: LocationFilter): Promise<Location[]> {
      const conditions: SQL[] = [];
      if (filter.areaRoots) conditions.push(inAreas(locations.id, filter.areaRoots));
      if (filter.types?.length) conditions.push(inArray(locations.type, filter.types));
      if (filter.parentId) conditions.push(eq(locations.parentId, filter.parentId));
      if (filter.search) {
        const pattern = likePattern(filter.search);
        conditions.push(or(ilike(locations.path, pattern), ilike(locations.code, pattern))!);
      }
      // The same collation orders the rows and compares the cursor, so pages neither skip nor repeat.
      if (filter.after) conditions.push(sql`(${locations.path}, ${locations.id}) > (${filter.after.path}, ${filter.after.id}::uuid)`);
      const rows = await db
        .select()
        .from(locations)
        .where(and(...conditions))
        .orderBy(asc(locations.path), asc(locations.id))
        .limit(filter.limit);
      return rows.map(toLocation);
    },

    /**
     * Per type: the total and the first LOCATION_GROUP_PREVIEW rows by path, in one query (window
     * functions over the (type, path) index). Types without locations yield no rows. With areas,
     * only the locations in them.
     */
    async groups(areaRoots: string[] | null): Promise<LocationGroupRow[]> {
      const ranked = db
        .select({
          type: locations.type,
          id: locations.id,
          name: locations.name,
          code: locations.code,
          path: locations.path,
          rank: sql<number>`row_number() OVER (PARTITION BY ${locations.type} ORDER BY ${locations.path}, ${locations.id})`.as('rank'),
          total: sql<number>`(count(*) OVER (PARTITION BY ${locations.type}))::int`.as('total'),
        })
        .from(locations)
        .where(areaRoots ? inAreas(locations.id, areaRoots) : undefined)
        .as('ranked');
      return db
        .select({ type: ranked.type, total: ranked.total, id: ranked.id, name: ranked.name, code: ranked.code, path: ranked.path })
        .from(ranked)
        .where(sql`${ranked.rank} <= ${LOCATION_GROUP_PREVIEW}`)
        .orderBy(asc(ranked.type), asc(ranked.rank));
    },

    /**
     * The location's path, locking its row against a concurrent rename until the caller's
     * transaction ends (a rename's UPDATE waits for the lock, then its asset UPDATE sees our row).
     */
    async lockedPath(tx: Tx, id: string): Promise<string | undefined> {
      const [row] = await tx.select({ path: locations.path }).from(locations).where(eq(locations.id, id)).for('share');
      return row?.path;
    },
  };
}
