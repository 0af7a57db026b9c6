import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReadingInput, Reading } from '@shared/contract/meters';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** POST /api/meter-readings; refreshes the meters (their latest reading) and that meter's history. */
export function useCreateReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateReadingInput) => (await (await apiRequest('POST', apiPaths.readings, input)).json()) as Reading,
    onSuccess: (reading) =>
      Promise.all([
        // The list and every meter's own entry share this prefix.
        queryClient.invalidateQueries({ queryKey: queryKeys.meters }),
        queryClient.invalidateQueries({ queryKey: queryKeys.meterReadings(reading.meterId) }),
      ]),
  });
}

/** The server refuses a reading below the previous one until the user confirms a meter reset. */
export const isLowerReadingRefusal = (message: string): boolean => /lower than the previous reading/i.test(message);
