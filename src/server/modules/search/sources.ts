import { sql } from 'drizzle-orm';
import { assets, meters } from '../../db/schema';
import { columnsOf } from '../../db/api-columns';
import { meterSchema } from '../../../shared/contract/meters';
import { listColumns } from '../assets/list-columns';
import { actionSource } from '../actions/actions.repo';
import type { SearchSource } from './matches';

/** The asset list's rows (assetListItemSchema), newest first. */
export const assetSource: SearchSource = {
  table: assets,
  searchText: assets.searchText,
  order: sql`${assets.createdAt} DESC, ${assets.id} DESC`,
  fields: listColumns,
  bigrams: sql`search_bigrams(${assets.searchText})`,
};

/** Actions as the API shows them (actionSchema), newest first; defined with the actions list. */
export { actionSource };

/** Meters as the API shows them (meterSchema), by meter number as their list is. */
export const meterSource: SearchSource = {
  table: meters,
  searchText: meters.searchText,
  order: sql`${meters.meterNumber}, ${meters.id}`,
  fields: columnsOf(meterSchema, meters),

  bigrams: sql`search_bigrams(${meters.searchText})`,
};
