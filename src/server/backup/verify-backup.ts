import readline from 'node:readline';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Writable, type Readable } from 'node:stream';
import { APP, compareVersions } from './app-version';
import { Measure } from './checksum';
import { BACKUP_FORMAT, MANIFEST_FILE, manifestSchema, objectEntrySchema, objectFile, type Manifest, type ObjectEntry } from './manifest';
import { unknownLevelReason } from './migration-level';
import { BackupFileMissing, type BackupTarget } from './target';

/** A restore that will not go ahead; its message says why and what to do. Nothing was changed. */
export class RestoreRefused extends Error {}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads a backup's manifest and refuses one this app cannot restore: no manifest (unfinished or not
 * a backup), a format or app version newer than this app, or migrations this app does not have.
 */
export async function readManifest(target: BackupTarget, name: string): Promise<Manifest> {
  const where = `${target.location}/${name}`;
  let text: string;
  try {
    text = (await readAll(await target.read(`${name}/${MANIFEST_FILE}`))).toString('utf8');
  } catch (err) {
    if (err instanceof BackupFileMissing) {
      throw new RestoreRefused(`${where} is not a complete backup: it has no ${MANIFEST_FILE} (a backup that was interrupted has none). Choose another backup.`);
    }
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RestoreRefused(`${where}/${MANIFEST_FILE} is not valid JSON: the backup is damaged. Choose another backup.`);
  }
  const format = (json as { format?: unknown })?.format;
  if (typeof format === 'number' && format > BACKUP_FORMAT) {
    throw new RestoreRefused(`${where} is in backup format ${format}, newer than this app reads (${BACKUP_FORMAT}). Restore it with a newer version of the app.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new RestoreRefused(`${where}/${MANIFEST_FILE} is not a manifest this app can read (${first.path.join('.')}: ${first.message}). The backup is damaged.`);
  }
  const manifest = parsed.data;
  if (compareVersions(manifest.app.version, APP.version) > 0) {
    throw new RestoreRefused(
      `${where} was made by ${manifest.app.name} ${manifest.app.version}, newer than this app (${APP.version}). ` +
        `Install ${manifest.app.version} or later, then restore.`,
    );
  }
  const unknown = unknownLevelReason(manifest.migrations);
  if (unknown) throw new RestoreRefused(`${where} cannot be restored by this app: ${unknown}`);
  return manifest;
}

/** The objects list, checked against the manifest's SHA-256, one entry at a time. */
export async function* objectEntries(target: BackupTarget, name: string, manifest: Manifest): AsyncGenerator<ObjectEntry> {
  const measure = new Measure();
  const source = await target.read(`${name}/${manifest.objects.file}`);
  const done = pipeline(source, measure);
  let line = 0;
  for await (const text of readline.createInterface({ input: measure, crlfDelay: Infinity })) {
    line += 1;
    if (!text) continue;
    const entry = objectEntrySchema.safeParse(JSON.parse(text));
    if (!entry.success) throw new RestoreRefused(`${manifest.objects.file} line ${line} is not an object entry: the backup is damaged.`);
    yield entry.data;
  }
  await done;
  if (measure.sha256 !== manifest.objects.sha256) throw new RestoreRefused(`${manifest.objects.file} does not match its checksum in the manifest: the backup is damaged.`);
}

/** Measures a file of the backup (decompressed when `gunzip`); a truncated or corrupt gzip rejects. */
export async function measureFile(target: BackupTarget, file: string, gunzip: boolean): Promise<Measure> {
  const measure = new Measure();
  const source = await target.read(file);
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  if (gunzip) await pipeline(source, zlib.createGunzip(), measure, discard);
  else await pipeline(source, measure, discard);
  return measure;
}

/**
 * Checks every file of the backup against the manifest (SHA-256 and size; each table's row count)
 * before anything is written, and reports every problem found, so a damaged backup changes nothing.
 */
export async function verifyBackup(target: BackupTarget, name: string, manifest: Manifest, log: (m: string) => void = () => {}): Promise<void> {
  const problems: string[] = [];
  const check = async (file: string, what: () => Promise<string | null>) => {
    try {
      const problem = await what();
      if (problem) problems.push(`${file}: ${problem}`);
    } catch (err) {
      problems.push(err instanceof BackupFileMissing ? `${file}: missing` : `${file}: unreadable (${(err as Error).message})`);
    }
  };
  for (const table of manifest.tables) {
    await check(table.file, async () => {
      const m = await measureFile(target, `${name}/${table.file}`, true);
      if (m.sha256 !== table.sha256 || m.bytes !== table.bytes) return 'contents differ from the checksum in the manifest';
      if (m.lines !== table.rows) return `holds ${m.lines} rows, the manifest says ${table.rows}`;
      return null;
    });
  }
  let objects = 0;
  await check(manifest.objects.file, async () => {
    for await (const entry of objectEntries(target, name, manifest)) {
      objects += 1;
      await check(objectFile(entry.key), async () => {
        const m = await measureFile(target, `${name}/${objectFile(entry.key)}`, false);
        return m.sha256 !== entry.sha256 || m.bytes !== entry.size ? 'contents differ from the checksum in the objects list' : null;
      });
    }
    return objects === manifest.objects.count ? null : `lists ${objects} objects, the manifest says ${manifest.objects.count}`;
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).map((p) => `  ${p}`);
    if (problems.length > 20) shown.push(`  … and ${problems.length - 20} more`);
    throw new RestoreRefused(
      `The backup at ${target.location}/${name} is damaged; nothing was restored:\n${shown.join('\n')}\n` +
        'Restore from another backup (or a copy of this one).',
    );
  }
  log(`checked ${manifest.tables.length} tables and ${objects} objects against their checksums`);
}
