import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@shared/contract/assets';
import { queryKeys } from '@/lib/api-paths';

/** The asset an action is being added to (shared with the asset page's own query). */
export function useActionAsset(assetId: string) {
  return useQuery<Asset>({ queryKey: queryKeys.asset(assetId) });
}
