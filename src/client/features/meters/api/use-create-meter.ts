import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMeterInput, Meter } from '@shared/contract/meters';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** POST /api/meters; refreshes the meter list. */
export function useCreateMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateMeterInput) => (await (await apiRequest('POST', apiPaths.meters, input)).json()) as Meter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.meters }),
  });
}
