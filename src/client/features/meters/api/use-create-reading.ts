import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { CreateReadingInput, Meter, Reading } from '@shared/contract/meters';
import { neighboursAmong, readingRefusal } from '@shared/domain/meters';
import { apiPaths, queryKeys } from '@/lib/api-paths';
import type { Page } from '@/lib/api-client';
import { submitWrite, type WriteOutcome } from '@/lib/outbox';
import { infiniteListKey } from '@/lib/use-infinite-list';
import { READINGS_PAGE_SIZE } from './use-meter-readings';

type ReadingMeter = Pick<Meter, 'id' | 'meterNumber' | 'unit' | 'lastReading' | 'lastReadingDate'>;

/**
 * The meter's readings this device holds: the history pages loaded (from the server, or kept for a
 * site kept offline) and the meter's latest reading.
 */
function readingsOnDevice(queryClient: QueryClient, meter: ReadingMeter): Pick<Reading, 'reading' | 'readingDate' | 'isReset'>[] {
  const history = queryClient.getQueryData<InfiniteData<Page<Reading>>>(infiniteListKey(apiPaths.meterReadings(meter.id), { limit: READINGS_PAGE_SIZE }));
  const known: Pick<Reading, 'reading' | 'readingDate' | 'isReset'>[] = history?.pages.flatMap((page) => page.items) ?? [];
  if (meter.lastReading !== null && meter.lastReadingDate !== null) known.push({ reading: meter.lastReading, readingDate: meter.lastReadingDate, isReset: false });
  return known;
}

/**
 * POST /api/meter-readings; refreshes the meters (their latest reading) and that meter's history.
 * With no network the reading is kept in the outbox and sent later (ADR 028): `queued` says so.
 * Offline, it is first checked against the readings on the device with the server's own rule and
 * message, so a lower reading asks for a meter reset there and then, not as a refusal on sync.
 */
export function useCreateReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, meter }: { input: CreateReadingInput; meter: ReadingMeter }): Promise<WriteOutcome<Reading>> => {
      if (!navigator.onLine && !input.confirmReset) {
        const refusal = readingRefusal(neighboursAmong(readingsOnDevice(queryClient, meter), new Date(input.readingDate)), Number(input.reading));
        if (refusal) throw new Error(refusal);
      }
      return submitWrite<Reading>({
        kind: 'reading',
        method: 'POST',
        url: apiPaths.readings,
        body: { ...input },
        label: `Reading ${String(input.reading)} ${meter.unit} on ${meter.meterNumber}`,
        refs: { meterId: meter.id },
      });
    },
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
