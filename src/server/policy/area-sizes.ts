import { getTableColumns, getTableName, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

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
  const { rows } = await db.execute<Record<keyof PlaceSize, string>>(sql`
    SELECT (SELECT count(*) FROM area_locations(${places})) AS "locations",
           (SELECT count(*) FROM locations) AS "allLocations",
           (SELECT coalesce(sum(n), 0) FROM location_asset_counts WHERE location_id = ANY(${places})) AS "assets",
           (SELECT coalesce(sum(n), 0) FROM asset_counts) AS "allAssets",
           (SELECT coalesce(sum(n), 0) FROM location_action_counts WHERE location_id = ANY(${places})) AS "actions",
           (SELECT coalesce(sum(n), 0) FROM action_counts) AS "allActions",
           (SELECT count(*) FROM meters WHERE place_ids && ${places}) AS "meters",
           (SELECT count(*) FROM meters) AS "allMeters",
           (SELECT coalesce(sum(n), 0) FROM location_compliance_counts WHERE location_id = ANY(${places})) AS "obligations",
           (SELECT coalesce(sum(n), 0) FROM location_compliance_counts WHERE location_id IN (SELECT id FROM locations WHERE parent_id IS NULL)) AS "allObligations"`);
  const row = rows[0]!;
  const size = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as PlaceSize;
  if (sizes.size >= SIZES_KEPT) sizes.clear();
  sizes.set(key, { size, at: now });
  return size;
}

/**
 * Relative costs (µs on the benchmark's estate, `npm run bench -- --only areas`): walking the
 * estate's newest-first index tests each row's location against the places (a probe of the
 * location's row); reading by location descends each location's index once and reads its entries.
 */
const COST = { walkedRow: 3.4, locationEntry: 0.8, location: 5 };

/**
 * Whether a page of `rows` of a list limited to the places is read cheaper one location at a time
 * (inNewestByLocation) than by walking the estate in the list's order: a small area's rows are a few of
 * the estate's, so a walk passes over many others for each of its own. `inPlaces` and `inEstate`
 * are the list's rows there and in all (the filters aside: they thin both reads alike).
 */
export function readByLocation(size: PlaceSize, inPlaces: number, inEstate: number, rows: number): boolean {
  if (inPlaces === 0) return true;
  const walk = COST.walkedRow * Math.min(inEstate, (rows * inEstate) / inPlaces);
  const byLocation = COST.locationEntry * Math.min(inPlaces, size.locations * rows) + COST.location * size.locations;
  return byLocation < walk;
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

/**
 * The ids of the first `rows` rows of `table` in `order` whose `keyColumn` is one of `keys` (a
 * sub-select of one column, `id`), found one key at a time: each key's first rows through an index
 * on (key, the order's columns), merged and cut to the page, in order. `where` holds the list's
 * other filters and cursor, over the table's columns; `joined` adds tables they test (joined to
 * the table inside each key's read).
 */
export function firstByKey(table: PgTable, keyColumn: PgColumn, keys: SQL, where: SQL | undefined, rows: SQLWrapper | number, order: ListOrder, joined?: SQL): SQL {
  const name = sql.identifier(getTableName(table));
  const first = sql.identifier('first');
  const columns = sql.join(
    order.map(([column]) => sql`${name}.${sql.identifier(column.name)}`),
    sql`, `,
  );
  return sql`SELECT ${first}.id FROM (${keys}) AS key
      CROSS JOIN LATERAL (SELECT ${columns} FROM ${table} ${joined ?? sql``} WHERE ${keyColumn} = key.id ${where ? sql`AND ${where}` : sql``}
        ORDER BY ${orderOver(name, order)} LIMIT ${rows}) AS ${first}
      ORDER BY ${orderOver(first, order)} LIMIT ${rows}`;
}

/** firstByKey() one location of the places (`places`, a uuid[] expression) at a time. */
export function firstByLocation(table: PgTable, locationColumn: PgColumn, places: SQLWrapper, where: SQL | undefined, rows: SQLWrapper | number, order: ListOrder): SQL {
  return firstByKey(table, locationColumn, sql`SELECT id FROM area_locations(${places}::uuid[]) AS place(id)`, where, rows, order);
}

/**
 * firstByLocation() as a condition on the table's rows (`id` among them), so the caller's select,
 * order and JSON stay its own; only the page's rows are read from the table.
 */
export function inFirstByLocation(table: PgTable, locationColumn: PgColumn, roots: string[], where: SQL | undefined, rows: number, order: ListOrder): SQL {
  return sql`${sql.identifier(getTableName(table))}.id IN (${firstByLocation(table, locationColumn, sql.param(roots), where, rows, order)})`;
}

/** inFirstByLocation() newest first: through each location's (location, created_at DESC, id DESC) index. */
export function inNewestByLocation(table: PgTable, locationColumn: PgColumn, roots: string[], where: SQL | undefined, rows: number): SQL {
  const columns = getTableColumns(table);
  return inFirstByLocation(table, locationColumn, roots, where, rows, [
    [columns.createdAt!, 'DESC'],
    [columns.id!, 'DESC'],
  ]);
}
