import { useQuery } from '@tanstack/react-query';
import type { LocationSummary } from '@shared/contract/locations';

export const LOCATION_SUMMARY_KEY = ['/api/locations/summary'] as const;

/** GET /api/locations/summary: per type, the total and the first names (the Locations page groups). */
export function useLocationSummary() {
  return useQuery<LocationSummary>({ queryKey: LOCATION_SUMMARY_KEY });
}
