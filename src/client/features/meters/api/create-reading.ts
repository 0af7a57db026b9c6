import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReadingInput, Reading } from '@shared/contract/meters';
import { apiRequest } from '@/lib/api-client';
import { METERS_KEY } from './get-meters';
import { meterReadingsUrl } from './get-meter-readings';

/** POST /api/meter-readings; refreshes the meters (their latest reading) and that meter's history. */
export function useCreateReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateReadingInput) => (await (await apiRequest('POST', '/api/meter-readings', input)).json()) as Reading,
    onSuccess: (reading) =>
      Promise.all([
        // The list and every meter's own entry (['/api/meters', id]) share this prefix.
        queryClient.invalidateQueries({ queryKey: METERS_KEY }),
        queryClient.invalidateQueries({ queryKey: [meterReadingsUrl(reading.meterId)] }),
      ]),
  });
}

/** The server refuses a reading below the previous one until the user confirms a meter reset. */
export const isLowerReadingRefusal = (message: string): boolean => /lower than the previous reading/i.test(message);
