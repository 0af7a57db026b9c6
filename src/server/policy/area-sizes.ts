import { getTableName, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { PLACE_INDEX_DEPTHS, placeAtDepth } from '../db/schema';

/**
 * How much of the estate a set of places (area roots, or one location's subtree) holds, and how a
 * newest-first list limited to them is read cheapest (ADR 024, "Areas"). The sizes come from the
 * counts the triggers keep per location (db/sql/dashboard-counts.sql), so looking them up reads a
 * few hundred small rows, never the register.
 */
export interface PlaceSize {
  /** Locations in the places, and in the estate. */
  locations: number;
  allLocations: number;
  /** Assets and actions lying in the places, and in the estate. */
  assets: number;
  allAssets: number;
  actions: number;
  allActions: number;
  /** Meters in the places, and in the estate: counted (a few thousand at most, each keeping its place). */
  meters: number;
  allMeters: number;
  /** Obligations lying in the places, and in the estate (counted at every location's ancestors too, so the roots' rows hold them all). */
  obligations: number;
  allObligations: number;
  /** Each root's depth (1 = the top of its tree), by id; a root of no location has none. */
  depths: Record<string, number>;
}

/**
 * A small area holds under a tenth of the estate's locations (a few sites): reading it whole, through
 * the location index, costs what it holds; a larger one (a region) is cheaper to find by walking the
 * estate's rows in the list's order and testing each row's place.
 */
const SMALL_AREA_SHARE = 0.1;
export const isSmallArea = (size: PlaceSize): boolean => size.locations < SMALL_AREA_SHARE * size.allLocations;

/** Places change rarely and their sizes slowly; a size is looked up again after this long. */
const SIZE_KEPT_MS = 60_000;
const SIZES_KEPT = 1_000;
const sizes = new Map<string, { size: PlaceSize; at: number }>();

export async function placeSize(db: Db, roots: string[]): Promise<PlaceSize> {
  const key = [...roots].sort().join(',');
  const now = Date.now();
  const kept = sizes.get(key);
  if (kept && now - kept.at < SIZE_KEPT_MS) return kept.size;
  const places = sql`${sql.param(roots)}::uuid[]`;
  const { rows } = await db.execute<Record<Exclude<keyof PlaceSize, 'depths'>, string> & { depths: Record<string, number> }>(sql`
    SELECT (SELECT count(*) FROM area_locations(${places})) AS "locations",
           (SELECT count(*) FROM locations) AS "allLocations",
           (SELECT coalesce(sum(n), 0) FROM location_asset_counts WHERE location_id = ANY(${places})) AS "assets",
           (SELECT coalesce(sum(n), 0) FROM asset_counts) AS "allAssets",
           (SELECT coalesce(sum(n), 0) FROM location_action_counts WHERE location_id = ANY(${places})) AS "actions",
           (SELECT coalesce(sum(n), 0) FROM action_counts) AS "allActions",
           (SELECT count(*) FROM meters WHERE place_ids && ${places}) AS "meters",
           (SELECT count(*) FROM meters) AS "allMeters",
           (SELECT coalesce(sum(n), 0) FROM location_compliance_counts WHERE location_id = ANY(${places})) AS "obligations",
           (SELECT coalesce(sum(n), 0) FROM location_compliance_counts WHERE location_id IN (SELECT id FROM locations WHERE parent_id IS NULL)) AS "allObligations",
           (SELECT coalesce(json_object_agg(id, cardinality(ancestor_ids) + 1), '{}') FROM locations WHERE id = ANY(${places})) AS "depths"`);
  const { depths, ...counts } = rows[0]!;
  const size = { ...Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])), depths } as PlaceSize;
  if (sizes.size >= SIZES_KEPT) sizes.clear();
  sizes.set(key, { size, at: now });
  return size;
}

/** A root at one of the indexed depths: its subtree is one range of that depth's place index (schema.ts, placeIndexes()). */
const isIndexedRoot = (size: PlaceSize, root: string): boolean => (size.depths[root] ?? Infinity) <= PLACE_INDEX_DEPTHS;

/**
 * Relative costs (µs on the benchmark's estate, `npm run bench -- --only areas`): walking the
 * estate's newest-first index tests each row's location against the places (a probe of the
 * location's row); reading by location descends each location's index once and reads its entries.
 */
const COST = { walkedRow: 3.4, locationEntry: 0.8, location: 5 };

/**
 * Whether a page of `rows` of a list limited to the places is read cheaper one location at a time
 * (firstByLocation()) than by walking the estate in the list's order: a small area's rows are a few
 * of the estate's, so a walk passes over many others for each of its own. `inPlaces` and `inEstate`
 * are the list's rows there and in all (the filters aside: they thin both reads alike).
 */
export function readByLocation(size: PlaceSize, inPlaces: number, inEstate: number, rows: number): boolean {
  if (inPlaces === 0) return true;
  const walk = COST.walkedRow * Math.min(inEstate, (rows * inEstate) / inPlaces);
  const byLocation = COST.locationEntry * Math.min(inPlaces, size.locations * rows) + COST.location * size.locations;
  return byLocation < walk;
}

/**
 * readByLocation() for a table whose rows keep their place, read in the places by firstInPlaces().
 * A root at an indexed depth (a region, a site) is one range of a place index in the list's order: a
 * page reads its own rows there, so the places always are read when every root is such a one.
 */
export function readInPlaces(size: PlaceSize, roots: readonly string[], inPlaces: number, inEstate: number, rows: number): boolean {
  return roots.every((root) => isIndexedRoot(size, root)) || readByLocation(size, inPlaces, inEstate, rows);
}

/** A list's order: its columns, each ascending or descending; the last is the table's `id`, which makes it total. */
export type ListOrder = ReadonlyArray<readonly [column: Column, direction: 'ASC' | 'DESC']>;

/** The order's columns as `alias.column ASC, …`, for the table (its own name) or a subquery of it. */
function orderOver(alias: SQLWrapper, order: ListOrder): SQL {
  return sql.join(
    order.map(([column, direction]) => sql`${alias}.${sql.identifier(column.name)} ${direction === 'ASC' ? sql`ASC` : sql`DESC`}`),
    sql`, `,
  );
}

/** The order's columns as `alias.column, …`. */
const columnsOf = (alias: SQLWrapper, order: ListOrder): SQL =>
  sql.join(
    order.map(([column]) => sql`${alias}.${sql.identifier(column.name)}`),
    sql`, `,
  );

/**
 * The order's columns of the first `rows` rows of `table` in `order` for each of `keys` (a
 * sub-select of one column, `id`) whose `keyColumn` is that key, through an index on (key, the
 * order's columns); not merged. `where` holds the list's other filters and cursor, over the table's
 * columns; `joined` adds tables they test (joined to the table inside each key's read).
 */
function eachKeysFirst(table: PgTable, keyColumn: PgColumn, keys: SQL, where: SQL | undefined, rows: SQLWrapper | number, order: ListOrder, joined?: SQL): SQL {
  const name = sql.identifier(getTableName(table));
  const first = sql.identifier('first');
  return sql`SELECT ${columnsOf(first, order)} FROM (${keys}) AS key
      CROSS JOIN LATERAL (SELECT ${columnsOf(name, order)} FROM ${table} ${joined ?? sql``} WHERE ${keyColumn} = key.id ${where ? sql`AND ${where}` : sql``}
        ORDER BY ${orderOver(name, order)} LIMIT ${rows}) AS ${first}`;
}

/**
 * The ids of the first `rows` of `reads` (each giving the order's columns) in `order`. The reads may
 * overlap (one root inside another), so their rows are merged as a set: a row twice would take two
 * of the page's places.
 */
function mergedPage(reads: SQL[], rows: SQLWrapper | number, order: ListOrder): SQL {
  const page = sql.identifier('page');
  const all = sql.join(
    reads.map((read) => sql`(${read})`),
    sql` UNION `,
  );
  return sql`SELECT ${page}.id FROM (${all}) AS ${page} ORDER BY ${orderOver(page, order)} LIMIT ${rows}`;
}

/**
 * The ids of the first `rows` rows of `table` in `order` whose `keyColumn` is one of `keys` (a
 * sub-select of one column, `id`), found one key at a time: each key's first rows through an index
 * on (key, the order's columns), merged and cut to the page, in order. `where` holds the list's
 * other filters and cursor, over the table's columns; `joined` adds tables they test (joined to
 * the table inside each key's read).
 */
export function firstByKey(table: PgTable, keyColumn: PgColumn, keys: SQL, where: SQL | undefined, rows: SQLWrapper | number, order: ListOrder, joined?: SQL): SQL {
  return mergedPage([eachKeysFirst(table, keyColumn, keys, where, rows, order, joined)], rows, order);
}

/** firstByKey() one location of the places (`places`, a uuid[] expression) at a time. */
export function firstByLocation(table: PgTable, locationColumn: PgColumn, places: SQLWrapper, where: SQL | undefined, rows: SQLWrapper | number, order: ListOrder): SQL {
  return firstByKey(table, locationColumn, sql`SELECT id FROM area_locations(${places}::uuid[]) AS place(id)`, where, rows, order);
}

/** A table whose rows keep their place (schema.ts, placeIds()). */
type PlacedTable = PgTable & { locationId: PgColumn; placeIds: PgColumn };

/**
 * How a list limited to places reads them (firstInPlaces()): each root at an indexed depth in one
 * range of its depth's place index, the deeper roots' locations one at a time. The statement is the
 * same for every area of one `shape` (its roots' depths), so it is prepared once per shape; its
 * placeholders (`place0`, … and `deeperPlaces`) take `values`.
 */
export interface PlacesRead {
  shape: string;
  values: Record<string, string | string[]>;
  indexed: ReadonlyArray<{ depth: number; root: SQLWrapper }>;
  deeper: SQLWrapper | undefined;
}

export function placesRead(size: PlaceSize, roots: readonly string[]): PlacesRead {
  const indexed = roots.filter((root) => isIndexedRoot(size, root)).sort((a, b) => size.depths[a]! - size.depths[b]!);
  const deeper = roots.filter((root) => !isIndexedRoot(size, root));
  const values: Record<string, string | string[]> = Object.fromEntries(indexed.map((root, i) => [`place${i}`, root]));
  if (deeper.length > 0) values.deeperPlaces = deeper;
  return {
    shape: [...indexed.map((root) => `p${size.depths[root]}`), ...(deeper.length > 0 ? ['deeper'] : [])].join(''),
    values,
    indexed: indexed.map((root, i) => ({ depth: size.depths[root]!, root: sql.placeholder(`place${i}`) })),
    deeper: deeper.length > 0 ? sql.placeholder('deeperPlaces') : undefined,
  };
}

/**
 * The ids of the first `rows` rows of `table` in `order` lying in the places, `where` (the list's
 * other filters and cursor, over the table's columns) aside. Each root at an indexed depth is read
 * in one range of its depth's place index on (place, the order's columns), schema.ts's
 * placeIndexes() for this order: its first rows, whatever it holds. The deeper roots' locations are
 * read one at a time, through an index on (location, the order's columns). All are merged and cut
 * to the page, in order.
 */
export function firstInPlaces(table: PlacedTable, places: PlacesRead, where: SQL | undefined, rows: SQLWrapper | number, order: ListOrder): SQL {
  const name = sql.identifier(getTableName(table));
  const reads = places.indexed.map(
    ({ depth, root }) => sql`SELECT ${columnsOf(name, order)} FROM ${table} WHERE ${placeAtDepth(table.placeIds, depth)} = ${root}::uuid ${where ? sql`AND ${where}` : sql``}
        ORDER BY ${orderOver(name, order)} LIMIT ${rows}`,
  );
  if (places.deeper) {
    const locations = sql`SELECT id FROM area_locations(${places.deeper}::uuid[]) AS place(id)`;
    reads.push(eachKeysFirst(table, table.locationId, locations, where, rows, order));
  }
  return mergedPage(reads, rows, order);
}

/**
 * firstInPlaces() as a condition on the table's rows, for a caller that orders and limits them so
 * (its select, order and JSON stay its own). One root at an indexed depth is its place's range
 * (`place_ids[d] = root`), which the caller's order and limit read from the place index as the
 * estate's list reads its own; otherwise the rows are those of firstInPlaces() (`id` among them),
 * and only the page's rows are read from the table.
 */
export function inFirstInPlaces(table: PlacedTable, places: PlacesRead, where: SQL | undefined, rows: SQLWrapper | number, order: ListOrder): SQL {
  const [only, ...others] = places.indexed;
  if (only && others.length === 0 && !places.deeper) return sql`${placeAtDepth(table.placeIds, only.depth)} = ${only.root}::uuid ${where ? sql`AND ${where}` : sql``}`;
  return sql`${sql.identifier(getTableName(table))}.id IN (${firstInPlaces(table, places, where, rows, order)})`;
}

/** inFirstInPlaces() newest first, as the place indexes (created_at DESC, id DESC) keep it. */
export function inNewestInPlaces(table: PlacedTable & { createdAt: PgColumn; id: PgColumn }, places: PlacesRead, where: SQL | undefined, rows: SQLWrapper | number): SQL {
  return inFirstInPlaces(table, places, where, rows, [
    [table.createdAt, 'DESC'],
    [table.id, 'DESC'],
  ]);
}
