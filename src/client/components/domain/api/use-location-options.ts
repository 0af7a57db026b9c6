import { useQuery } from '@tanstack/react-query';
import type { Location } from '@shared/contract/locations';
import type { LocationType } from '@shared/domain/locations';
import { queryKeys } from '@/lib/api-paths';

const RESULT_LIMIT = 50;

/** The location picker's options: locations whose path holds what was typed, of the allowed types. */
export function useLocationOptions(term: string, enabled: boolean, allowedTypes?: readonly LocationType[]) {
  // The server filters by type, so the 50 results are all choosable even in a large estate.
  const { data = [], isFetching } = useQuery<Location[]>({
    queryKey: queryKeys.locationList({ search: term, type: allowedTypes?.join(','), limit: RESULT_LIMIT }),
    enabled,
  });
  return { options: data, isFetching };
}
