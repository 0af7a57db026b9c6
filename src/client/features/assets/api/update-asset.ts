import { useMutation } from '@tanstack/react-query';
import type { Asset, UpdateAssetInput } from '@shared/contract/assets';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { DASHBOARD_STATS_KEY } from './create-asset';
import { assetQueryKey } from './get-asset';
import { ASSETS_URL } from './get-assets';

/** PATCH /api/assets/{id}; the answer replaces the cached asset at once, then lists and figures refresh. */
export function useUpdateAsset(id: string) {
  return useMutation({
    mutationFn: async (input: UpdateAssetInput) => (await apiRequest('PATCH', `${ASSETS_URL}/${encodeURIComponent(id)}`, input)).json() as Promise<Asset>,
    onSuccess: (saved) => {
      queryClient.setQueryData(assetQueryKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: [ASSETS_URL] });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY });
    },
  });
}
