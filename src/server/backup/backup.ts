/**
 * The backup engine's front door (README.md beside this file says how it works). Everything else in
 * this folder is its machinery; callers (the CLI scripts, the scheduler and the Settings page's
 * routes in modules/backups) use only what is exported here.
 */
export { createBackup, backupNameFor, type BackupOptions, type BackupResult } from './create-backup';
export { restoreBackup, type RestoreOptions, type RestoreResult } from './restore-backup';
export { restoreAsset, type AssetRestoreOptions, type AssetRestoreResult } from './restore-asset';
export { RestoreRefused } from './verify-backup';
export { BackupBusy } from './session';
export { listBackups, type BackupTarget } from './target';
export { localFolderTarget } from './local-folder-target';
export { s3Target } from './s3-target';
export { configuredBackupTarget } from './configured-target';
export type { Manifest } from './manifest';
export { backupFolders, type BackupFolder, type ManifestCache } from './backup-folders';
export { applyRetention, backupsToDelete, INCOMPLETE_GRACE_MS, type RetentionRule } from './retention';
export {
  allowedAgeMs,
  backupHealth,
  latestSlot,
  nextSlot,
  scheduledBackupDue,
  type BackupSchedule,
  type DueDecision,
  type ScheduleState,
} from './schedule';
