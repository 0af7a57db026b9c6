import type { QueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '@shared/contract/history';
import { useInfiniteList } from '@/lib/use-infinite-list';
import { ASSETS_URL } from '@/features/assets/api/get-assets';

/**
 * Under the asset's own key, so every invalidation of ['/api/assets'] (an edit, an assessment that
 * sets the condition) refreshes the history too.
 */
export const assetHistoryKey = (assetId: string) => [ASSETS_URL, assetId, 'history'] as const;

/** GET /api/assets/{id}/history, newest first, a page at a time. */
export function useAssetHistory(assetId: string) {
  return useInfiniteList<HistoryEntry>(`${ASSETS_URL}/${encodeURIComponent(assetId)}/history`, {}, assetHistoryKey(assetId));
}

/**
 * After a change to records shown in a history (actions, photos): that asset's history, or every
 * loaded one when the asset is not known (an action may move between assets). Only the open tab refetches.
 */
export function invalidateAssetHistory(queryClient: QueryClient, assetId?: string | null): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === ASSETS_URL && queryKey[2] === 'history' && (!assetId || queryKey[1] === assetId),
  });
}
