// `npm run restore -- <backup folder> [--dry-run]`: restores a backup into the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR) and storage, which must be empty. Checks every
// file's checksum first. See src/server/backup/README.md.
// `npm run restore -- <backup folder> --asset AST-000123 [--as <username>] [--dry-run]`: restores one
// deleted asset (and what hangs off it) into the live register instead; the app may be running.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { resolveSecret } from '../src/server/secrets';
import { createStorage } from '../src/server/storage';
import { BackupBusy, localFolderTarget, restoreAsset, restoreBackup, RestoreRefused, type AssetRestoreResult } from '../src/server/backup/backup';
import { openConfiguredDatabase } from '../src/server/backup/configured-database';
import { formatBytes } from '../src/server/backup/format';

const usage = 'usage: npm run restore -- <backup folder> [--dry-run]\n       npm run restore -- <backup folder> --asset AST-000123 [--as <username>] [--dry-run]';
let args;
try {
  args = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false }, asset: { type: 'string' }, as: { type: 'string' } } });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const [folder] = args.positionals;
if (!folder || args.positionals.length > 1) {
  console.error(usage);
  process.exit(2);
}
const backupDir = path.resolve(folder.replace(/\/+$/, ''));
if (!fs.existsSync(backupDir)) {
  console.error(`${backupDir} does not exist. Backups are folders such as DATA_DIR/backups/2026-11-27T021500Z.`);
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
const database = await openConfiguredDatabase(config, (m) => console.log(m));
let exitCode = 0;
if (asset) {
  try {
    console.log(`${dryRun ? 'dry run: checking' : 'restoring'} ${asset} from ${backupDir} into ${database.how}`);
    const result = await restoreAsset({
      databaseUrl: database.url,
      storage: await createStorage(config),
      target: localFolderTarget(path.dirname(backupDir)),
      name: path.basename(backupDir),
      asset,
      actor: args.values.as,
      dryRun,
      log: (m) => console.log(m),
    });
    console.log(describeAssetRestore(result));
    if (result.problems.length > 0) exitCode = 1;
  } catch (err) {
    exitCode = 1;
    console.error(err instanceof RestoreRefused || err instanceof BackupBusy ? `restore refused: ${err.message}` : `restore failed: ${(err as Error).message}`);
  } finally {
    await database.close();
  }
  process.exit(exitCode);
}
try {
  console.log(`${dryRun ? 'dry run: checking' : 'restoring'} ${backupDir} into ${database.how}`);
  const result = await restoreBackup({
    databaseUrl: database.url,
    storage: await createStorage(config),
    target: localFolderTarget(path.dirname(backupDir)),
    name: path.basename(backupDir),
    dryRun,
    secret: resolveSecret(config.sessionSecret, config.dataDir),
    log: (m) => console.log(m),
  });
  const what =
    `${result.tables} tables, ${result.rows.toLocaleString('en-GB')} rows, ` +
    `${result.objects.toLocaleString('en-GB')} objects (${formatBytes(result.objectBytes)})`;
  if (dryRun) {
    console.log(
      `\ndry run: the backup is whole and this database is empty (migration ${result.before.level.count}). A restore would:\n` +
        `  build the schema up to migration ${result.manifest.migrations.count} (${result.manifest.migrations.last?.tag ?? 'none'}),\n` +
        `  load ${what},\n  then apply this app's later migrations. Nothing was written.`,
    );
  } else {
    console.log(`\nrestored ${what}. Everyone signs in again (sessions are not in a backup). Start the app with npm start.`);
  }
  if (result.manifest.objects.missing.length > 0) {
    console.warn(`note: ${result.manifest.objects.missing.length} files were already missing when the backup was taken (listed in its manifest).`);
  }
} catch (err) {
  exitCode = 1;
  console.error(err instanceof RestoreRefused || err instanceof BackupBusy ? `restore refused: ${err.message}` : `restore failed: ${(err as Error).message}`);
} finally {
  await database.close();
}
process.exit(exitCode);

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
