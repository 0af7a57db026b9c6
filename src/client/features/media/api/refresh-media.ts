import { queryClient } from '@/lib/query-client';
import { invalidateAssetHistory } from '@/features/history/api/get-asset-history';

/**
 * After a photo is added or removed: every media list (the asset's Media tab and its count), the
 * asset itself, whose photoUrls the server keeps in step, and its history.
 */
export function refreshAfterMediaChange(assetId: string | null | undefined): void {
  void queryClient.invalidateQueries({ queryKey: ['/api/media'] });
  if (assetId) void queryClient.invalidateQueries({ queryKey: ['/api/assets', assetId], exact: true });
  void invalidateAssetHistory(queryClient, assetId);
}
