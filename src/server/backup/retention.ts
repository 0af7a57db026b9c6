import { todayIn } from '../../shared/domain/compliance/calendar-date';
import { backupFolders, type BackupFolder, type ManifestCache } from './backup-folders';
import { isoWeekStart } from './schedule';
import type { BackupTarget } from './target';

/**
 * The retention rule (ADR 026, "Schedule and retention"), applied after every backup the app takes:
 * keep the newest backup of each of the `keepDaily` most recent days that have one, and of each of
 * the `keepWeekly` most recent ISO weeks (Monday to Sunday) that have one, days and weeks read in the
 * organisation's zone; delete the other complete backups. Counting days that have a backup rather
 * than calendar days means a gap (backups failing for a week) never empties the target. Always kept:
 * the newest complete backup; a folder without a manifest younger than INCOMPLETE_GRACE_MS (a
 * backup in progress, here or in another process) or named in `protect`; any folder whose name is
 * not a backup's or whose manifest cannot be read (not ours to judge).
 */
export interface RetentionRule {
  keepDaily: number;
  keepWeekly: number;
}

/** A folder without a manifest is deleted once its name says it started longer ago than this. */
export const INCOMPLETE_GRACE_MS = 6 * 3_600_000;

/** 2026-11-27T021500Z (or …Z-2): the backup's start, in UTC (backupNameFor); null for other names. */
export function backupNameTime(name: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-\d+)?$/.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Refuse what Date would roll over (2026-02-30 → 2 March).
  return at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? at : null;
}

export interface RetentionInput {
  name: string;
  /** The manifest's createdAt for a complete backup; null for a folder without a (readable) manifest. */
  createdAt: Date | null;
  /** A manifest exists but could not be read. */
  unreadable?: boolean;
}

/** The names to delete, oldest first. */
export function backupsToDelete(
  folders: readonly RetentionInput[],
  rule: RetentionRule,
  options: { now: Date; timeZone: string; protect?: readonly string[] },
): string[] {
  const protect = new Set(options.protect ?? []);
  const complete = folders
    .filter((f): f is RetentionInput & { createdAt: Date } => f.createdAt !== null && !f.unreadable)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1));

  const keep = new Set<string>();
  if (complete[0]) keep.add(complete[0].name);
  const keepNewestPer = (keyOf: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of complete) {
      const key = keyOf(backup.createdAt);
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > count) break;
      keep.add(backup.name);
    }
  };
  keepNewestPer((at) => todayIn(options.timeZone, at), rule.keepDaily);
  keepNewestPer((at) => isoWeekStart(todayIn(options.timeZone, at)), rule.keepWeekly);

  const doomed = complete.filter((b) => !keep.has(b.name) && !protect.has(b.name)).map((b) => b.name);
  for (const folder of folders) {
    if (folder.createdAt !== null || folder.unreadable || protect.has(folder.name)) continue;
    const started = backupNameTime(folder.name);
    if (started && options.now.getTime() - started.getTime() > INCOMPLETE_GRACE_MS) doomed.push(folder.name);
  }
  return doomed.sort();
}

export const retentionInputs = (folders: readonly BackupFolder[]): RetentionInput[] =>
  folders.map((f) => ({ name: f.name, createdAt: f.manifest ? new Date(f.manifest.createdAt) : null, ...(f.unreadable && { unreadable: true }) }));

/** Applies the rule to a target: deletes what it does not keep; answers the names deleted. */
export async function applyRetention(
  target: BackupTarget,
  rule: RetentionRule,
  options: { now: Date; timeZone: string; protect?: readonly string[]; cache?: ManifestCache; log?: (message: string) => void },
): Promise<string[]> {
  const doomed = backupsToDelete(retentionInputs(await backupFolders(target, options.cache)), rule, options);
  for (const name of doomed) {
    await target.delete(`${name}/`);
    options.log?.(`deleted backup ${name} (retention)`);
  }
  return doomed;
}
