import { and, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionAs, type Tx } from '../../db/actor';
import { actions, assessments, assets, locations, media, users } from '../../db/schema';
import { afterCursor, afterCursorPlaceholders, cursorValues } from '../../db/keyset';
import { preparedByShape } from '../../db/prepared';
import { containsLowered } from '../../db/like';
import { inSubtree, locationsRepo } from '../locations/locations.repo';
import type { AssetStatus, AssetType, Condition } from '../../../shared/domain';

export type AssetRow = typeof assets.$inferSelect;
export type AssetWithCreator = AssetRow & { createdByName: string | null };

/** Every column the client may set; the rest (ids, codes, path, creator, times) are the server's. */
export type AssetFields = Omit<
  typeof assets.$inferInsert,
  'id' | 'assetId' | 'locationPath' | 'createdBy' | 'createdAt' | 'updatedAt' | 'photoUrls' | 'qrCode' | 'searchText'
>;
export type AssetChanges = Partial<Omit<AssetFields, 'clientAssetId'>>;
/** A new asset's fields: those with a column default are required (the create schema defaults them). */
export type NewAssetFields = AssetFields &
  Required<Pick<AssetFields, 'complianceFire' | 'complianceElectrical' | 'complianceLoler' | 'complianceHygiene' | 'customFields' | 'status'>>;

export interface AssetListFilter {
  limit: number;
  cursor?: string;
  search?: string;
  condition?: Condition;
  type?: AssetType;
  status?: AssetStatus;
  locationId?: string;
}

const listColumns = {
  id: assets.id,
  assetId: assets.assetId,
  type: assets.type,
  make: assets.make,
  model: assets.model,
  serial: assets.serial,
  condition: assets.condition,
  status: assets.status,
  locationId: assets.locationId,
  locationPath: assets.locationPath,
  createdAt: assets.createdAt,
};
export type CreateResult = { kind: 'created' | 'existing'; asset: AssetWithCreator } | { kind: 'location-missing' };

/** The columns a create writes: every field the client may set, the location's path and the creator. */
const CREATE_COLUMNS = [
  'clientAssetId', 'type', 'subtype', 'make', 'model', 'serial', 'description', 'locationId', 'locationPath',
  'installDate', 'warrantyExpiry', 'condition', 'conditionNotes', 'complianceFire', 'complianceElectrical',
  'complianceLoler', 'complianceHygiene', 'barcode', 'customFields', 'status', 'createdBy',
] as const satisfies readonly (keyof AssetFields | 'locationPath' | 'createdBy')[];

/**
 * The INSERT of a create, prepared once per pooled connection: Drizzle takes ~0.2 ms of CPU to build
 * this 30-column statement, which was the largest single cost of POST /api/assets. Every column is a
 * placeholder, so the columns with defaults must be given (NewAssetFields; the create schema's
 * defaults supply them) and an absent optional field is bound as NULL.
 */
const insertStatements = new WeakMap<Tx, ReturnType<typeof prepareInsert>>();
function prepareInsert(tx: Tx) {
  const values = Object.fromEntries(CREATE_COLUMNS.map((column) => [column, sql.placeholder(column)]));
  return tx
    .insert(assets)
    .values(values as unknown as typeof assets.$inferInsert)
    .onConflictDoNothing({ target: assets.clientAssetId })
    .returning()
    .prepare('asset_create');
}
function insertStatement(tx: Tx) {
  let statement = insertStatements.get(tx);
  if (!statement) insertStatements.set(tx, (statement = prepareInsert(tx)));
  return statement;
}

export function assetsRepo(db: Db) {
  const locationsDb = locationsRepo(db);

  const selectWithCreator = (executor: Pick<Db, 'select'>) =>
    executor
      .select({ ...getTableColumns(assets), createdByName: users.fullName })
      .from(assets)
      .leftJoin(users, eq(users.id, assets.createdBy));

  // The hottest read, prepared once per process (and planned once per connection by PostgreSQL).
  const byId = selectWithCreator(db).where(eq(assets.id, sql.placeholder('id'))).limit(1).prepare('asset_by_id');
  const findById = async (id: string, executor: Pick<Db, 'select'> = db): Promise<AssetWithCreator | undefined> => {
    const [row] = executor === db ? await byId.execute({ id }) : await selectWithCreator(executor).where(eq(assets.id, id)).limit(1);
    return row;
  };

  /**
   * Browsing the list (no search text, no location) is prepared per combination of filters. A search
   * or location filter is planned per request instead: a generic plan cannot tell a rare word from a
   * common one, and the right plan differs (trigram bitmap vs walking the newest-first index).
   */
  const browseStatement = preparedByShape(
    'asset_browse',
    (shape: Record<'cursor' | 'condition' | 'type' | 'status', boolean>, name) => {
      const conditions: SQL[] = [];
      if (shape.cursor) conditions.push(afterCursorPlaceholders(assets.createdAt, assets.id));
      if (shape.condition) conditions.push(sql`${assets.condition} = ${sql.placeholder('condition')}`);
      if (shape.type) conditions.push(sql`${assets.type} = ${sql.placeholder('type')}`);
      if (shape.status) conditions.push(sql`${assets.status} = ${sql.placeholder('status')}`);
      return db
        .select(listColumns)
        .from(assets)
        .where(and(...conditions))
        .orderBy(desc(assets.createdAt), desc(assets.id))
        .limit(sql.placeholder('limit'))
        .prepare(name);
    },
  );

  return {
    findById,

    /**
     * Creates the asset with the location's current path. With a clientAssetId already used, the
     * existing asset is returned instead: ON CONFLICT DO NOTHING makes a concurrent retry wait for
     * the first insert and then find its row, so retries never create a second asset or fail.
     * The creator (the signed-in user, whose name the caller has) is also the author the audit trail
     * records. A new row comes back from the INSERT itself: no second read.
     */
    async create(fields: NewAssetFields, creator: { id: string; fullName: string }): Promise<CreateResult> {
      return transactionAs(db, creator.id, async (tx) => {
        const locationPath = await locationsDb.lockedPath(tx, fields.locationId);
        if (locationPath === undefined) return { kind: 'location-missing' } as const;
        const row: Record<string, unknown> = { ...fields, locationPath, createdBy: creator.id };
        const [inserted] = await insertStatement(tx).execute(Object.fromEntries(CREATE_COLUMNS.map((c) => [c, row[c] ?? null])));
        if (inserted) return { kind: 'created', asset: { ...inserted, createdByName: creator.fullName } } as const;
        const [existing] = await selectWithCreator(tx).where(eq(assets.clientAssetId, fields.clientAssetId!)).limit(1);
        return { kind: 'existing', asset: existing! } as const;
      });
    },

    /** Applies the changes; a new locationId brings that location's path. Undefined when missing. */
    async update(id: string, changes: AssetChanges, actorId: string): Promise<AssetWithCreator | undefined | 'location-missing'> {
      return transactionAs(db, actorId, async (tx) => {
        let locationPath: string | undefined;
        if (changes.locationId) {
          locationPath = await locationsDb.lockedPath(tx, changes.locationId);
          if (locationPath === undefined) return 'location-missing' as const;
        }
        const [updated] = await tx
          .update(assets)
          .set({ ...changes, ...(locationPath !== undefined && { locationPath }), updatedAt: sql`now()` })
          .where(eq(assets.id, id))
          .returning({ id: assets.id });
        return updated ? findById(updated.id, tx) : undefined;
      });
    },

    /**
     * Deletes the asset. The foreign keys cascade to its assessments (and their defects), its
     * actions and its media rows, including media of those assessments and actions. Answers the
     * stored object keys of that media (the caller deletes the files after the commit), or undefined
     * when there is no such asset. The asset row is locked first, so media recorded meanwhile either
     * is seen here or fails its foreign key.
     */
    async delete(id: string, actorId: string): Promise<{ objectKeys: string[] } | undefined> {
      return transactionAs(db, actorId, async (tx) => {
        const [locked] = await tx.select({ id: assets.id }).from(assets).where(eq(assets.id, id)).for('update');
        if (!locked) return undefined;
        const files = await tx
          .select({ objectKey: media.objectKey, thumbnailKey: media.thumbnailKey })
          .from(media)
          .where(
            or(
              eq(media.assetId, id),
              inArray(media.assessmentId, tx.select({ id: assessments.id }).from(assessments).where(eq(assessments.assetId, id))),
              inArray(media.actionId, tx.select({ id: actions.id }).from(actions).where(eq(actions.assetId, id))),
            ),
          );
        await tx.delete(assets).where(eq(assets.id, id));
        return { objectKeys: files.flatMap((f) => [f.objectKey, f.thumbnailKey]).filter((k): k is string => k !== null) };
      });
    },

    /** Newest first, limit + 1 rows so the caller can tell whether another page exists. */
    async list(filter: AssetListFilter) {
      if (!filter.search && !filter.locationId) {
        const { cursor, condition, type, status } = filter;
        return browseStatement({ cursor, condition, type, status }).execute({ ...cursorValues(cursor), condition, type, status, limit: filter.limit + 1 });
      }
      const conditions: (SQL | undefined)[] = [afterCursor(assets.createdAt, assets.id, filter.cursor)];
      if (filter.condition) conditions.push(eq(assets.condition, filter.condition));
      if (filter.type) conditions.push(eq(assets.type, filter.type));
      if (filter.status) conditions.push(eq(assets.status, filter.status));
      if (filter.search) conditions.push(containsLowered(assets.searchText, filter.search));
      if (filter.locationId) {
        conditions.push(inArray(assets.locationId, db.select({ id: locations.id }).from(locations).where(inSubtree(filter.locationId))));
      }
      return db
        .select(listColumns)
        .from(assets)
        .where(and(...conditions))
        .orderBy(desc(assets.createdAt), desc(assets.id))
        .limit(filter.limit + 1);
    },
  };
}
