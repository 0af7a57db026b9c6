import { queryClient } from '../../../lib/query-client';

/**
 * After a photo is added or removed: every media list (the asset's Media tab and its count), and the
 * asset itself, whose photoUrls the server keeps in step.
 */
export function refreshAfterMediaChange(assetId: string | null | undefined): void {
  void queryClient.invalidateQueries({ queryKey: ['/api/media'] });
  if (assetId) void queryClient.invalidateQueries({ queryKey: ['/api/assets', assetId], exact: true });
}
