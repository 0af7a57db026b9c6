import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReadingInput, Meter, Reading } from '@shared/contract/meters';
import { apiPaths, queryKeys } from '@/lib/api-paths';
import { submitWrite, type WriteOutcome } from '@/lib/outbox';

/**
 * POST /api/meter-readings; refreshes the meters (their latest reading) and that meter's history.
 * With no network the reading is kept in the outbox and sent later (ADR 028): `queued` says so.
 */
export function useCreateReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, meter }: { input: CreateReadingInput; meter: Pick<Meter, 'id' | 'meterNumber' | 'unit'> }): Promise<WriteOutcome<Reading>> =>
      submitWrite<Reading>({
        kind: 'reading',
        method: 'POST',
        url: apiPaths.readings,
        body: { ...input },
        label: `Reading ${String(input.reading)} ${meter.unit} on ${meter.meterNumber}`,
        refs: { meterId: meter.id },
      }),
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      return Promise.all([
        // The list and every meter's own entry share this prefix.
        queryClient.invalidateQueries({ queryKey: queryKeys.meters }),
        queryClient.invalidateQueries({ queryKey: queryKeys.meterReadings(outcome.data.meterId) }),
      ]);
    },
  });
}

/** The server refuses a reading below the previous one until the user confirms a meter reset. */
export const isLowerReadingRefusal = (message: string): boolean => /lower than the previous reading/i.test(message);
