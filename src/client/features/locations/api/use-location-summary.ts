import { useQuery } from '@tanstack/react-query';
import type { LocationSummary } from '@shared/contract/locations';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/locations/summary: per type, the total and the first names (the Locations page groups). */
export function useLocationSummary() {
  return useQuery<LocationSummary>({ queryKey: queryKeys.locationSummary });
}
