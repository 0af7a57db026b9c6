import { useMutation } from '@tanstack/react-query';
import type { Asset, CreateAssetInput } from '@shared/contract/assets';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** POST /api/assets; refreshes every asset query (lists and details) and the dashboard figures. */
export function useCreateAsset() {
  return useMutation({
    mutationFn: async (input: CreateAssetInput) => (await apiRequest('POST', apiPaths.assets, input)).json() as Promise<Asset>,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}
