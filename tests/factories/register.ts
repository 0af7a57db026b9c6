import crypto from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import { assets, locations } from '../../src/server/db/schema';
import { LOCATION_PATH_SEPARATOR } from '../../src/shared/domain/locations';

/**
 * Data builders for API tests: they insert register rows straight through Drizzle, so a module's
 * tests do not depend on another module's routes (locations and assets are built in parallel).
 */

export type LocationRow = typeof locations.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;

const unique = () => crypto.randomBytes(3).toString('hex');

/** A location row; a root (no parent) unless `parent` is given, whose path and ancestry it extends. */
export async function insertLocation(
  db: Db,
  overrides: Partial<typeof locations.$inferInsert> & { parent?: LocationRow } = {},
): Promise<LocationRow> {
  const { parent, ...fields } = overrides;
  const name = fields.name ?? `Site ${unique()}`;
  const [row] = await db
    .insert(locations)
    .values({
      type: parent ? 'building' : 'site',
      parentId: parent?.id ?? null,
      path: parent ? `${parent.path}${LOCATION_PATH_SEPARATOR}${name}` : name,
      ancestorIds: parent ? [...parent.ancestorIds, parent.id] : [],
      ...fields,
      name,
    })
    .returning();
  return row!;
}

/**
 * An asset row created by `createdBy` (a user id). It gets its own new location unless `location` is
 * given; `assetId` (AST-…) comes from the column default.
 */
export async function insertAsset(
  db: Db,
  createdBy: string,
  overrides: Partial<typeof assets.$inferInsert> & { location?: LocationRow } = {},
): Promise<AssetRow> {
  const { location: given, ...fields } = overrides;
  const location = given ?? (await insertLocation(db));
  const [row] = await db
    .insert(assets)
    .values({
      type: 'other',
      condition: 'good',
      locationId: location.id,
      locationPath: location.path,
      createdBy,
      ...fields,
    })
    .returning();
  return row!;
}
