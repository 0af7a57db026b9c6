import { useMutation } from '@tanstack/react-query';
import type { Asset, UpdateAssetInput } from '@shared/contract/assets';
import { queryClient } from '@/lib/query-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';
import { submitWrite, type WriteOutcome } from '@/lib/outbox';

/**
 * PATCH /api/assets/{id}; the answer replaces the cached asset at once, then lists and figures refresh.
 * With no network the edit waits in the outbox, based on the version shown (If-Match), so a change
 * someone made meanwhile is never overwritten silently (ADR 028).
 */
export function useUpdateAsset(asset: Pick<Asset, 'id' | 'assetId' | 'updatedAt'> | undefined) {
  const id = asset?.id ?? '';
  return useMutation({
    mutationFn: (input: UpdateAssetInput): Promise<WriteOutcome<Asset>> =>
      submitWrite<Asset>({
        kind: 'asset-edit',
        method: 'PATCH',
        url: apiPaths.asset(id),
        body: { ...input },
        label: `Changes to ${asset?.assetId ?? 'an asset'}`,
        refs: { assetId: id },
        basedOn: asset?.updatedAt,
      }),
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      queryClient.setQueryData(queryKeys.asset(id), outcome.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}
