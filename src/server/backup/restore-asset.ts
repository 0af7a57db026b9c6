import type pg from 'pg';
import type { ObjectStorage } from '../storage';
import { checkAgainstRegister, type AssetFindings, type NameLookup } from './asset-checks';
import { copyObjects, planObjects, removeObjects } from './asset-objects';
import { ASSET_TABLES, findAssetInBackup, type AssetTable } from './asset-records';
import { foreignKeys, insertAssetRecords, matchingColumns, stageAssetRecords, staged, type AssetColumns } from './asset-staging';
import { readBackupRows } from './backup-rows';
import { quoteIdent } from './catalog';
import type { Manifest } from './manifest';
import { databaseMigrationLevel } from './migration-level';
import { closeBackupSession, openBackupSession } from './session';
import type { BackupTarget } from './target';
import { readManifest, RestoreRefused } from './verify-backup';

export interface AssetRestoreOptions {
  /** The live database, as the tables' owner (the audit trigger is set aside for the copy). */
  databaseUrl: string;
  /** The app's object storage, which gets the asset's files back. */
  storage: ObjectStorage;
  target: BackupTarget;
  /** The backup (its folder name in the target). */
  name: string;
  /** The asset's code (AST-000123) or id. */
  asset: string;
  /** Username recorded as having restored it; none: the history says System. */
  actor?: string;
  /** Check everything and say what would be restored; write nothing. */
  dryRun?: boolean;
  log?: (message: string) => void;
}

export interface AssetRestoreResult {
  dryRun: boolean;
  backup: { name: string; createdAt: string };
  asset: { id: string; code: string; locationPath: string };
  /** Rows restored (or, in a dry run, to restore) by table. */
  rows: Partial<Record<AssetTable, number>>;
  alreadyPresent: AssetFindings['alreadyPresent'];
  objects: { count: number; bytes: number; present: number; notInBackup: string[] };
  notes: string[];
  /** What stops the restore; a restore with any throws RestoreRefused, a dry run lists them here. */
  problems: string[];
}

/**
 * Restores one deleted asset, with everything that hangs off it, from a backup into the live
 * register, leaving the rest of the register as it is now. The app may be running.
 *
 * 1. The backup's manifest is read; its columns of the tables involved must be the register's.
 * 2. The asset's records are read from the backup (asset-records.ts says which), each table file
 *    checked against its checksum, and staged in temporary tables.
 * 3. They are checked against the register (asset-checks.ts); any problem refuses the restore and
 *    a dry run lists them all.
 * 4. Its files are copied into storage (checked against their SHA-256), then in one transaction the
 *    rows go in with the audit trigger set aside (its own history comes back from the backup
 *    instead, with one entry saying it was restored) and every other trigger running, so the
 *    dashboard, location and compliance counts and the search vocabulary include it again. If the
 *    transaction fails, the files copied are removed again.
 */
export async function restoreAsset(options: AssetRestoreOptions): Promise<AssetRestoreResult> {
  const log = options.log ?? (() => {});
  const { target, name, storage } = options;
  const manifest = await readManifest(target, name);
  const client = await openBackupSession(options.databaseUrl, 'restore');
  try {
    const level = await databaseMigrationLevel(client);
    if (level.count < manifest.migrations.count) {
      throw new RestoreRefused(
        `The register's database is at migration ${level.count}, the backup at ${manifest.migrations.count}: start the app once (it brings the database up to date), then restore the asset.`,
      );
    }
    const columns = await matchingColumns(client, manifest, level.count);
    const found = await findAssetInBackup(target, name, manifest, options.asset);
    if (!found) {
      throw new RestoreRefused(
        `${options.asset} is not in the backup ${name} (made ${manifest.createdAt}): it was added after that backup, or the code is mistyped. Choose a later backup.`,
      );
    }
    log(`found ${found.code} at ${found.locationPath} in backup ${name}`);
    const actorId = options.actor ? await userId(client, options.actor) : null;

    await client.query('BEGIN');
    let written: string[] = [];
    try {
      await stageAssetRecords(client, columns, found);
      const keys = await foreignKeys(client);
      const nameOf = backupNames(target, name, manifest);
      const findings = await checkAgainstRegister(client, found, keys, nameOf);
      const objectKeys = await stagedObjectKeys(client);
      const plan = await planObjects(target, name, manifest, storage, objectKeys);
      for (const key of plan.differing) findings.problems.push(`storage holds a different file under ${key} than the backup: move it aside first, so it is not overwritten.`);
      if (plan.notInBackup.length > 0) findings.notes.push(`${plan.notInBackup.length} file(s) were already missing when the backup was taken: ${plan.notInBackup.join(', ')}`);

      const result: AssetRestoreResult = {
        dryRun: Boolean(options.dryRun),
        backup: { name, createdAt: manifest.createdAt },
        asset: { id: found.id, code: found.code, locationPath: found.locationPath },
        rows: await stagedCounts(client, columns),
        alreadyPresent: findings.alreadyPresent,
        objects: { count: plan.toCopy.length, bytes: plan.toCopy.reduce((n, e) => n + e.size, 0), present: plan.present.length, notInBackup: plan.notInBackup },
        notes: findings.notes,
        problems: findings.problems,
      };
      if (options.dryRun || findings.problems.length > 0) {
        await client.query('ROLLBACK');
        if (options.dryRun) return result;
        throw new RestoreRefused(`${found.code} cannot be restored from ${name}; nothing was changed:\n${findings.problems.map((p) => `  ${p}`).join('\n')}`);
      }

      written = await copyObjects(target, name, storage, plan.toCopy);
      log(`copied ${written.length} file(s) into storage`);
      await withoutAuditTrigger(client, async () => {
        // The register may have changed while the files were copied; the tables are locked now.
        const again = await checkAgainstRegister(client, found, keys, nameOf);
        if (again.problems.length > 0) throw new RestoreRefused(`${found.code} cannot be restored from ${name}; nothing was changed:\n${again.problems.map((p) => `  ${p}`).join('\n')}`);
        result.rows = await insertAssetRecords(client, columns, keys);
      });
      await keepCodeSequencesAhead(client);
      await recordRestore(client, found.id, name, actorId);
      await client.query('COMMIT');
      log(`restored ${found.code}: ${describeRows(result.rows)}`);
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      await removeObjects(storage, written);
      if (err instanceof RestoreRefused) throw err;
      throw new Error(`Restoring ${options.asset} failed: ${(err as Error).message}. Nothing was changed (the rows go in one transaction; files copied for it were removed again).`, {
        cause: err,
      });
    }
  } finally {
    await closeBackupSession(client);
  }
}

export const describeRows = (rows: Partial<Record<string, number>>) =>
  Object.entries(rows)
    .filter(([, n]) => n)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ') || 'no rows';

async function userId(client: pg.ClientBase, username: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM public.users WHERE lower(username) = lower($1)`, [username]);
  if (!rows[0]) throw new RestoreRefused(`There is no user ${username} in the register to record as having restored the asset. Give an existing username with --as, or leave it out (the history then says System).`);
  return rows[0].id;
}

/** How the backup called a record (a location by its path, a person by name), for messages. */
function backupNames(target: BackupTarget, name: string, manifest: Manifest): NameLookup {
  const label: Record<string, (get: (c: string) => string | null) => string | null> = {
    locations: (get) => get('path'),
    users: (get) => `${get('full_name')} (${get('username')})`,
    compliance_regimes: (get) => get('name'),
  };
  return async (table, ids) => {
    const entry = manifest.tables.find((t) => t.name === table);
    const describe = label[table];
    if (!entry || !describe) return new Map();
    const wanted = new Set(ids);
    const rows = await readBackupRows(target, name, entry, (row) => wanted.has(row.get('id') ?? ''));
    return new Map(rows.map((row) => [row.get('id')!, describe((c) => row.get(c)) ?? row.get('id')!]));
  };
}

async function stagedObjectKeys(client: pg.ClientBase): Promise<Set<string>> {
  const { rows } = await client.query<{ key: string }>(
    `SELECT object_key AS key FROM ${staged('media')} WHERE object_key IS NOT NULL UNION SELECT thumbnail_key FROM ${staged('media')} WHERE thumbnail_key IS NOT NULL`,
  );
  return new Set(rows.map((r) => r.key));
}

async function stagedCounts(client: pg.ClientBase, columns: AssetColumns): Promise<Partial<Record<AssetTable, number>>> {
  const counts: Partial<Record<AssetTable, number>> = {};
  for (const table of ASSET_TABLES) {
    if (!columns[table]) continue;
    const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${staged(table)}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/**
 * Runs `work` with the audit triggers of the asset's tables disabled for this transaction only:
 * the rows going back are not new records made by nobody, and their history comes from the backup.
 * The other triggers (counts, search words, the actions' copy of their asset's code) run as for any
 * write. ALTER TABLE … DISABLE TRIGGER is transactional and locks the tables against writes (not
 * reads) until the commit, so no other writer ever goes unaudited; the locks are taken together,
 * in one order, up front.
 */
async function withoutAuditTrigger(client: pg.ClientBase, work: () => Promise<void>): Promise<void> {
  const { rows: triggers } = await client.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t
     JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE NOT t.tgisinternal AND p.proname = 'audit_record_change' AND c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1::text[])
     ORDER BY 1`,
    [[...ASSET_TABLES]],
  );
  const alter = (trigger: { table: string; trigger: string }, how: 'DISABLE' | 'ENABLE') =>
    client.query(`ALTER TABLE public.${quoteIdent(trigger.table)} ${how} TRIGGER ${quoteIdent(trigger.trigger)}`);
  try {
    await client.query(`LOCK TABLE ${triggers.map((t) => `public.${quoteIdent(t.table)}`).join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
    for (const trigger of triggers) await alter(trigger, 'DISABLE');
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '42501') {
      throw new RestoreRefused(
        `The database role may not set the audit trigger aside (${(err as Error).message}). Run the restore as the tables' owner: the embedded database's postgres, or the DATABASE_URL you migrate with.`,
        { cause: err },
      );
    }
    if (code === '55P03') throw new RestoreRefused('The register was too busy to lock its asset tables for the restore (a long write held them for 30 s); nothing was changed. Try again.', { cause: err });
    throw err;
  }
  await work();
  for (const trigger of triggers) await alter(trigger, 'ENABLE');
}

/** The sequences behind the codes, and the prefix of the codes they make. */
const CODE_SEQUENCES = [
  { table: 'assets', column: 'asset_id', prefix: 'AST-', sequence: 'asset_code_seq' },
  { table: 'assessments', column: 'assessment_id', prefix: 'ASM-', sequence: 'assessment_code_seq' },
  { table: 'actions', column: 'action_id', prefix: 'ACT-', sequence: 'action_code_seq' },
] as const;

/**
 * A register restored whole from an older backup has its code sequences behind the asset's codes:
 * moved past them, so the next asset, assessment or action made never gets a code restored here.
 * A sequence already past them is left alone.
 */
async function keepCodeSequencesAhead(client: pg.ClientBase): Promise<void> {
  for (const { table, column, prefix, sequence } of CODE_SEQUENCES) {
    await client.query(
      `SELECT setval('public.${sequence}', m) FROM (
         SELECT max(substr(${quoteIdent(column)}, ${prefix.length + 1})::bigint) AS m FROM ${staged(table)} WHERE ${quoteIdent(column)} ~ '^${prefix}[0-9]{1,18}$'
       ) AS restored, public.${sequence} AS s
       WHERE restored.m > s.last_value`,
    );
  }
}

/** The one new history entry: the asset as it came back, from which backup, and who restored it (null: System). */
async function recordRestore(client: pg.ClientBase, assetId: string, backup: string, actorId: string | null): Promise<void> {
  await client.query(
    `INSERT INTO public.audit_log (actor_id, entity, entity_id, asset_id, operation, before, after)
     SELECT $3::uuid, 'assets', a.id, a.id, 'create', NULL, (to_jsonb(a) - 'search_text') || jsonb_build_object('restored_from_backup', $2::text)
     FROM public.assets a WHERE a.id = $1`,
    [assetId, backup, actorId],
  );
}
