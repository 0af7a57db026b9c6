import type { Reading } from '@shared/contract/meters';
import { METER_READINGS_PAGE_SIZE } from '@shared/domain/meters';
import { useInfiniteList } from '@/lib/use-infinite-list';
import { apiPaths } from '@/lib/api-paths';

/** Readings per page: enough for a readable chart on a phone; 'Load more' fetches older ones. */
export const READINGS_PAGE_SIZE = METER_READINGS_PAGE_SIZE;

/** The URL of a meter's readings, which is also the first part of their query key. */
/** GET /api/meters/{id}/readings: newest first, each with its consumption, a page at a time. */
export function useMeterReadings(meterId: string) {
  return useInfiniteList<Reading>(apiPaths.meterReadings(meterId), { limit: READINGS_PAGE_SIZE });
}
