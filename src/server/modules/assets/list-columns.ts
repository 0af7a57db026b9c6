import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { jsonObject } from '../../db/json-rows';
import { assets } from '../../db/schema';
import { columnsOf } from '../../db/api-columns';
import { assetListItemSchema } from '../../../shared/contract/assets';
import type { SearchSource } from '../search/matches';

/** The columns of a list row (assetListItemSchema), keyed by the API's field names. */
export const listColumns = columnsOf(assetListItemSchema, assets);
export type ListColumns = { [Key in keyof typeof listColumns]: PgColumn };

/**
 * A list row as the API's JSON object (assetListItemSchema), built by PostgreSQL, from the assets
 * table or a subquery of listColumns (whose fields are only reachable by name).
 */
export const listItemJson = (columns: ListColumns = listColumns) => ({
  json: jsonObject(Object.fromEntries(Object.keys(listColumns).map((key) => [key, columns[key as keyof ListColumns]]))),
});

/** The asset list as the search box searches it (modules/search): its rows (assetListItemSchema), newest first. */
export const assetSource: SearchSource = {
  table: assets,
  searchText: assets.searchText,
  order: sql`${assets.createdAt} DESC, ${assets.id} DESC`,
  fields: listColumns,
  bigrams: sql`search_bigrams(${assets.searchText})`,
};
