// `npm run restore -- <backup> [--dry-run]`: restores a backup into the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR) and storage, which must be empty. Checks every
// file's checksum first. See src/server/backup/README.md.
// `npm run restore -- <backup> --asset AST-000123 [--as <username>] [--dry-run]`: restores one
// deleted asset (and what hangs off it) into the live register instead; the app may be running.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupTargetSetting, loadConfig } from '../src/server/config';
import { resolveSecret } from '../src/server/secrets';
import { createStorage } from '../src/server/storage';
import {
  BackupBusy,
  configuredBackupTarget,
  restoreAsset,
  restoreBackup,
  RestoreRefused,
  type AssetRestoreResult,
  type BackupTarget,
  type RestoreResult,
} from '../src/server/backup/backup';
import { openConfiguredDatabase } from '../src/server/backup/configured-database';
import { formatBytes } from '../src/server/backup/format';

const usage = [
  'usage: npm run restore -- <backup> [--dry-run]',
  '       npm run restore -- <backup> --asset AST-000123 [--as <username>] [--dry-run]',
  '<backup>: a backup folder (DATA_DIR/backups/2026-11-27T021500Z), an S3 address',
  '(s3://bucket/prefix/2026-11-27T021500Z), or a backup name in BACKUP_DIR (2026-11-27T021500Z).',
].join('\n');
let args;
try {
  args = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false }, asset: { type: 'string' }, as: { type: 'string' } } });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const [given] = args.positionals;
if (!given || args.positionals.length > 1) {
  console.error(usage);
  process.exit(2);
}
const dryRun = args.values['dry-run'];
const asset = args.values.asset;
if (args.values.as && !asset) {
  console.error(`--as names who restored an asset; it goes with --asset.\n${usage}`);
  process.exit(2);
}

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{6}Z$/;

/** Where the backup is: a folder or S3 address whose last part is the backup, or a name in BACKUP_DIR. */
async function locateBackup(backup: string): Promise<{ target: BackupTarget; name: string }> {
  const trimmed = backup.replace(/\/+$/, '');
  if (BACKUP_NAME.test(trimmed) && !fs.existsSync(trimmed)) return { target: await configuredBackupTarget(config, config.backupTarget), name: trimmed };
  const setting = backupTargetSetting(trimmed);
  if (setting.kind === 'folder' && !fs.existsSync(setting.path)) {
    console.error(`${setting.path} does not exist. Backups are folders such as DATA_DIR/backups/2026-11-27T021500Z.`);
    process.exit(2);
  }
  const [parent, name] = setting.kind === 'folder' ? [path.dirname(setting.path), path.basename(setting.path)] : splitLast(trimmed);
  return { target: await configuredBackupTarget(config, backupTargetSetting(parent)), name };
}
const splitLast = (address: string): [string, string] => [address.slice(0, address.lastIndexOf('/')), address.slice(address.lastIndexOf('/') + 1)];

const { target, name } = await locateBackup(given);
const database = await openConfiguredDatabase(config, (m) => console.log(m));
const where = `${target.location}/${name}`;
let exitCode = 0;
try {
  if (asset) {
    console.log(`${dryRun ? 'dry run: checking' : 'restoring'} ${asset} from ${where} into ${database.how}`);
    const result = await restoreAsset({
      databaseUrl: database.url,
      storage: await createStorage(config),
      target,
      name,
      asset,
      actor: args.values.as,
      dryRun,
      log: (m) => console.log(m),
    });
    console.log(describeAssetRestore(result));
    if (result.problems.length > 0) exitCode = 1;
  } else {
    console.log(`${dryRun ? 'dry run: checking' : 'restoring'} ${where} into ${database.how}`);
    const result = await restoreBackup({
      databaseUrl: database.url,
      storage: await createStorage(config),
      target,
      name,
      dryRun,
      secret: resolveSecret(config.sessionSecret, config.dataDir),
      log: (m) => console.log(m),
    });
    console.log(describeRestore(result));
  }
} catch (err) {
  exitCode = 1;
  console.error(err instanceof RestoreRefused || err instanceof BackupBusy ? `restore refused: ${err.message}` : `restore failed: ${(err as Error).message}`);
} finally {
  await database.close();
}
process.exit(exitCode);

/** What a whole restore did (or, dry run, would do). */
function describeRestore(result: RestoreResult): string {
  const what =
    `${result.tables} tables, ${result.rows.toLocaleString('en-GB')} rows, ` +
    `${result.objects.toLocaleString('en-GB')} objects (${formatBytes(result.objectBytes)})`;
  const lines = result.dryRun
    ? [
        `\ndry run: the backup is whole and this database is empty (migration ${result.before.level.count}). A restore would:`,
        `  build the schema up to migration ${result.manifest.migrations.count} (${result.manifest.migrations.last?.tag ?? 'none'}),`,
        `  load ${what},\n  then apply this app's later migrations. Nothing was written.`,
      ]
    : [`\nrestored ${what}. Everyone signs in again (sessions are not in a backup). Start the app with npm start.`];
  if (result.manifest.objects.missing.length > 0) {
    lines.push(`note: ${result.manifest.objects.missing.length} files were already missing when the backup was taken (listed in its manifest).`);
  }
  return lines.join('\n');
}

/** What an asset's restore did (or, dry run, would do), its notes and the problems that stop it. */
function describeAssetRestore(result: AssetRestoreResult): string {
  const rows = Object.entries(result.rows).filter(([, n]) => n).map(([table, n]) => `${table} ${n}`).join(', ');
  const kept = Object.entries(result.alreadyPresent).map(([table, n]) => `${table} ${n}`).join(', ');
  const lines = [
    '',
    `${!result.dryRun ? 'restored' : result.problems.length > 0 ? 'dry run: found' : 'dry run: would restore'} ${result.asset.code} (at ${result.asset.locationPath}) from backup ${result.backup.name}, made ${result.backup.createdAt}:`,
    `  rows: ${rows}`,
    ...(kept ? [`  already in the register, left as they are: ${kept}`] : []),
    `  files: ${result.objects.count} (${formatBytes(result.objects.bytes)})${result.objects.present ? `, ${result.objects.present} already in storage` : ''}`,
    ...result.notes.map((note) => `note: ${note}`),
  ];
  if (result.problems.length > 0) lines.push('the restore would be refused:', ...result.problems.map((p) => `  ${p}`));
  if (result.dryRun) lines.push('Nothing was written.');
  else lines.push(`Its history shows it restored from ${result.backup.name}.`);
  return lines.join('\n');
}
