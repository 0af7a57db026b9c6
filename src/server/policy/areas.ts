import { asc, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locations } from '../db/schema';
import { isUuid } from '../db/keyset';
import type { Area } from '../../shared/contract/auth';
export { outsideAreasMessage } from '../../shared/domain/areas';

/**
 * Areas (ADR 024): an org admin may limit an area manager to location subtrees. Such a user's
 * lists, search, dashboard and exports show only those subtrees; a record outside them is not
 * found; a write outside them is refused. Other roles, and an area manager with no areas, work on
 * the whole estate.
 */

export interface AreaHolder {
  role: string;
  areaLocationIds: string[];
}

/** The roots of the subtrees the user is limited to, or null for the whole estate. */
export function areaRootsOf(user: AreaHolder): string[] | null {
  return user.role === 'area_manager' && user.areaLocationIds.length > 0 ? user.areaLocationIds : null;
}

/** The locations in the areas: each root and everything below it (db/sql/areas.sql). */
export const areaLocationsSql = (roots: string[]): SQL => sql`SELECT * FROM area_locations(${sql.param(roots)}::uuid[])`;

/** `column` (a location id) lies in the areas; true for the whole estate. */
export const inAreas = (column: SQLWrapper, roots: string[] | null): SQL =>
  roots ? sql`${column} IN (${areaLocationsSql(roots)})` : sql`true`;

/** A record that keeps its place (schema.ts, placeIds()): its location, and that location with every one above it. */
export interface Placed {
  locationId: SQLWrapper;
  placeIds: SQLWrapper;
}

/**
 * The record lies in the areas, tested on its own row (`place_ids && roots`): a test of a few
 * array elements, whatever the areas hold, for a list walked in its own order where the areas hold
 * a good share of its rows (a region). No index serves it, so no plan turns it into a read of the
 * areas location by location.
 */
export const placedInAreas = (record: Placed, roots: string[] | Placeholder): SQL => sql`${record.placeIds} && ${Array.isArray(roots) ? sql.param(roots) : roots}::uuid[]`;

/** The locations of these ids, by name and path, in path order, with their ancestors. */
const locationsNamed = (db: Db, ids: readonly string[]) =>
  db
    .select({ id: locations.id, name: locations.name, path: locations.path, ancestorIds: locations.ancestorIds })
    .from(locations)
    .where(inArray(locations.id, [...new Set(ids)]))
    .orderBy(asc(locations.path), asc(locations.id));

/** The areas by name and path, in path order; ids of no location are left out. */
export async function areasNamed(db: Db, ids: readonly string[]): Promise<Area[]> {
  if (ids.length === 0) return [];
  return (await locationsNamed(db, ids)).map(({ id, name, path }) => ({ id, name, path }));
}

/**
 * The chosen locations that exist, less those inside another chosen one (a building chosen with its
 * site adds nothing), by name and path.
 */
export async function outermostAreas(db: Db, ids: readonly string[]): Promise<{ found: number; areas: Area[] }> {
  if (ids.length === 0) return { found: 0, areas: [] };
  const rows = await locationsNamed(db, ids);
  const areas = rows.filter((row) => !row.ancestorIds.some((id) => ids.includes(id))).map(({ id, name, path }) => ({ id, name, path }));
  return { found: rows.length, areas };
}

/** Records a route can name whose place in the estate decides whether an area manager reaches them. */
export type PlacedKind = 'location' | 'asset' | 'assessment' | 'action' | 'meter' | 'media' | 'obligation' | 'inspection';

/**
 * The location a record lies in, from its id (a uuid parameter). An action lies where its asset
 * does: one with no asset belongs to the whole estate, outside every area. An inspection lies where
 * its obligation does. Media lie where the asset, assessment, action or inspection they show does.
 */
const LOCATION_OF: Record<PlacedKind, (id: SQL) => SQL> = {
  location: (id) => sql`${id}`,
  asset: (id) => sql`(SELECT location_id FROM assets WHERE id = ${id})`,
  assessment: (id) => sql`(SELECT a.location_id FROM assessments s JOIN assets a ON a.id = s.asset_id WHERE s.id = ${id})`,
  action: (id) => sql`(SELECT location_id FROM actions WHERE id = ${id})`,
  meter: (id) => sql`(SELECT location_id FROM meters WHERE id = ${id})`,
  obligation: (id) => sql`(SELECT location_id FROM obligations WHERE id = ${id})`,
  inspection: (id) => sql`(SELECT o.location_id FROM inspections i JOIN obligations o ON o.id = i.obligation_id WHERE i.id = ${id})`,
  media: (id) => sql`(SELECT coalesce(
        (SELECT location_id FROM assets WHERE id = m.asset_id),
        (SELECT a.location_id FROM assessments s JOIN assets a ON a.id = s.asset_id WHERE s.id = m.assessment_id),
        (SELECT location_id FROM actions WHERE id = m.action_id),
        (SELECT o.location_id FROM inspections i JOIN obligations o ON o.id = i.obligation_id WHERE i.id = m.inspection_id))
      FROM media m WHERE m.id = ${id})`,
};

/**
 * The test of one kind of record, prepared once per database: it runs before every request a
 * limited user makes that names a record, so drizzle builds it once and PostgreSQL plans it once per
 * connection.
 */
const insideStatements = new WeakMap<Db, Map<PlacedKind, ReturnType<typeof prepareInside>>>();
const prepareInside = (db: Db, kind: PlacedKind) =>
  db
    .select({ inside: sql<boolean>`location_in_areas(${LOCATION_OF[kind](sql`${sql.placeholder('id')}::uuid`)}, ${sql.placeholder('roots')}::uuid[])` })
    .from(sql`(VALUES (1)) AS one`)
    .prepare(`lies_in_areas_${kind}`);

/** Whether the record lies in the areas; false when there is no such record. */
export async function liesInAreas(db: Db, roots: string[], kind: PlacedKind, id: string): Promise<boolean> {
  let byKind = insideStatements.get(db);
  if (!byKind) insideStatements.set(db, (byKind = new Map()));
  let statement = byKind.get(kind);
  if (!statement) byKind.set(kind, (statement = prepareInside(db, kind)));
  const [row] = await statement.execute({ id, roots });
  return row?.inside === true;
}

/**
 * What a route asks of the user's areas (ADR 024). Every route with a register permission declares
 * one, so no route can be added without deciding what an area manager reaches through it.
 * - `'filtered'`: the handler keeps its answer within `request.areaRoots` (a list, the search,
 *   the dashboard);
 * - `'unplaced'`: the route reads or writes nothing placed in the estate (an upload not yet
 *   recorded, the user's own exports);
 * - checks on the records the request names (uuids; anything else is left to the route):
 *   `params` and `query` outside the areas are not found (404, as for a record that does not
 *   exist); `body` fields name where a write puts something, and outside the areas it is refused
 *   (403, saying which areas the user works in). With `create`, the new record must be placed by
 *   one of `body`'s fields: without one it would belong to no area (a top-level location, an action
 *   on no asset). A PATCH that clears one of `body`'s fields and names no record in them (an
 *   action unlinked from its asset) is refused the same way: the record could leave every area.
 */
export type AreaRule =
  | 'filtered'
  | 'unplaced'
  | {
      params?: Record<string, PlacedKind>;
      query?: Record<string, PlacedKind>;
      body?: Record<string, PlacedKind>;
      create?: true;
    };

const NOT_FOUND: Record<PlacedKind, string> = {
  location: 'Location not found',
  asset: 'Asset not found',
  assessment: 'Assessment not found',
  action: 'Action not found',
  meter: 'Meter not found',
  media: 'Media not found',
  obligation: 'Obligation not found',
  inspection: 'Inspection not found',
};
export const notFoundMessage = (kind: PlacedKind) => NOT_FOUND[kind];

/** The uuids a request names in `fields` of `source`, with their kinds. */
export function namedRecords(source: unknown, fields: Record<string, PlacedKind> | undefined): Array<{ kind: PlacedKind; id: string }> {
  if (!fields || typeof source !== 'object' || source === null) return [];
  const values = source as Record<string, unknown>;
  return Object.entries(fields).flatMap(([field, kind]) => {
    const id = values[field];
    return typeof id === 'string' && isUuid(id) ? [{ kind, id }] : [];
  });
}
