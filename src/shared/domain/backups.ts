/**
 * Scheduled backups (ADR 026, "Schedule and retention"): when they run, how many are kept, and when
 * the last successful one is too old. The times are the organisation's wall-clock times (London).
 */

/** Daily at a chosen hour, or weekly on a chosen day at that hour. */
export const BACKUP_FREQUENCIES = ['daily', 'weekly'] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

export const BACKUP_FREQUENCY_LABELS: Record<BackupFrequency, string> = {
  daily: 'Every day',
  weekly: 'Every week',
};

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** What a new install starts with: off until an org admin switches it on (ADR 026). */
export const BACKUP_SCHEDULE_DEFAULTS = {
  enabled: false,
  frequency: 'daily' as BackupFrequency,
  /** 02:00 London time: the quietest hour of an estates team's day. */
  hour: 2,
  /** Sunday, for a weekly schedule. */
  weekday: 7,
  keepDaily: 7,
  keepWeekly: 4,
};

/** Bounds of the retention rule: at least one daily backup is always kept. */
export const KEEP_DAILY_MIN = 1;
export const KEEP_DAILY_MAX = 90;
export const KEEP_WEEKLY_MIN = 0;
export const KEEP_WEEKLY_MAX = 52;

/**
 * How late the last successful backup may be before it counts as overdue: the schedule's period plus
 * this grace (a daily backup is overdue 26 hours after the last one finished), so one that takes a
 * while, or a start delayed by a restart, does not raise the alarm.
 */
export const BACKUP_GRACE_HOURS = 2;
export const BACKUP_PERIOD_HOURS: Record<BackupFrequency, number> = { daily: 24, weekly: 7 * 24 };

/** What GET /api/health and the Settings page say about backups. */
export const BACKUP_HEALTH = ['ok', 'stale', 'off'] as const;
export type BackupHealth = (typeof BACKUP_HEALTH)[number];

export const BACKUP_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type BackupRunStatus = (typeof BACKUP_RUN_STATUSES)[number];

/** Who started a backup: the schedule, or an org admin's "Back up now". */
export const BACKUP_TRIGGERS = ['scheduled', 'manual'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

/** "02:00" for the hour 2. */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;
