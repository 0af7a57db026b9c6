import { useMutation } from '@tanstack/react-query';
import type { Asset, CreateAssetInput } from '@shared/contract/assets';
import { ASSET_TYPE_LABELS } from '@shared/domain/assets';
import { queryClient } from '@/lib/query-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';
import { submitWrite, type WriteOutcome } from '@/lib/outbox';

/**
 * POST /api/assets; refreshes every asset query (lists and details) and the dashboard figures. With
 * no network the new asset is kept in the outbox and sent later (ADR 028); the asset list shows it
 * as waiting to sync. Its clientAssetId goes with it, so even a replay after the idempotency key's
 * days have passed creates it once.
 */
export function useCreateAsset() {
  return useMutation({
    mutationFn: (input: CreateAssetInput): Promise<WriteOutcome<Asset>> =>
      submitWrite<Asset>({
        kind: 'asset',
        method: 'POST',
        url: apiPaths.assets,
        body: { ...input },
        label: newAssetLabel(input),
        refs: { locationId: input.locationId, ...(input.clientAssetId && { clientAssetId: input.clientAssetId }) },
      }),
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}

/** "New asset: Boiler, Worcester Greenstar": what the lists and the Outbox call one not yet sent (it has no asset id yet). */
export function newAssetLabel(input: Pick<CreateAssetInput, 'type' | 'subtype' | 'make' | 'model'>): string {
  const details = [input.subtype, [input.make, input.model].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return `New asset: ${ASSET_TYPE_LABELS[input.type]}${details ? `, ${details}` : ''}`;
}
