import type { PgColumn } from 'drizzle-orm/pg-core';
import { jsonObject } from '../../db/json-rows';
import { assets } from '../../db/schema';

/** The columns of a list row (assetListItemSchema), keyed by the API's field names. */
export const listColumns = {
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
export type ListColumns = { [Key in keyof typeof listColumns]: PgColumn };

/**
 * A list row as the API's JSON object (assetListItemSchema), built by PostgreSQL, from the assets
 * table or a subquery of listColumns (whose fields are only reachable by name).
 */
export const listItemJson = (columns: ListColumns = listColumns) => ({
  json: jsonObject(Object.fromEntries(Object.keys(listColumns).map((key) => [key, columns[key as keyof ListColumns]]))),
});
