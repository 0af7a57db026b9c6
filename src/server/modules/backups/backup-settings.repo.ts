import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/actor';
import { organisationSettings } from '../../db/schema';
import type { BackupSettings, UpdateBackupSettings } from '../../../shared/contract/backups';
import { BACKUP_SCHEDULE_DEFAULTS, type BackupFrequency } from '../../../shared/domain/backups';
import { ORGANISATION_TIME_ZONE_DEFAULT } from '../../../shared/domain/compliance/calendar-date';

/** The schedule and retention rule as the scheduler reads them. */
export interface StoredBackupSettings {
  enabled: boolean;
  frequency: BackupFrequency;
  hour: number;
  weekday: number;
  keepDaily: number;
  keepWeekly: number;
  enabledAt: Date | null;
}

const columns = {
  enabled: organisationSettings.backupEnabled,
  frequency: organisationSettings.backupFrequency,
  hour: organisationSettings.backupHour,
  weekday: organisationSettings.backupWeekday,
  keepDaily: organisationSettings.backupKeepDaily,
  keepWeekly: organisationSettings.backupKeepWeekly,
  enabledAt: organisationSettings.backupEnabledAt,
};

export const BACKUP_DEFAULTS: StoredBackupSettings = { ...BACKUP_SCHEDULE_DEFAULTS, enabledAt: null };

export const toBackupSettings = (stored: StoredBackupSettings): BackupSettings => ({
  ...stored,
  enabledAt: stored.enabledAt?.toISOString() ?? null,
  timeZone: ORGANISATION_TIME_ZONE_DEFAULT,
});

/**
 * The backup columns of the organisation's settings row (ADR 026). Not cached like the rest of the
 * row (policy/organisation-settings.ts): only the scheduler, every few minutes, and the Settings page
 * read them. Changes go through the caller's transaction, which the administrative trail attributes
 * to the admin (the row's trigger, db/sql/admin-audit.sql).
 */
export function backupSettingsRepo(db: Db) {
  return {
    /** The defaults until the settings row exists (the first request of a new install makes it). */
    async get(): Promise<StoredBackupSettings> {
      const [row] = await db.select(columns).from(organisationSettings).where(eq(organisationSettings.id, 1));
      return row ?? BACKUP_DEFAULTS;
    },

    /** Switching the schedule on (from off) records when: the overdue alert counts from then. */
    async update(tx: Tx, change: UpdateBackupSettings, now: Date): Promise<void> {
      await tx
        .update(organisationSettings)
        .set({
          backupEnabled: change.enabled,
          backupFrequency: change.frequency,
          backupHour: change.hour,
          backupWeekday: change.weekday,
          backupKeepDaily: change.keepDaily,
          backupKeepWeekly: change.keepWeekly,
          ...(change.enabled && {
            backupEnabledAt: sql`CASE WHEN ${organisationSettings.backupEnabled} AND ${organisationSettings.backupEnabledAt} IS NOT NULL
                                      THEN ${organisationSettings.backupEnabledAt} ELSE ${now.toISOString()}::timestamptz END`,
          }),
          updatedAt: new Date(),
        })
        .where(eq(organisationSettings.id, 1));
    },
  };
}
