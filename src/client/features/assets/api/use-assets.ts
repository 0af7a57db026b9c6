import type { AssetListItem } from '@shared/contract/assets';
import type { AssetStatus, AssetType, Condition } from '@shared/domain';
import { LIST_PAGE_SIZE } from '@shared/domain';
import { useInfiniteList } from '@/lib/use-infinite-list';
import { apiPaths } from '@/lib/api-paths';

export interface AssetListFilters {
  search?: string;
  condition?: Condition | 'all';
  type?: AssetType | 'all';
  status?: AssetStatus | 'all';
  /** Only assets anywhere in this location's subtree (a location page). */
  locationId?: string;
}

/** GET /api/assets, newest first, 50 rows a page; further pages load as the user scrolls. */
export function useAssets(filters: AssetListFilters) {
  return useInfiniteList<AssetListItem>(apiPaths.assets, { ...filters, limit: LIST_PAGE_SIZE });
}
