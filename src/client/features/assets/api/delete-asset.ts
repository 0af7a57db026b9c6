import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { DASHBOARD_STATS_KEY } from './create-asset';
import { assetQueryKey } from './get-asset';
import { ASSETS_URL } from './get-assets';

/**
 * DELETE /api/assets/{id}. The server also deletes the asset's assessments, actions and media, so
 * those lists and the dashboard refresh too. `onDeleted` runs first (the caller navigates away, and
 * says so here rather than in mutate's callbacks, which do not run once the page has unmounted), so
 * the page of the deleted asset never refetches it and flashes 'Asset not found'.
 */
export function useDeleteAsset(id: string, onDeleted: () => void) {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', `${ASSETS_URL}/${encodeURIComponent(id)}`);
    },
    onSuccess: () => {
      onDeleted();
      queryClient.removeQueries({ queryKey: assetQueryKey(id), exact: true });
      for (const url of ['/api/assessments', '/api/media']) {
        queryClient.removeQueries({ queryKey: [url, { assetId: id }] });
      }
      void queryClient.invalidateQueries({ queryKey: [ASSETS_URL] });
      void queryClient.invalidateQueries({ queryKey: ['/api/actions'] });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY });
    },
  });
}
