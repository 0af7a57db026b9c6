import { useMutation } from '@tanstack/react-query';
import type { Asset, UpdateAssetInput } from '@shared/contract/assets';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** PATCH /api/assets/{id}; the answer replaces the cached asset at once, then lists and figures refresh. */
export function useUpdateAsset(id: string) {
  return useMutation({
    mutationFn: async (input: UpdateAssetInput) => (await apiRequest('PATCH', apiPaths.asset(id), input)).json() as Promise<Asset>,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.asset(id), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}
