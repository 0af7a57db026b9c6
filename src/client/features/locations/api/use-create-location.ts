import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLocationInput, Location } from '@shared/contract/locations';
import { apiRequest } from '@/lib/api-client';
import { LOCATION_SUMMARY_KEY } from './use-location-summary';

/** POST /api/locations; refreshes every location list (pickers included) and the page's groups. */
export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateLocationInput) => (await (await apiRequest('POST', '/api/locations', input)).json()) as Location,
    // '/api/locations/summary' is not under the '/api/locations' key prefix: both are named.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/locations'] }),
        queryClient.invalidateQueries({ queryKey: LOCATION_SUMMARY_KEY }),
      ]),
  });
}
