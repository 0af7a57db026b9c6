import { useQuery } from '@tanstack/react-query';
import type { Action } from '@shared/contract/actions';
import { LIST_MAX_LIMIT } from '@shared/domain/assets';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/actions?assetId=…: one asset's actions, newest first (an asset has few). */
export function useAssetActions(assetId: string) {
  return useQuery<Action[]>({ queryKey: queryKeys.actionList({ assetId, limit: LIST_MAX_LIMIT }) });
}
