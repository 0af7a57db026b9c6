import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupHealth } from '../../backup/backup';
import type { BackupFrequency, BackupHealth } from '../../../shared/domain/backups';

/**
 * What GET /api/health says about backups (public: no names, times or errors, only the word):
 * `off`, `ok`, or `stale` when the last successful backup is older than the schedule allows
 * (schedule.ts, backupHealth). One short read: the settings row and the newest success by index.
 */
export async function readBackupHealth(db: Db, now: Date): Promise<BackupHealth> {
  const { rows } = await db.execute<{ enabled: boolean; frequency: BackupFrequency; enabled_at: Date | string | null; last_success: Date | string | null }>(sql`
    SELECT s.backup_enabled AS enabled, s.backup_frequency AS frequency, s.backup_enabled_at AS enabled_at,
           (SELECT r.finished_at FROM backup_runs r WHERE r.status = 'succeeded' ORDER BY r.finished_at DESC LIMIT 1) AS last_success
      FROM organisation_settings s WHERE s.id = 1`);
  const row = rows[0];
  if (!row) return 'off';
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return backupHealth({ enabled: row.enabled, frequency: row.frequency, enabledAt: date(row.enabled_at) }, date(row.last_success), now);
}
