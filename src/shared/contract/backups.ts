import { z } from 'zod';
import {
  BACKUP_FREQUENCIES,
  BACKUP_HEALTH,
  BACKUP_RUN_STATUSES,
  BACKUP_TRIGGERS,
  KEEP_DAILY_MAX,
  KEEP_DAILY_MIN,
  KEEP_WEEKLY_MAX,
  KEEP_WEEKLY_MIN,
} from '../domain/backups';

/**
 * The Backups section of Settings (org admins, `backup.manage`; ADR 026): the schedule and retention
 * rule, the runs the app made, and the backups the target holds.
 */

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** PUT /api/backups/settings: the whole schedule and retention rule. */
export const updateBackupSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Choose whether backups run on a schedule' }),
  frequency: z.enum(BACKUP_FREQUENCIES, { error: 'Choose daily or weekly' }),
  /** The hour they start, 0–23, in the organisation's time zone (Europe/London). */
  hour: wholeNumber('The hour', 0, 23),
  /** For a weekly schedule: ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: wholeNumber('The day of the week', 1, 7),
  /** Keep the newest backup of each of this many most recent days that have one. */
  keepDaily: wholeNumber('Daily backups kept', KEEP_DAILY_MIN, KEEP_DAILY_MAX),
  /** And of each of this many most recent ISO weeks that have one. */
  keepWeekly: wholeNumber('Weekly backups kept', KEEP_WEEKLY_MIN, KEEP_WEEKLY_MAX),
});
export type UpdateBackupSettings = z.infer<typeof updateBackupSettingsSchema>;

export const backupSettingsSchema = z.object({
  enabled: z.boolean(),
  frequency: z.enum(BACKUP_FREQUENCIES),
  hour: z.number().int(),
  weekday: z.number().int(),
  keepDaily: z.number().int(),
  keepWeekly: z.number().int(),
  /** When the schedule was last switched on; null while it never was. */
  enabledAt: z.string().nullable(),
  /** The zone the hour is read in. */
  timeZone: z.string(),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

/** One backup the app took (or tried to): scheduled, or an org admin's "Back up now". */
export const backupRunSchema = z.object({
  id: z.uuid(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_RUN_STATUSES),
  /** Who pressed "Back up now" (their name), null for the schedule. */
  requestedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The backup's folder name in the target (e.g. 2026-11-27T021500Z), once chosen. */
  name: z.string().nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
  /** A success with something to look at: files the rows name were missing, or old backups could not be deleted. */
  warning: z.string().nullable(),
  /** Its size in the target: the compressed tables and the files (as the list of backups gives it). */
  storedBytes: z.number().nullable(),
  rows: z.number().nullable(),
  objects: z.number().nullable(),
  durationMs: z.number().nullable(),
  /** Old backups the retention rule deleted after this one. */
  pruned: z.number().int(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

/** A complete backup in the target, from its manifest. */
export const backupEntrySchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  appVersion: z.string(),
  /** Bytes in the target: the compressed tables and the files (the manifest and the files' list aside). */
  storedBytes: z.number(),
  tables: z.number().int(),
  rows: z.number(),
  objects: z.number().int(),
  missingObjects: z.number().int(),
  durationMs: z.number(),
  /** How the app took it, when it did (null: `npm run backup`, or a run no longer recorded). */
  trigger: z.enum(BACKUP_TRIGGERS).nullable(),
});
export type BackupEntry = z.infer<typeof backupEntrySchema>;

/** GET /api/backups. */
export const backupsOverviewSchema = z.object({
  settings: backupSettingsSchema,
  /** `off`: no schedule; `stale`: the last successful backup is older than the schedule allows. */
  health: z.enum(BACKUP_HEALTH),
  /** When the next scheduled backup is due (null when the schedule is off). */
  nextRunAt: z.string().nullable(),
  /** False when this server was started with BACKUP_SCHEDULE=off: it never starts a scheduled backup itself. */
  scheduledHere: z.boolean(),
  running: backupRunSchema.nullable(),
  lastRun: backupRunSchema.nullable(),
  lastSuccess: backupRunSchema.nullable(),
  /** Where the backups go (a folder on the server). */
  location: z.string(),
  /** Newest first. */
  backups: z.array(backupEntrySchema),
  /** Why the target could not be listed (the rest of the answer still holds). */
  targetError: z.string().nullable(),
});
export type BackupsOverview = z.infer<typeof backupsOverviewSchema>;
