import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Db } from '../../db/client';
import { assets, calendarFeeds, complianceRegimes, locations, obligations, users } from '../../db/schema';
import { hashToken, newToken } from '../auth/tokens';
import type { CalendarFeed } from '../../../shared/contract/calendar';
import { OBLIGATION_STATUS_LABELS, type ObligationStatus } from '../../../shared/domain/compliance/obligation-status';

/** Due dates one feed carries at most (a person answers for a few hundred at the very most). */
export const CALENDAR_FEED_EVENTS_MAX = 5_000;

interface DueDate {
  id: string;
  nextDueOn: string;
  status: ObligationStatus;
  regime: string;
  assetId: string | null;
  assetCode: string | null;
  locationId: string;
  locationPath: string;
}

/**
 * Each user's calendar feed (ADR 025, reminders): a secret link to an iCalendar file of the due dates
 * of every obligation they answer for, so the dates land in Outlook or Google Calendar. The link is
 * a bearer credential: only its hash is kept, it is shown once, a new one revokes the old, and a
 * deactivated user's feed answers nothing.
 */
export function calendarFeedRepo(db: Db) {
  return {
    async status(userId: string): Promise<CalendarFeed> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
      return { active: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null, lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null };
    },

    /** A new token for the user, replacing any earlier one (which stops working at once). */
    async renew(userId: string): Promise<{ token: string; createdAt: Date }> {
      const token = newToken();
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash: hashToken(token) })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt: sql`now()`, lastFetchedAt: null } })
        .returning();
      return { token, createdAt: row!.createdAt };
    },

    async revoke(userId: string): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    },

    /** The due dates of the token's user, soonest first; undefined for an unknown token or an inactive user. */
    async dueDates(token: string): Promise<{ fullName: string; dueDates: DueDate[] } | undefined> {
      const [owner] = await db
        .update(calendarFeeds)
        .set({ lastFetchedAt: sql`now()` })
        .from(users)
        .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.id, calendarFeeds.userId), eq(users.status, 'active')))
        .returning({ userId: users.id, fullName: users.fullName });
      if (!owner) return undefined;
      const dueDates = await db
        .select({
          id: obligations.id,
          nextDueOn: sql<string>`${obligations.nextDueOn}::text`,
          status: obligations.status,
          regime: complianceRegimes.name,
          assetId: obligations.assetId,
          assetCode: assets.assetId,
          locationId: obligations.locationId,
          locationPath: locations.path,
        })
        .from(obligations)
        .innerJoin(complianceRegimes, eq(complianceRegimes.id, obligations.regimeId))
        .innerJoin(locations, eq(locations.id, obligations.locationId))
        .leftJoin(assets, eq(assets.id, obligations.assetId))
        .where(and(eq(obligations.responsibleUserId, owner.userId), eq(obligations.state, 'active'), isNotNull(obligations.nextDueOn)))
        .orderBy(asc(obligations.nextDueOn), asc(obligations.id))
        .limit(CALENDAR_FEED_EVENTS_MAX);
      return { fullName: owner.fullName, dueDates };
    },
  };
}

/**
 * The iCalendar file: one all-day event per obligation on its next due date (a date in the
 * organisation's calendar, written as a DATE value, which no time zone moves). Its UID names the
 * obligation and the date, so a calendar app replaces the event when the date moves on.
 */
export function calendarFile(owner: string, dueDates: DueDate[], appOrigin: string): string {
  const calendar = ical({ name: `Inspections due: ${owner}`, prodId: { company: 'Asset Register', product: 'Compliance calendar', language: 'EN' } });
  calendar.method(ICalCalendarMethod.PUBLISH);
  for (const due of dueDates) {
    const what = due.assetCode ? `${due.regime}: ${due.assetCode}` : `${due.regime}: ${due.locationPath.split(' / ').at(-1)}`;
    const page = due.assetId ? `/assets/${due.assetId}` : `/locations/${due.locationId}?tab=compliance`;
    calendar.createEvent({
      id: `obligation-${due.id}-${due.nextDueOn}@asset-register`,
      start: new Date(`${due.nextDueOn}T00:00:00Z`),
      allDay: true,
      summary: `Due: ${what}`,
      description: `${due.regime}\n${due.locationPath}\nStatus: ${OBLIGATION_STATUS_LABELS[due.status]}\n${appOrigin}${page}`,
      location: due.locationPath,
      url: `${appOrigin}${page}`,
    });
  }
  return calendar.toString();
}
