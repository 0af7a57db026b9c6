import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/domain/compliance/calendar-date';
import { backupNameFor } from './create-backup';
import { localFolderTarget } from './local-folder-target';
import { MANIFEST_FILE } from './manifest';
import { manifestAt } from '../../../tests/setup/backup-fixtures';
import { applyRetention, backupNameTime, backupsToDelete, INCOMPLETE_GRACE_MS, type RetentionInput } from './retention';
import { wallClockInstant } from './schedule';

/**
 * The retention rule (ADR 026): the newest backup of each of the last N days and M ISO weeks that
 * have one, in London time; the newest always; unfinished folders only once they are old.
 */

const LONDON = 'Europe/London';
const HOUR = 3_600_000;
const backup = (createdAt: Date | string): RetentionInput => {
  const date = new Date(createdAt);
  return { name: backupNameFor(date), createdAt: date };
};
/** A backup at 02:00 London time each day from `first` to `last`. */
const nightly = (first: string, last: string): RetentionInput[] => {
  const all: RetentionInput[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) all.push(backup(wallClockInstant(d, 2, LONDON)));
  return all;
};
const kept = (all: RetentionInput[], doomed: string[]) => all.filter((b) => !doomed.includes(b.name)).map((b) => b.name);
const londonDay = (name: string) => new Intl.DateTimeFormat('en-CA', { timeZone: LONDON }).format(backupNameTime(name)!);

describe('the retention rule', () => {
  it('keeps 7 daily and 4 weekly backups of a month of nightly ones, across the October clock change', () => {
    const all = nightly('2026-10-01', '2026-10-30'); // 25 October is the last Sunday: BST ends
    const doomed = backupsToDelete(all, { keepDaily: 7, keepWeekly: 4 }, { now: new Date('2026-10-30T03:00:00Z'), timeZone: LONDON });
    // The last 7 days, and the newest of the weeks before: Sundays 18 and 11 October (the weeks of
    // 26 and 19 October have theirs among the 7 days).
    expect(kept(all, doomed).map(londonDay)).toEqual([
      '2026-10-11',
      '2026-10-18',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
    ]);
    expect(doomed).toHaveLength(21);
    // Oldest first, as names sort by time.
    expect(doomed).toEqual([...doomed].sort());
  });

  it('keeps only the newest backup of a day', () => {
    const all = [backup('2026-11-20T02:00:00Z'), backup('2026-11-20T11:30:00Z'), backup('2026-11-20T16:45:00Z'), backup('2026-11-19T02:00:00Z')];
    const doomed = backupsToDelete(all, { keepDaily: 7, keepWeekly: 0 }, { now: new Date('2026-11-20T17:00:00Z'), timeZone: LONDON });
    expect(doomed).toEqual(['2026-11-20T020000Z', '2026-11-20T113000Z']);
  });

  it('reads days in London time, not UTC', () => {
    // 22:30 and 23:30 UTC on 30 June are 23:30 on 30 June and 00:30 on 1 July in London (BST).
    const all = [backup('2026-06-30T10:00:00Z'), backup('2026-06-30T22:30:00Z'), backup('2026-06-30T23:30:00Z')];
    const doomed = backupsToDelete(all, { keepDaily: 2, keepWeekly: 0 }, { now: new Date('2026-07-01T08:00:00Z'), timeZone: LONDON });
    expect(doomed).toEqual(['2026-06-30T100000Z']);
    // Read in UTC they would be one day, and only the last kept.
    expect(backupsToDelete(all, { keepDaily: 2, keepWeekly: 0 }, { now: new Date('2026-07-01T08:00:00Z'), timeZone: 'UTC' })).toEqual([
      '2026-06-30T100000Z',
      '2026-06-30T223000Z',
    ]);
  });

  it('reads weeks as ISO weeks, Monday to Sunday in London', () => {
    // Sunday 28 June 23:30 BST (22:30 UTC) ends a week; Monday 29 June 00:30 BST (Sunday 23:30 UTC) starts the next.
    const all = [
      backup('2026-06-21T12:00:00Z'), // Sunday of the week before
      backup('2026-06-28T12:00:00Z'),
      backup('2026-06-28T22:30:00Z'),
      backup('2026-06-28T23:30:00Z'),
    ];
    const doomed = backupsToDelete(all, { keepDaily: 1, keepWeekly: 2 }, { now: new Date('2026-06-29T09:00:00Z'), timeZone: LONDON });
    // Kept: Monday's (the newest, and its week's) and Sunday 23:30 BST (the newest of the week before).
    expect(doomed).toEqual(['2026-06-21T120000Z', '2026-06-28T120000Z']);
  });

  it('counts days that have a backup, so a gap never empties the target', () => {
    // Nightly until 1 November, then nothing for ten days, then one on the 12th.
    const all = [...nightly('2026-10-20', '2026-11-01'), backup(wallClockInstant('2026-11-12', 2, LONDON))];
    const doomed = backupsToDelete(all, { keepDaily: 3, keepWeekly: 0 }, { now: new Date('2026-11-12T03:00:00Z'), timeZone: LONDON });
    expect(kept(all, doomed).map(londonDay)).toEqual(['2026-10-31', '2026-11-01', '2026-11-12']);
  });

  it('always keeps the newest backup', () => {
    const all = nightly('2026-11-01', '2026-11-05');
    expect(kept(all, backupsToDelete(all, { keepDaily: 1, keepWeekly: 0 }, { now: new Date('2026-11-05T12:00:00Z'), timeZone: LONDON })).map(londonDay)).toEqual([
      '2026-11-05',
    ]);
  });

  it('deletes a folder without a manifest only once it is older than the grace period, and never one it cannot date', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const folders: RetentionInput[] = [
      backup('2026-11-20T02:00:00Z'),
      { name: backupNameFor(new Date(now.getTime() - INCOMPLETE_GRACE_MS - HOUR)), createdAt: null }, // a crash's leftovers
      { name: backupNameFor(new Date(now.getTime() - HOUR)), createdAt: null }, // perhaps in progress
      { name: `${backupNameFor(new Date(now.getTime() - 30 * HOUR))}-2`, createdAt: null },
      { name: 'notes from the auditor', createdAt: null },
      { name: '2026-11-01T020000Z', createdAt: null, unreadable: true },
    ];
    expect(backupsToDelete(folders, { keepDaily: 7, keepWeekly: 4 }, { now, timeZone: LONDON })).toEqual(['2026-11-19T060000Z-2', '2026-11-20T050000Z']);
    // A backup named as running is left alone whatever its age.
    expect(backupsToDelete(folders, { keepDaily: 7, keepWeekly: 4 }, { now, timeZone: LONDON, protect: ['2026-11-20T050000Z'] })).toEqual([
      '2026-11-19T060000Z-2',
    ]);
  });

  it('reads a backup’s start from its name', () => {
    expect(backupNameTime('2026-11-27T021500Z')?.toISOString()).toBe('2026-11-27T02:15:00.000Z');
    expect(backupNameTime('2026-11-27T021500Z-3')?.toISOString()).toBe('2026-11-27T02:15:00.000Z');
    expect(backupNameTime('2026-02-30T021500Z')).toBeNull();
    expect(backupNameTime('latest')).toBeNull();
  });
});

describe('one pass over a backup folder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-retention-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));


  it('deletes the backups the rule does not keep, and nothing else', async () => {
    const target = localFolderTarget(root);
    const now = new Date('2026-11-20T12:00:00Z');
    const days = ['2026-11-01', '2026-11-08', '2026-11-14', '2026-11-15', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
    for (const day of days) {
      const createdAt = wallClockInstant(day, 2, LONDON);
      await target.write(`${backupNameFor(createdAt)}/database/assets.copy.gz`, 'rows');
      await target.write(`${backupNameFor(createdAt)}/${MANIFEST_FILE}`, JSON.stringify(manifestAt(createdAt)));
    }
    await target.write('2026-11-10T020000Z/database/assets.copy.gz', 'a crash left this'); // no manifest, 10 days old
    await target.write('2026-11-20T110000Z/database/assets.copy.gz', 'in progress'); // no manifest, an hour old
    await target.write('2026-11-02T020000Z/manifest.json', 'not json'); // unreadable: not ours to judge

    const deleted = await applyRetention(target, { keepDaily: 3, keepWeekly: 2 }, { now, timeZone: LONDON });
    // Kept: the 18th–20th (3 days), the 15th (newest of the week before); the week of the 8th is a third week.
    expect(deleted).toEqual(['2026-11-01T020000Z', '2026-11-08T020000Z', '2026-11-10T020000Z', '2026-11-14T020000Z', '2026-11-17T020000Z']);
    expect(fs.readdirSync(root).sort()).toEqual([
      '2026-11-02T020000Z',
      '2026-11-15T020000Z',
      '2026-11-18T020000Z',
      '2026-11-19T020000Z',
      '2026-11-20T020000Z',
      '2026-11-20T110000Z',
    ]);
  });
});
