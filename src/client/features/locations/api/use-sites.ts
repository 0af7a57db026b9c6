import { useQuery } from '@tanstack/react-query';
import type { Location } from '@shared/contract/locations';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/locations?type=site: every site, ordered by path. */
export function useSites() {
  return useQuery<Location[]>({ queryKey: queryKeys.locationList({ type: 'site' }) });
}
