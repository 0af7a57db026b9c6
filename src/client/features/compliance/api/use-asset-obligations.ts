import { useQuery } from '@tanstack/react-query';
import type { Obligation } from '@shared/contract/compliance';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/obligations?assetId=: the asset's inspection duties, by regime name (its Compliance tab). */
export function useAssetObligations(assetId: string) {
  return useQuery<Obligation[]>({ queryKey: queryKeys.obligationsOfAsset(assetId) });
}
