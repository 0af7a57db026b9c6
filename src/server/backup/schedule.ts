import { addDays, daysBetween, parseCalendarDate, todayIn, type CalendarDate } from '../../shared/domain/compliance/calendar-date';
import { BACKUP_GRACE_HOURS, BACKUP_PERIOD_HOURS, type BackupFrequency, type BackupHealth } from '../../shared/domain/backups';

/**
 * When scheduled backups are due and when the last one is too old (ADR 026, "Schedule and
 * retention"). Pure functions of the settings, what the runs table says and the time: the scheduler,
 * the Settings page and GET /api/health all decide with these. Times of day are wall-clock times in
 * the organisation's zone (Europe/London), so "02:00" stays 02:00 across the clock changes.
 */

const HOUR_MS = 3_600_000;
/** A failed scheduled backup is tried again this long after it started, until one succeeds. */
export const RETRY_FAILED_AFTER_MS = HOUR_MS;

export interface BackupSchedule {
  frequency: BackupFrequency;
  /** 0–23, wall-clock hour in the zone. */
  hour: number;
  /** ISO weekday 1 (Monday) – 7 (Sunday), for a weekly schedule. */
  weekday: number;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (London: 0 or 3,600,000). */
export function zoneOffsetMs(timeZone: string, at: Date): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant the zone's clock reads `hour`:00 on `date`. When that hour happens twice (the clocks
 * go back) the first; when it does not happen (the clocks go forward: 01:00 on London's last Sunday
 * of March) the moment the clocks jump, which is the first instant after it.
 */
export function wallClockInstant(date: CalendarDate, hour: number, timeZone: string): Date {
  const { year, month, day } = parseCalendarDate(date);
  const wall = Date.UTC(year, month - 1, day, hour);
  // The zone's offsets either side of that day (a zone changes its clocks at most once in a day).
  const before = wall - zoneOffsetMs(timeZone, new Date(wall - 12 * HOUR_MS));
  const after = wall - zoneOffsetMs(timeZone, new Date(wall + 12 * HOUR_MS));
  const reads = (t: number) => t + zoneOffsetMs(timeZone, new Date(t)) === wall;
  const matching = [before, after].filter(reads);
  if (matching.length > 0) return new Date(Math.min(...matching));
  // In the gap: counted with the offset before the change, the time lands where the clocks jumped to.
  return new Date(before);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: CalendarDate): number {
  // 1970-01-01 was a Thursday (4).
  const days = daysBetween('1970-01-01', date);
  return ((((days + 3) % 7) + 7) % 7) + 1;
}

/** The Monday of the ISO week a date falls in: a key shared by the seven days of that week. */
export function isoWeekStart(date: CalendarDate): CalendarDate {
  return addDays(date, 1 - isoWeekday(date));
}

const runsOn = (schedule: BackupSchedule, date: CalendarDate) => schedule.frequency === 'daily' || isoWeekday(date) === schedule.weekday;

/** The latest scheduled start at or before `now`. */
export function latestSlot(schedule: BackupSchedule, now: Date, timeZone: string): Date {
  const today = todayIn(timeZone, now);
  for (let back = 0; back <= 8; back += 1) {
    const date = addDays(today, -back);
    if (!runsOn(schedule, date)) continue;
    const at = wallClockInstant(date, schedule.hour, timeZone);
    if (at.getTime() <= now.getTime()) return at;
  }
  throw new Error('no scheduled start in the last 8 days'); // unreachable: every week has the weekday
}

/** The first scheduled start after `now`. */
export function nextSlot(schedule: BackupSchedule, now: Date, timeZone: string): Date {
  const today = todayIn(timeZone, now);
  for (let ahead = 0; ahead <= 8; ahead += 1) {
    const date = addDays(today, ahead);
    if (!runsOn(schedule, date)) continue;
    const at = wallClockInstant(date, schedule.hour, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error('no scheduled start in the next 8 days'); // unreachable
}

export interface ScheduleState {
  enabled: boolean;
  /** When the schedule was last switched on: slots before it are not owed. */
  enabledAt: Date | null;
  /** A backup is running (in any process). */
  running: boolean;
  /** Start of the latest successful backup (scheduled or not). */
  lastSuccessStartedAt: Date | null;
  /** Start of the latest failed one. */
  lastFailureStartedAt: Date | null;
}

export type DueDecision =
  | { due: true; slot: Date }
  | { due: false; reason: 'off' | 'running' | 'before-first-slot' | 'done' | 'retry-later' };

/**
 * Whether a scheduled backup should start now: the latest slot has passed, the schedule was on at
 * that slot, and no backup (scheduled or an admin's) has succeeded since it. A slot missed while the
 * app was stopped is caught up at the next check. After a failure the next attempt waits an hour
 * (RETRY_FAILED_AFTER_MS), so a full disk is not hammered every few minutes.
 */
export function scheduledBackupDue(schedule: BackupSchedule, state: ScheduleState, now: Date, timeZone: string): DueDecision {
  if (!state.enabled) return { due: false, reason: 'off' };
  if (state.running) return { due: false, reason: 'running' };
  const slot = latestSlot(schedule, now, timeZone);
  if (!state.enabledAt || slot.getTime() < state.enabledAt.getTime()) return { due: false, reason: 'before-first-slot' };
  if (state.lastSuccessStartedAt && state.lastSuccessStartedAt.getTime() >= slot.getTime()) return { due: false, reason: 'done' };
  if (
    state.lastFailureStartedAt &&
    state.lastFailureStartedAt.getTime() >= slot.getTime() &&
    now.getTime() - state.lastFailureStartedAt.getTime() < RETRY_FAILED_AFTER_MS
  ) {
    return { due: false, reason: 'retry-later' };
  }
  return { due: true, slot };
}

/** How old the last successful backup may be: the schedule's period plus BACKUP_GRACE_HOURS. */
export const allowedAgeMs = (frequency: BackupFrequency) => (BACKUP_PERIOD_HOURS[frequency] + BACKUP_GRACE_HOURS) * HOUR_MS;

/**
 * `off` without a schedule; `stale` when the last successful backup finished longer ago than the
 * schedule allows, counting from when the schedule was switched on if none has succeeded since
 * (so switching it on raises no alarm before the first backup was due); `ok` otherwise.
 */
export function backupHealth(
  settings: { enabled: boolean; frequency: BackupFrequency; enabledAt: Date | null },
  lastSuccessFinishedAt: Date | null,
  now: Date,
): BackupHealth {
  if (!settings.enabled) return 'off';
  const since = Math.max(lastSuccessFinishedAt?.getTime() ?? -Infinity, settings.enabledAt?.getTime() ?? -Infinity);
  return now.getTime() - since > allowedAgeMs(settings.frequency) ? 'stale' : 'ok';
}
