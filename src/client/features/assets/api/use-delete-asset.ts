import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/**
 * DELETE /api/assets/{id}. The server also deletes the asset's assessments, actions and media, so
 * those lists and the dashboard refresh too. `onDeleted` runs first (the caller navigates away, and
 * says so here rather than in mutate's callbacks, which do not run once the page has unmounted), so
 * the page of the deleted asset never refetches it and flashes 'Asset not found'.
 */
export function useDeleteAsset(id: string, onDeleted: () => void) {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', apiPaths.asset(id));
    },
    onSuccess: () => {
      onDeleted();
      queryClient.removeQueries({ queryKey: queryKeys.asset(id), exact: true });
      queryClient.removeQueries({ queryKey: queryKeys.assessmentList({ assetId: id }) });
      queryClient.removeQueries({ queryKey: queryKeys.mediaOfAsset(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.actions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}
