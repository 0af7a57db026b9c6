import { queryClient } from '@/lib/query-client';
import { invalidateAssetHistory, queryKeys } from '@/lib/api-paths';

/**
 * After a photo is added or removed: every media list (the asset's Media tab and its count), the
 * asset itself, whose photoUrls the server keeps in step, and its history.
 */
export function refreshAfterMediaChange(assetId: string | null | undefined): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.media });
  if (assetId) void queryClient.invalidateQueries({ queryKey: queryKeys.asset(assetId), exact: true });
  void invalidateAssetHistory(queryClient, assetId);
}
