import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLocationInput, Location } from '@shared/contract/locations';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** POST /api/locations; refreshes every location list (pickers included) and the page's groups. */
export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateLocationInput) => (await (await apiRequest('POST', apiPaths.locations, input)).json()) as Location,
    // The summary is not under the locations' key prefix: both are named.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.locations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.locationSummary }),
      ]),
  });
}
