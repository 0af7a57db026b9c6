import { useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@shared/contract/search';
import { queryKeys } from '@/lib/api-paths';

/**
 * GET /api/search?q=…, once `enabled`. Each query has its own cache entry, so a slow older answer
 * never replaces a newer one.
 */
export function useGlobalSearch(q: string, enabled: boolean) {
  return useQuery<SearchResponse>({ queryKey: queryKeys.search(q), enabled });
}
