import { and, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionAs, type InTransaction, type Tx } from '../../db/actor';
import type { PgColumn, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { actions, assessments, assets, locations, media, users } from '../../db/schema';
import { afterCursor, afterCursorPlaceholders, cursorValues } from '../../db/keyset';
import { preparedByPlacesShape, preparedByShape, rowLimit, USUAL_PAGE_ROWS } from '../../db/prepared';
import { assetSource, listColumns, listItemJson } from './list-columns';
import { findMatches } from '../search/matches';
import { matchOf } from '../search/query';
import { inSubtree, locationsRepo } from '../locations/locations.repo';
import { placedInAreas } from '../../policy/areas';
import { inNewestInPlaces, placeSize, placesRead, readInPlaces, type PlacesRead } from '../../policy/area-sizes';
import { areaSearch } from '../search/area-plan';
import type { AssetStatus, AssetType, Condition } from '../../../shared/domain';
import type { Asset } from '../../../shared/contract/assets';

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
  /** The roots of the areas the user is limited to (policy/areas.ts), or null for the whole estate. */
  areaRoots?: string[] | null;
}

export type CreateResult = { kind: 'created' | 'existing'; asset: Asset } | { kind: 'location-missing' };
/** The asset as changed; undefined when there is no such asset. */
export type UpdateResult = Asset | undefined | { kind: 'location-missing' } | { kind: 'changed'; current: Asset };

/** The columns a create takes from the request: every field the client may set (the create schema defaults the rest). */
const CREATE_FIELDS = [
  'clientAssetId', 'type', 'subtype', 'make', 'model', 'serial', 'description', 'locationId', 'installDate',
  'warrantyExpiry', 'condition', 'conditionNotes', 'complianceFire', 'complianceElectrical', 'complianceLoler',
  'complianceHygiene', 'barcode', 'customFields', 'status',
] as const satisfies readonly (keyof NewAssetFields)[];

/**
 * A create is one statement, its own transaction: one round trip instead of four (BEGIN with the audit
 * actor, the location's path, the INSERT, COMMIT), each of which costs server CPU of its own. In
 * order of evaluation:
 * - `actor` sets the audit trail's author for this transaction only (set_config(…, true)); the
 *   row's source needs it, so it is set before the row is inserted and the AFTER triggers read it;
 * - the location's path is read under FOR SHARE, so a concurrent rename either waits for this insert
 *   or is waited for, and then its new path is the one stored (as in update);
 * - ON CONFLICT DO NOTHING on clientAssetId makes a retried create wait for the first one and then
 *   insert nothing.
 * No row back: the location does not exist or the clientAssetId was used before.
 * Every field is a typed parameter ($1 …); the creator is the last one. Named, so each pooled
 * connection parses it once.
 */
const CREATE_STATEMENT = (() => {
  const columns = getTableColumns(assets);
  const creator = `$${CREATE_FIELDS.length + 1}`;
  const values = CREATE_FIELDS.map((key, i) => (key === 'locationId' ? 'location.id' : `$${i + 1}::${columns[key].getSQLType()}`));
  const returning = Object.entries(columns).map(([key, column]) => `"${column.name}" AS "${key}"`);
  return `WITH actor AS MATERIALIZED (SELECT set_config('app.actor_id', ${creator}::text, true))
INSERT INTO assets (${CREATE_FIELDS.map((key) => `"${columns[key].name}"`).join(', ')}, location_path, created_by)
SELECT ${values.join(', ')}, location.path, ${creator}::uuid
FROM locations AS location, actor
WHERE location.id = $${CREATE_FIELDS.indexOf('locationId') + 1}::uuid
FOR SHARE OF location
ON CONFLICT (client_asset_id) DO NOTHING
RETURNING ${returning.join(', ')}`;
})();

/** Which of the list's optional filters a request has; each combination is its own prepared statement. */
type FilterShape = Record<'cursor' | 'condition' | 'type' | 'status', boolean>;
/** A browsing statement's shape: its filters, and whether it reads the usual page (rowLimit). */
type BrowseShape = FilterShape & { usualPage: boolean };

/** The shape's filters as placeholders, on the assets table or a subquery with the same columns. */
function filterPlaceholders(
  columns: { createdAt: PgColumn; id: PgColumn; condition: PgColumn; type: PgColumn; status: PgColumn },
  shape: FilterShape,
): SQL[] {
  const conditions: SQL[] = [];
  if (shape.cursor) conditions.push(afterCursorPlaceholders(columns.createdAt, columns.id));
  if (shape.condition) conditions.push(sql`${columns.condition} = ${sql.placeholder('condition')}`);
  if (shape.type) conditions.push(sql`${columns.type} = ${sql.placeholder('type')}`);
  if (shape.status) conditions.push(sql`${columns.status} = ${sql.placeholder('status')}`);
  return conditions;
}

/** An asset as the API shows it (assetSchema). */
export function toAsset(row: AssetWithCreator): Asset {
  return {
    id: row.id,
    assetId: row.assetId,
    clientAssetId: row.clientAssetId,
    type: row.type,
    subtype: row.subtype,
    make: row.make,
    model: row.model,
    serial: row.serial,
    description: row.description,
    locationId: row.locationId,
    locationPath: row.locationPath,
    installDate: row.installDate,
    warrantyExpiry: row.warrantyExpiry,
    condition: row.condition,
    conditionNotes: row.conditionNotes,
    complianceFire: row.complianceFire,
    complianceElectrical: row.complianceElectrical,
    complianceLoler: row.complianceLoler,
    complianceHygiene: row.complianceHygiene,
    qrCode: row.qrCode,
    barcode: row.barcode,
    customFields: row.customFields,
    photoUrls: row.photoUrls,
    status: row.status,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function assetsRepo(db: Db) {
  const locationsDb = locationsRepo(db);

  /**
   * The JSON of a page of listColumns that is sorted and limited first: PostgreSQL computes a
   * select's values before its sort, so JSON in the sorted select itself would be built for every
   * match (a search's few hundred), not just the page's rows.
   * Browsing needs no wrapper: its index walk stops at the limit.
   */
  const jsonOfPage = (query: { as(alias: 'page'): SubqueryWithSelection<typeof listColumns, 'page'> }) => {
    const page = query.as('page');
    return db.select(listItemJson(page)).from(page).orderBy(desc(page.createdAt), desc(page.id));
  };

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
   * goes to the search module (modules/search), which chooses its plan from a sample of the list. A
   * location filter without a search is planned per request: the right plan depends on the subtree.
   */
  const browseStatement = preparedByShape(
    'asset_browse',
    (shape: BrowseShape, name) => {
      return db
        .select(listItemJson(listColumns))
        .from(assets)
        .where(and(...filterPlaceholders(assets, shape)))
        .orderBy(desc(assets.createdAt), desc(assets.id))
        .limit(rowLimit(shape.usualPage))
        .prepare(name);
    },
  );

  /**
   * Browsing a list limited to places (a location's subtree, an area manager's areas) when it is read
   * in the places (policy/area-sizes.ts, firstInPlaces()): prepared per shape of the places and of
   * the filters, as browsing the estate is.
   */
  const placesBrowseStatement = preparedByPlacesShape('asset_places', (shape: BrowseShape & { areas: boolean }, places: PlacesRead, name) =>
    db
      .select(listItemJson(listColumns))
      .from(assets)
      .where(
        inNewestInPlaces(
          assets,
          places,
          and(...filterPlaceholders(assets, shape), shape.areas ? placedInAreas(assets, sql.placeholder('areas')) : undefined),
          rowLimit(shape.usualPage),
        ),
      )
      .orderBy(desc(assets.createdAt), desc(assets.id))
      .limit(rowLimit(shape.usualPage))
      .prepare(name),
  );

  return {
    /**
     * Every asset in a location and inside it, newest first, as the API shows them, up to `limit`
     * (the offline copy of a site: ADR 028).
     */
    async allInLocation(locationId: string, limit: number): Promise<Asset[]> {
      const rows = await selectWithCreator(db)
        .where(inArray(assets.locationId, db.select({ id: locations.id }).from(locations).where(inSubtree(locationId))))
        .orderBy(desc(assets.createdAt), desc(assets.id))
        .limit(limit);
      return rows.map(toAsset);
    },

    /** The asset as the API shows it, or undefined when there is none. */
    async findById(id: string): Promise<Asset | undefined> {
      const row = await findById(id);
      return row && toAsset(row);
    },

    /**
     * Creates the asset with the location's current path. With a clientAssetId already used, the
     * existing asset is returned instead: ON CONFLICT DO NOTHING makes a concurrent retry wait for
     * the first insert and then find its row, so retries never create a second asset or fail.
     * The creator (the signed-in user, whose name the caller has) is also the author the audit trail
     * records. A new row comes back from the INSERT itself: no second read.
     */
    /** Who created the asset; undefined when there is no such asset. */
    async creatorOf(id: string): Promise<string | undefined> {
      const [row] = await db.select({ createdBy: assets.createdBy }).from(assets).where(eq(assets.id, id)).limit(1);
      return row?.createdBy;
    },

    /** `inTransaction` runs before the commit (an idempotent request's answer, db/actor.ts). */
    async create(fields: NewAssetFields, creator: { id: string; fullName: string }, inTransaction?: InTransaction<CreateResult>): Promise<CreateResult> {
      const values = [...CREATE_FIELDS.map((key) => fields[key] ?? null), creator.id];
      const createOn = async (executor: Db | Tx): Promise<CreateResult> => {
        const { rows } = await executor.$client.query<AssetRow>({ name: 'asset_create', text: CREATE_STATEMENT, values });
        if (rows[0]) return { kind: 'created', asset: toAsset({ ...rows[0], createdByName: creator.fullName }) };
        const [existing] = fields.clientAssetId ? await selectWithCreator(executor).where(eq(assets.clientAssetId, fields.clientAssetId)).limit(1) : [];
        return existing ? { kind: 'existing', asset: toAsset(existing) } : { kind: 'location-missing' };
      };
      // The statement commits on its own; work to commit with it needs a transaction around both.
      return inTransaction ? transactionAs(db, creator.id, createOn, inTransaction) : createOn(db);
    },

    /** Applies the changes; a new locationId brings that location's path. Undefined when missing. */
    /**
     * Applies the changes. With `basedOn` (the updatedAt the editor saw, from If-Match), the row is
     * locked first and an asset changed since answers `changed` with its current version, untouched.
     * `inTransaction` runs before the commit (an idempotent request's answer, db/actor.ts).
     */
    async update(id: string, changes: AssetChanges, actorId: string, basedOn?: Date, inTransaction?: InTransaction<UpdateResult>): Promise<UpdateResult> {
      return transactionAs(db, actorId, async (tx): Promise<UpdateResult> => {
        if (basedOn) {
          const [row] = await tx.select({ updatedAt: assets.updatedAt }).from(assets).where(eq(assets.id, id)).for('update');
          if (!row) return undefined;
          // Compared at the millisecond precision the API gives updatedAt in.
          if (Math.floor(row.updatedAt.getTime()) !== basedOn.getTime()) {
            const current = await findById(id, tx);
            return { kind: 'changed' as const, current: toAsset(current!) };
          }
        }
        let locationPath: string | undefined;
        if (changes.locationId) {
          locationPath = await locationsDb.lockedPath(tx, changes.locationId);
          if (locationPath === undefined) return { kind: 'location-missing' as const };
        }
        const [updated] = await tx
          .update(assets)
          .set({ ...changes, ...(locationPath !== undefined && { locationPath }), updatedAt: sql`now()` })
          .where(eq(assets.id, id))
          .returning({ id: assets.id });
        const row = updated && (await findById(updated.id, tx));
        return row && toAsset(row);
      }, inTransaction);
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

    /**
     * Newest first, limit + 1 rows so the caller can tell whether another page exists; each row is
     * the list item's JSON text (jsonPageOf() makes the page).
     */
    async list(filter: AssetListFilter): Promise<{ json: string }[]> {
      if (!filter.search && !filter.locationId && !filter.areaRoots) {
        const { cursor, condition, type, status } = filter;
        const rows = filter.limit + 1;
        return browseStatement({ cursor, condition, type, status, usualPage: rows === USUAL_PAGE_ROWS }).execute({ ...cursorValues(cursor), condition, type, status, limit: rows });
      }
      // The filters with an index of their own (assets_condition_created_at_idx, assets_type_created_at_idx).
      const indexedFilters: SQL[] = [];
      if (filter.condition) indexedFilters.push(eq(assets.condition, filter.condition));
      if (filter.type) indexedFilters.push(eq(assets.type, filter.type));
      const conditions: (SQL | undefined)[] = [afterCursor(assets.createdAt, assets.id, filter.cursor), ...indexedFilters];
      if (filter.status) conditions.push(eq(assets.status, filter.status));
      // A location's subtree (inside the user's areas: the route checks it), or the areas.
      const places = filter.locationId ? [filter.locationId] : filter.areaRoots;
      if (!filter.search && places) {
        const size = await placeSize(db, places);
        if (readInPlaces(size, places, size.assets, size.allAssets, filter.limit + 1)) {
          const read = placesRead(size, places);
          const { cursor, condition, type, status } = filter;
          const rows = filter.limit + 1;
          // A location's subtree, for a user limited to areas: the parts of it in their areas.
          const areas = filter.locationId ? filter.areaRoots : undefined;
          const shape = { cursor, condition, type, status, areas, usualPage: rows === USUAL_PAGE_ROWS };
          return placesBrowseStatement(shape, read).execute({ ...read.values, ...cursorValues(cursor), condition, type, status, areas, limit: rows });
        }
      }
      if (filter.locationId) {
        conditions.push(inArray(assets.locationId, db.select({ id: locations.id }).from(locations).where(inSubtree(filter.locationId))));
      }
      if (filter.search) {
        // A search tests the areas as its plan reads them (area-plan.ts).
        const area = filter.areaRoots ? await areaSearch(db, filter.areaRoots) : undefined;
        if (area) conditions.push(area.inPlaces(assets));
        const filtered = Boolean(filter.condition || filter.type || filter.status || filter.locationId || filter.areaRoots);
        // One indexed filter alone is read in the list's order through its index.
        const ordered = indexedFilters.length === 1 && !filter.status && !filter.locationId && !filter.areaRoots;
        const [found] = await findMatches(db, [
          {
            source: assetSource,
            match: matchOf(filter.search),
            where: and(...conditions),
            filtered,
            indexedFilters,
            ordered,
            ...area?.planning('assets'),
            rows: filter.limit + 1,
          },
        ]);
        return found!.rows;
      }
      // The estate's newest walked for the areas' rows, each tested on its own row.
      if (filter.areaRoots) conditions.push(placedInAreas(assets, filter.areaRoots));
      return jsonOfPage(
        db
          .select(listColumns)
          .from(assets)
          .where(and(...conditions))
          .orderBy(desc(assets.createdAt), desc(assets.id))
          .limit(filter.limit + 1),
      );
    },
  };
}
