import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, NewCalendarFeed } from '@shared/contract/calendar';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** GET /api/account/calendar-feed: whether the user's calendar link is on, and when it was last read. */
export function useCalendarFeed() {
  return useQuery<CalendarFeed>({ queryKey: queryKeys.calendarFeed });
}

/** POST (a new link, shown once) or DELETE (turn it off) /api/account/calendar-feed. */
export function useCalendarFeedWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed });
  const renew = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', apiPaths.calendarFeed)).json()) as NewCalendarFeed,
    onSuccess: refresh,
  });
  const turnOff = useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', apiPaths.calendarFeed);
    },
    onSuccess: refresh,
  });
  return { renew, turnOff };
}
