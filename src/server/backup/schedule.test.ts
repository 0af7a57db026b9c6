import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/domain/compliance/calendar-date';
import {
  backupHealth,
  isoWeekday,
  isoWeekStart,
  latestSlot,
  nextSlot,
  RETRY_FAILED_AFTER_MS,
  scheduledBackupDue,
  wallClockInstant,
  zoneOffsetMs,
  type BackupSchedule,
  type ScheduleState,
} from './schedule';

/** The schedule's rules over dates (ADR 026, "Schedule and retention"): London time, its clock changes, ISO weeks. */

const LONDON = 'Europe/London';
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const daily: BackupSchedule = { frequency: 'daily', hour: 2, weekday: 7 };
const sundays: BackupSchedule = { frequency: 'weekly', hour: 2, weekday: 7 };

describe('wall-clock times in a zone', () => {
  it('knows London’s offset in winter and summer', () => {
    expect(zoneOffsetMs(LONDON, at('2026-01-15T12:00:00.500Z'))).toBe(0);
    expect(zoneOffsetMs(LONDON, at('2026-07-15T12:00:00Z'))).toBe(HOUR);
  });

  it('turns 02:00 London into GMT in winter and BST in summer', () => {
    expect(wallClockInstant('2026-01-15', 2, LONDON).toISOString()).toBe('2026-01-15T02:00:00.000Z');
    expect(wallClockInstant('2026-07-15', 2, LONDON).toISOString()).toBe('2026-07-15T01:00:00.000Z');
  });

  it('maps an hour the clocks skip (last Sunday of March) to the moment they jump', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST; 01:xx does not exist.
    expect(wallClockInstant('2026-03-29', 0, LONDON).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(wallClockInstant('2026-03-29', 1, LONDON).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(wallClockInstant('2026-03-29', 2, LONDON).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(wallClockInstant('2026-03-29', 3, LONDON).toISOString()).toBe('2026-03-29T02:00:00.000Z');
  });

  it('takes the first of an hour that happens twice (last Sunday of October)', () => {
    // 25 October 2026: 02:00 BST becomes 01:00 GMT; 01:xx happens twice.
    expect(wallClockInstant('2026-10-25', 1, LONDON).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(wallClockInstant('2026-10-25', 2, LONDON).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('works in any zone the runtime knows', () => {
    expect(wallClockInstant('2026-06-01', 2, 'UTC').toISOString()).toBe('2026-06-01T02:00:00.000Z');
    // New York skips 02:00 on 8 March 2026: the clocks jump to 03:00 EDT (07:00 UTC).
    expect(wallClockInstant('2026-03-08', 2, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe('ISO weeks', () => {
  it('numbers weekdays Monday 1 to Sunday 7, as the calendar does for years', () => {
    for (let date = '2024-12-20'; date < '2027-01-10'; date = addDays(date, 1)) {
      expect(isoWeekday(date), date).toBe(new Date(`${date}T00:00:00Z`).getUTCDay() || 7);
    }
  });

  it('starts each week on its Monday, across a year end', () => {
    expect(isoWeekStart('2026-01-01')).toBe('2025-12-29'); // a Thursday: week 1 of 2026
    expect(isoWeekStart('2026-01-04')).toBe('2025-12-29'); // its Sunday
    expect(isoWeekStart('2026-01-05')).toBe('2026-01-05'); // the next Monday
  });
});

describe('slots', () => {
  it('finds the latest and next daily start, in London time', () => {
    // 01:30 BST on 15 July: today's 02:00 BST (01:00 UTC) is still ahead.
    expect(latestSlot(daily, at('2026-07-15T00:30:00Z'), LONDON).toISOString()).toBe('2026-07-14T01:00:00.000Z');
    expect(nextSlot(daily, at('2026-07-15T00:30:00Z'), LONDON).toISOString()).toBe('2026-07-15T01:00:00.000Z');
    // At the very moment, the slot has come.
    expect(latestSlot(daily, at('2026-07-15T01:00:00Z'), LONDON).toISOString()).toBe('2026-07-15T01:00:00.000Z');
    expect(nextSlot(daily, at('2026-07-15T01:00:00Z'), LONDON).toISOString()).toBe('2026-07-16T01:00:00.000Z');
  });

  it('finds the weekly start on its day', () => {
    // Wednesday 18 November 2026: last Sunday was the 15th, the next is the 22nd (GMT).
    expect(latestSlot(sundays, at('2026-11-18T12:00:00Z'), LONDON).toISOString()).toBe('2026-11-15T02:00:00.000Z');
    expect(nextSlot(sundays, at('2026-11-18T12:00:00Z'), LONDON).toISOString()).toBe('2026-11-22T02:00:00.000Z');
    // Sunday itself, before and after the hour.
    expect(latestSlot(sundays, at('2026-11-22T01:59:00Z'), LONDON).toISOString()).toBe('2026-11-15T02:00:00.000Z');
    expect(latestSlot(sundays, at('2026-11-22T02:00:00Z'), LONDON).toISOString()).toBe('2026-11-22T02:00:00.000Z');
  });

  it('keeps 02:00 local across the clock change', () => {
    expect(nextSlot(daily, at('2026-03-28T12:00:00Z'), LONDON).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(nextSlot(daily, at('2026-03-29T12:00:00Z'), LONDON).toISOString()).toBe('2026-03-30T01:00:00.000Z');
    expect(nextSlot(daily, at('2026-10-24T12:00:00Z'), LONDON).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('whether a scheduled backup is due', () => {
  const state = (over: Partial<ScheduleState> = {}): ScheduleState => ({
    enabled: true,
    enabledAt: at('2026-07-01T09:00:00Z'),
    running: false,
    lastSuccessStartedAt: null,
    lastFailureStartedAt: null,
    ...over,
  });
  const now = at('2026-07-15T01:05:00Z'); // 02:05 BST: today's slot (01:00 UTC) has passed

  it('is not when the schedule is off or a backup is running', () => {
    expect(scheduledBackupDue(daily, state({ enabled: false }), now, LONDON)).toEqual({ due: false, reason: 'off' });
    expect(scheduledBackupDue(daily, state({ running: true }), now, LONDON)).toEqual({ due: false, reason: 'running' });
  });

  it('is at the slot when no backup has succeeded since', () => {
    expect(scheduledBackupDue(daily, state({ lastSuccessStartedAt: at('2026-07-14T01:00:10Z') }), now, LONDON)).toEqual({
      due: true,
      slot: at('2026-07-15T01:00:00Z'),
    });
    // A minute before the slot, yesterday's backup still covers it.
    expect(scheduledBackupDue(daily, state({ lastSuccessStartedAt: at('2026-07-14T01:00:10Z') }), at('2026-07-15T00:59:00Z'), LONDON)).toEqual({
      due: false,
      reason: 'done',
    });
  });

  it('is not once a backup (an admin’s too) has succeeded since the slot', () => {
    expect(scheduledBackupDue(daily, state({ lastSuccessStartedAt: at('2026-07-15T01:02:00Z') }), now, LONDON)).toEqual({ due: false, reason: 'done' });
  });

  it('catches up a slot missed while the app was stopped', () => {
    // Stopped over 02:00; started again at 09:00 BST.
    expect(scheduledBackupDue(daily, state({ lastSuccessStartedAt: at('2026-07-14T01:00:10Z') }), at('2026-07-15T08:00:00Z'), LONDON)).toMatchObject({ due: true });
  });

  it('waits for the first slot after the schedule was switched on', () => {
    // Switched on at 10:00 BST on the 15th: today's 02:00 was before that.
    const switchedOn = state({ enabledAt: at('2026-07-15T09:00:00Z') });
    expect(scheduledBackupDue(daily, switchedOn, at('2026-07-15T12:00:00Z'), LONDON)).toEqual({ due: false, reason: 'before-first-slot' });
    expect(scheduledBackupDue(daily, switchedOn, at('2026-07-16T01:00:00Z'), LONDON)).toMatchObject({ due: true });
  });

  it('tries a failed backup again an hour later', () => {
    const failedAt = at('2026-07-15T01:00:05Z');
    expect(scheduledBackupDue(daily, state({ lastFailureStartedAt: failedAt }), at('2026-07-15T01:30:00Z'), LONDON)).toEqual({ due: false, reason: 'retry-later' });
    expect(scheduledBackupDue(daily, state({ lastFailureStartedAt: failedAt }), new Date(failedAt.getTime() + RETRY_FAILED_AFTER_MS), LONDON)).toMatchObject({ due: true });
    // A failure before the slot does not hold back the slot's backup.
    expect(scheduledBackupDue(daily, state({ lastFailureStartedAt: at('2026-07-14T23:00:00Z') }), now, LONDON)).toMatchObject({ due: true });
  });
});

describe('whether backups are overdue', () => {
  const on = { enabled: true, frequency: 'daily' as const, enabledAt: at('2026-07-01T09:00:00Z') };

  it('says off without a schedule, however old the last backup', () => {
    expect(backupHealth({ ...on, enabled: false }, null, at('2026-07-15T12:00:00Z'))).toBe('off');
  });

  it('allows a daily backup 26 hours, a weekly one a week and 2 hours', () => {
    const finished = at('2026-07-14T01:10:00Z');
    expect(backupHealth(on, finished, new Date(finished.getTime() + 26 * HOUR))).toBe('ok');
    expect(backupHealth(on, finished, new Date(finished.getTime() + 26 * HOUR + 1))).toBe('stale');
    const weekly = { ...on, frequency: 'weekly' as const };
    expect(backupHealth(weekly, finished, new Date(finished.getTime() + 170 * HOUR))).toBe('ok');
    expect(backupHealth(weekly, finished, new Date(finished.getTime() + 170 * HOUR + 1))).toBe('stale');
  });

  it('counts from when the schedule was switched on when none has succeeded since', () => {
    const enabledAt = at('2026-07-10T09:00:00Z');
    // Never a backup: fine for the first 26 hours, then stale.
    expect(backupHealth({ ...on, enabledAt }, null, at('2026-07-11T10:00:00Z'))).toBe('ok');
    expect(backupHealth({ ...on, enabledAt }, null, at('2026-07-11T11:00:01Z'))).toBe('stale');
    // A backup from long before the schedule was switched on again does not count against it…
    expect(backupHealth({ ...on, enabledAt }, at('2026-05-01T01:00:00Z'), at('2026-07-11T10:00:00Z'))).toBe('ok');
    // …nor for it, once the first slot has gone by without one.
    expect(backupHealth({ ...on, enabledAt }, at('2026-05-01T01:00:00Z'), at('2026-07-12T10:00:00Z'))).toBe('stale');
  });
});
