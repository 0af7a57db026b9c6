import { z } from 'zod';

/** GET /api/account/calendar-feed: whether the user has a calendar feed, since when, and when a calendar app last read it. */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** POST /api/account/calendar-feed: a new secret link (shown this once), replacing any earlier one. */
export const newCalendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type NewCalendarFeed = z.infer<typeof newCalendarFeedSchema>;

/** The feed's path; the token is its last segment, before `.ics`. */
export const CALENDAR_FEED_PATH = '/api/calendar';
