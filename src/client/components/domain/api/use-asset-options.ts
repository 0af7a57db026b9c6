import { useQuery } from '@tanstack/react-query';
import type { AssetListItem } from '@shared/contract/assets';
import { queryKeys } from '@/lib/api-paths';

const RESULT_LIMIT = 20;

/** The asset picker's options: the first assets matching what was typed. */
export function useAssetOptions(term: string, enabled: boolean) {
  const { data = [], isFetching } = useQuery<AssetListItem[]>({ queryKey: queryKeys.assetList({ search: term, limit: RESULT_LIMIT }), enabled });
  return { options: data, isFetching };
}
