import type { HistoryEntry } from '@shared/contract/history';
import { useInfiniteList } from '@/lib/use-infinite-list';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** GET /api/assets/{id}/history, newest first, a page at a time. */
export function useAssetHistory(assetId: string) {
  return useInfiniteList<HistoryEntry>(apiPaths.assetHistory(assetId), {}, queryKeys.assetHistory(assetId));
}
