// `npm run backup`: a backup of the register (database rows and stored files) into BACKUP_DIR
// (default DATA_DIR/backups; or s3://bucket/prefix), with the same settings as `npm start`. Safe
// while the app runs: one read-only snapshot, nobody is blocked. See src/server/backup/README.md.
import fs from 'node:fs';
import { loadConfig } from '../src/server/config';
import { createStorage } from '../src/server/storage';
import { BackupBusy, configuredBackupTarget, createBackup } from '../src/server/backup/backup';
import { openConfiguredDatabase } from '../src/server/backup/configured-database';
import { formatBytes } from '../src/server/backup/format';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const database = await openConfiguredDatabase(config, (m) => console.log(m));
let exitCode = 0;
try {
  const target = await configuredBackupTarget(config, config.backupTarget);
  console.log(`backing up ${database.how} into ${target.location}`);
  const result = await createBackup({
    databaseUrl: database.url,
    databaseKind: database.kind,
    storage: await createStorage(config),
    target,
    log: (m) => console.log(m),
  });
  const { manifest } = result;
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `\nwrote ${result.location}\n` +
      `  ${manifest.tables.length} tables, ${rows.toLocaleString('en-GB')} rows (migration ${manifest.migrations.count}, ${manifest.migrations.last?.tag ?? 'none'})\n` +
      `  ${manifest.objects.count.toLocaleString('en-GB')} objects, ${formatBytes(manifest.objects.bytes)}\n` +
      `  ${formatBytes(result.storedBytes)} on disk, ${(manifest.durationMs / 1000).toFixed(1)} s`,
  );
  if (manifest.objects.missing.length > 0) {
    console.warn(`\nwarning: ${manifest.objects.missing.length} files the database names were not in storage (listed in the manifest as missing):`);
    for (const m of manifest.objects.missing.slice(0, 20)) console.warn(`  ${m.key} (${m.table}.${m.column})`);
  }
} catch (err) {
  exitCode = 1;
  console.error(err instanceof BackupBusy ? err.message : `backup failed: ${(err as Error).message}`);
} finally {
  await database.close();
}
process.exit(exitCode);
