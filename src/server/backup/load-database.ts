import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { backedUpTables, columnList, quoteIdent } from './catalog';
import { Measure } from './checksum';
import type { Manifest, MigrationLevel } from './manifest';
import { databaseMigrationLevel } from './migration-level';
import type { BackupTarget } from './target';
import { RestoreRefused } from './verify-backup';

/**
 * Tables a fresh install fills by itself or that hold nothing of the register: their rows do not
 * make a database "not empty" (the first start seeds the regime catalogue and the settings row; a
 * failed sign-in on the new install is noted). The restore replaces them with the backup's.
 */
const FILLED_BY_A_FRESH_INSTALL = new Set(['compliance_regimes', 'organisation_settings', 'login_failures']);
/** The audit trail of a fresh install records the seeding of those tables: only other entries count. */
const COUNTED_ROWS: Record<string, string> = {
  audit_log: `entity NOT IN (${[...FILLED_BY_A_FRESH_INSTALL].map((t) => `'${t}'`).join(', ')})`,
};

export interface TargetDatabaseState {
  level: MigrationLevel;
  /** The register's tables that hold rows (with how many), empty for an empty database. */
  tablesWithRows: Array<{ table: string; rows: number }>;
}

export async function targetDatabaseState(client: pg.ClientBase): Promise<TargetDatabaseState> {
  const level = await databaseMigrationLevel(client);
  const tablesWithRows: TargetDatabaseState['tablesWithRows'] = [];
  for (const { name } of await backedUpTables(client)) {
    if (FILLED_BY_A_FRESH_INSTALL.has(name)) continue;
    const where = COUNTED_ROWS[name] ? ` WHERE ${COUNTED_ROWS[name]}` : '';
    const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quoteIdent(name)}${where}`);
    const n = Number(rows[0]!.n);
    if (n > 0) tablesWithRows.push({ table: name, rows: n });
  }
  return { level, tablesWithRows };
}

/** Refuses a database that holds records, or whose schema is past the backup's. */
export function refuseUnsuitableTarget(state: TargetDatabaseState, manifest: Manifest, where: string): void {
  if (state.tablesWithRows.length > 0) {
    const list = state.tablesWithRows.slice(0, 8).map((t) => `${t.table} (${t.rows})`).join(', ');
    throw new RestoreRefused(
      `The database ${where} already holds records: ${list}${state.tablesWithRows.length > 8 ? ', …' : ''}. ` +
        'A restore only goes into an empty database, so nothing is overwritten. Restore into a new database ' +
        '(embedded: stop the app and move DATA_DIR aside, or point DATA_DIR at a new folder; server: createdb a new database and point DATABASE_URL at it).',
    );
  }
  if (state.level.count > manifest.migrations.count) {
    throw new RestoreRefused(
      `The database ${where} is empty but already migrated past the backup (migration ${state.level.count}, the backup is at ${manifest.migrations.count}). ` +
        'Its rows must be loaded into the schema they were taken from, before the later migrations run: restore into a new, never-started database ' +
        '(embedded: a new DATA_DIR; server: a new database from createdb).',
    );
  }
}

/**
 * Loads every table of the backup in one transaction, with triggers and foreign-key checks off
 * (`session_replication_role = replica`): the audit trail and the counts the triggers keep are in
 * the backup already and must not be written twice, and the tables load in any order. Each file is
 * checked against its checksum again as it streams in, every table's row count afterwards, and the
 * sequences are set where the backup's were. Anything wrong rolls the whole load back.
 */
export async function loadTables(client: pg.Client, target: BackupTarget, name: string, manifest: Manifest, log: (m: string) => void): Promise<number> {
  await client.query('BEGIN');
  try {
    try {
      await client.query('SET LOCAL session_replication_role = replica');
    } catch (err) {
      throw new RestoreRefused(
        `The database role may not switch triggers off for the load (${(err as Error).message}). ` +
          'Run the restore with a superuser in DATABASE_URL (the embedded database always is one).',
        { cause: err },
      );
    }
    const present = new Map((await backedUpTables(client)).map((t) => [t.name, t.columns]));
    for (const table of manifest.tables) {
      const columns = present.get(table.name);
      if (!columns) throw new RestoreRefused(`The rebuilt schema has no table ${table.name}, which the backup holds: the backup does not match its migration level.`);
      const extra = columns.filter((c) => !table.columns.includes(c));
      const unknown = table.columns.filter((c) => !columns.includes(c));
      if (unknown.length > 0) throw new RestoreRefused(`The rebuilt table ${table.name} has no column ${unknown.join(', ')}, which the backup holds.`);
      if (extra.length > 0) log(`  ${table.name}: columns ${extra.join(', ')} are not in the backup and take their defaults`);
    }
    // A database the app has already started holds its seeded catalogue and settings: replace them.
    const tables = [...present.keys()];
    if (tables.length > 0) await client.query(`TRUNCATE ${tables.map(quoteIdent).join(', ')} CASCADE`);

    let rows = 0;
    for (const table of manifest.tables) {
      const measure = new Measure();
      const copy = client.query(copyFrom(`COPY ${quoteIdent(table.name)} (${columnList(table.columns)}) FROM STDIN`));
      await pipeline(await target.read(`${name}/${table.file}`), zlib.createGunzip(), measure, copy);
      if (measure.sha256 !== table.sha256) throw new RestoreRefused(`${table.file} changed while it was being restored; nothing was restored.`);
      const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quoteIdent(table.name)}`);
      if (Number(counted[0]!.n) !== table.rows) {
        throw new RestoreRefused(`${table.name} holds ${counted[0]!.n} rows after loading, the backup has ${table.rows}; nothing was restored.`);
      }
      rows += table.rows;
      log(`  ${table.name}: ${table.rows} rows`);
    }
    for (const sequence of manifest.sequences) {
      const { rows: found } = await client.query<{ ok: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS ok`, [quoteIdent(sequence.name)]);
      if (!found[0]!.ok) {
        log(`  sequence ${sequence.name} is not in the rebuilt schema; skipped`);
        continue;
      }
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [quoteIdent(sequence.name), sequence.lastValue, sequence.isCalled]);
    }
    await client.query('COMMIT');
    return rows;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
