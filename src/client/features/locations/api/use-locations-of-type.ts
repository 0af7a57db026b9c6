import { useQuery } from '@tanstack/react-query';
import type { Location } from '@shared/contract/locations';
import type { LocationType } from '@shared/domain/locations';
import { queryKeys } from '@/lib/api-paths';

/** At most this many rows per request; the search box narrows larger groups. */
export const LOCATIONS_OF_TYPE_LIMIT = 500;

/** GET /api/locations?type=…&search=…: the locations of one type, ordered by path. */
export function useLocationsOfType(type: LocationType, search: string, enabled: boolean) {
  return useQuery<Location[]>({
    queryKey: queryKeys.locationList({ type, search, limit: LOCATIONS_OF_TYPE_LIMIT }),
    enabled,
  });
}
