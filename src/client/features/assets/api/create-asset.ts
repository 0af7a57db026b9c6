import { useMutation } from '@tanstack/react-query';
import type { Asset, CreateAssetInput } from '@shared/contract/assets';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { ASSETS_URL } from './get-assets';

export const DASHBOARD_STATS_KEY = ['/api/dashboard/stats'] as const;

/** POST /api/assets; refreshes every asset query (lists and details) and the dashboard figures. */
export function useCreateAsset() {
  return useMutation({
    mutationFn: async (input: CreateAssetInput) => (await apiRequest('POST', ASSETS_URL, input)).json() as Promise<Asset>,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ASSETS_URL] });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_STATS_KEY });
    },
  });
}
