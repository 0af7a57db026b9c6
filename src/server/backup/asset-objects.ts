import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from '../storage';
import { Measure } from './checksum';
import { objectFile, type Manifest, type ObjectEntry } from './manifest';
import type { BackupTarget } from './target';
import { objectEntries, RestoreRefused } from './verify-backup';

/** The asset's files: to copy back, already in storage unchanged, and named but not in the backup. */
export interface ObjectPlan {
  toCopy: ObjectEntry[];
  present: ObjectEntry[];
  /** Keys the rows name that the backup has no copy of (storage lacked them when it was taken). */
  notInBackup: string[];
  /** Keys storage holds with other contents than the backup's: copying would overwrite another file. */
  differing: string[];
}

async function storedSha256(storage: ObjectStorage, key: string): Promise<string> {
  const measure = new Measure();
  await pipeline(await storage.read(key), measure, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return measure.sha256;
}

/**
 * Which of `keys` to copy back. The asset's deletion removed its files after the commit; a file
 * still there with the backup's checksum (its removal failed, or it was put back) is left alone.
 */
export async function planObjects(target: BackupTarget, name: string, manifest: Manifest, storage: ObjectStorage, keys: Set<string>): Promise<ObjectPlan> {
  const plan: ObjectPlan = { toCopy: [], present: [], notInBackup: [], differing: [] };
  const seen = new Set<string>();
  for await (const entry of objectEntries(target, name, manifest)) {
    if (!keys.has(entry.key)) continue;
    seen.add(entry.key);
    const stored = await storage.head(entry.key);
    if (!stored) plan.toCopy.push(entry);
    else if (stored.size === entry.size && (await storedSha256(storage, entry.key)) === entry.sha256) plan.present.push(entry);
    else plan.differing.push(entry.key);
  }
  plan.notInBackup = [...keys].filter((key) => !seen.has(key)).sort();
  return plan;
}

/**
 * Copies the files into storage, each checked against its SHA-256 as it streams. Answers the keys
 * written; on any failure the ones written so far are removed again and the error is thrown.
 */
export async function copyObjects(target: BackupTarget, name: string, storage: ObjectStorage, entries: ObjectEntry[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const entry of entries) {
      const measure = new Measure();
      const source = await target.read(`${name}/${objectFile(entry.key)}`);
      source.on('error', (err) => measure.destroy(err));
      written.push(entry.key);
      await storage.putStream(entry.key, source.pipe(measure), entry.contentType, entry.size);
      if (measure.sha256 !== entry.sha256) throw new RestoreRefused(`${objectFile(entry.key)} does not match its checksum in the backup: the backup is damaged. Restore from another backup.`);
    }
  } catch (err) {
    await removeObjects(storage, written);
    throw err;
  }
  return written;
}

export async function removeObjects(storage: ObjectStorage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.delete(key).catch(() => {});
}
