import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meter } from '@shared/contract/meters';
import { queryKeys } from '@/lib/api-paths';

/**
 * GET /api/meters: every meter, ordered by meter number, or those in a location's subtree. Its key
 * is the prefix of a meter's own key.
 */
export function useMeters(locationId?: string) {
  return useQuery<Meter[]>({ queryKey: locationId ? queryKeys.metersIn(locationId) : queryKeys.meters });
}

/**
 * GET /api/meters/{id}. While it loads, the meter from the list (when the list is loaded) stands in,
 * so a detail opened from a card shows its header at once.
 */
export function useMeter(id: string, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery<Meter>({
    queryKey: queryKeys.meter(id),
    enabled: enabled && id !== '',
    placeholderData: () => queryClient.getQueryData<Meter[]>(queryKeys.meters)?.find((m) => m.id === id),
  });
}
