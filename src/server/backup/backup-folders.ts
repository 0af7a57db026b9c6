import { MANIFEST_FILE, manifestSchema, type Manifest } from './manifest';
import { BackupFileMissing, type BackupTarget } from './target';

/**
 * The folders a target holds, each with its manifest when it has one: complete backups, and folders
 * without a manifest (a backup in progress, or one a crash left unfinished). A folder whose manifest
 * cannot be read as one is `unreadable`: it is listed, and never deleted by the retention rule.
 */
export interface BackupFolder {
  name: string;
  manifest: Manifest | null;
  unreadable?: true;
}

/** Manifests never change once written: a cache keyed by target and name saves reading them again. */
export type ManifestCache = Map<string, Manifest>;

async function readText(target: BackupTarget, file: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await target.read(file)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

export async function backupFolders(target: BackupTarget, cache?: ManifestCache): Promise<BackupFolder[]> {
  const folders: BackupFolder[] = [];
  const names = await target.folders();
  if (cache) {
    // Forget backups no longer there (deleted by the retention rule, or by hand).
    const present = new Set(names.map((name) => `${target.location}\n${name}`));
    for (const key of cache.keys()) if (key.startsWith(`${target.location}\n`) && !present.has(key)) cache.delete(key);
  }
  for (const name of names) {
    const key = `${target.location}\n${name}`;
    const known = cache?.get(key);
    if (known) {
      folders.push({ name, manifest: known });
      continue;
    }
    let text: string;
    try {
      text = await readText(target, `${name}/${MANIFEST_FILE}`);
    } catch (err) {
      if (err instanceof BackupFileMissing) {
        folders.push({ name, manifest: null });
        continue;
      }
      throw err;
    }
    let parsed: ReturnType<typeof manifestSchema.safeParse>;
    try {
      parsed = manifestSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = { success: false } as ReturnType<typeof manifestSchema.safeParse>;
    }
    if (!parsed.success) {
      folders.push({ name, manifest: null, unreadable: true });
      continue;
    }
    cache?.set(key, parsed.data);
    folders.push({ name, manifest: parsed.data });
  }
  return folders;
}
