import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Meter } from '@shared/contract/meters';

/** GET /api/meters: every meter, ordered by meter number. Its key is the prefix of a meter's own key. */
export const METERS_KEY = ['/api/meters'] as const;

export function useMeters() {
  return useQuery<Meter[]>({ queryKey: METERS_KEY });
}

/**
 * GET /api/meters/{id}. While it loads, the meter from the list (when the list is loaded) stands in,
 * so a detail opened from a card shows its header at once.
 */
export function useMeter(id: string, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery<Meter>({
    queryKey: [...METERS_KEY, id],
    enabled: enabled && id !== '',
    placeholderData: () => queryClient.getQueryData<Meter[]>(METERS_KEY)?.find((m) => m.id === id),
  });
}
