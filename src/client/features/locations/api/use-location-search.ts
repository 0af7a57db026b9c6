import { useQuery } from '@tanstack/react-query';
import type { Location } from '@shared/contract/locations';
import { queryKeys } from '@/lib/api-paths';

/** Matches a tree search shows; a longer query narrows them. */
export const LOCATION_SEARCH_LIMIT = 50;

/** GET /api/locations?search=…: locations whose path or code holds the text, in path order. */
export function useLocationSearch(search: string) {
  return useQuery<Location[]>({
    queryKey: queryKeys.locationList({ search, limit: LOCATION_SEARCH_LIMIT }),
    enabled: search.length > 0,
  });
}
