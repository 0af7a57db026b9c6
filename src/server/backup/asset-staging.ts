import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ASSET_TABLES, type AssetInBackup, type AssetTable } from './asset-records';
import { backedUpTables, columnList, quoteIdent } from './catalog';
import type { Manifest } from './manifest';
import { RestoreRefused } from './verify-backup';

/**
 * The asset's rows from the backup, loaded into temporary tables shaped like the live ones
 * (`pg_temp.restore_<table>`, gone at the end of the transaction), so the checks and the copy into
 * the register are plain SQL between the two.
 */
export const staged = (table: string) => `pg_temp.${quoteIdent(`restore_${table}`)}`;

/** Each involved table's columns, the same in the backup and the live register (in the backup's order). */
export type AssetColumns = Partial<Record<AssetTable, string[]>>;

/**
 * The backup's columns of each table involved must be the live table's: rows of an older schema
 * would miss what a later migration filled in (and a newer one is not this app's). A table the
 * backup lacks has none of the asset's rows. Refuses naming every table that differs.
 */
export async function matchingColumns(client: pg.ClientBase, manifest: Manifest, liveLevel: number): Promise<AssetColumns> {
  const live = new Map((await backedUpTables(client)).map((t) => [t.name, t.columns]));
  const backup = new Map(manifest.tables.map((t) => [t.name, t.columns]));
  const columns: AssetColumns = {};
  const differences: string[] = [];
  for (const table of ASSET_TABLES) {
    const inBackup = backup.get(table);
    const inLive = live.get(table);
    if (!inBackup) continue;
    if (!inLive) {
      differences.push(`${table}: not in the register`);
      continue;
    }
    const missing = inBackup.filter((c) => !inLive.includes(c));
    const extra = inLive.filter((c) => !inBackup.includes(c));
    if (missing.length > 0 || extra.length > 0) {
      differences.push(
        `${table}: ${[missing.length > 0 ? `the register has no ${missing.join(', ')}` : '', extra.length > 0 ? `the backup has no ${extra.join(', ')}` : ''].filter(Boolean).join('; ')}`,
      );
      continue;
    }
    columns[table] = inBackup;
  }
  if (differences.length > 0) {
    throw new RestoreRefused(
      `The backup was made at migration ${manifest.migrations.count} (${manifest.migrations.last?.tag ?? 'none'}), the register is at ${liveLevel}, ` +
        `and the asset's tables have changed since:\n${differences.map((d) => `  ${d}`).join('\n')}\n` +
        'Its rows cannot be put back as they are. Restore the asset from a backup made since the register was last upgraded, ' +
        'or restore the whole backup into a new database to look the asset up there.',
    );
  }
  return columns;
}

/** Creates the temporary tables and loads the asset's rows into them. */
export async function stageAssetRecords(client: pg.ClientBase, columns: AssetColumns, found: AssetInBackup): Promise<void> {
  for (const table of ASSET_TABLES) {
    // LIKE takes the columns and NOT NULL only: no defaults, keys or triggers; a generated column is a plain one.
    await client.query(`CREATE TEMP TABLE ${quoteIdent(`restore_${table}`)} (LIKE public.${quoteIdent(table)}) ON COMMIT DROP`);
    const list = columns[table];
    const rows = found.rows[table];
    if (!list || rows.length === 0) continue;
    await pipeline(
      Readable.from(rows.map((row) => `${row.line}\n`)),
      client.query(copyFrom(`COPY ${staged(table)} (${columnList(list)}) FROM STDIN`)),
    );
  }
}

/** A single-column foreign key from one of the asset's tables, as the catalog has it. */
export interface ForeignKey {
  table: AssetTable;
  column: string;
  references: string;
  referencedColumn: string;
  /** ON DELETE SET NULL on a nullable column: a record gone since is left out, as deleting it would have. */
  setNull: boolean;
}

export async function foreignKeys(client: pg.ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<{ table: AssetTable; column: string; references: string; referenced_column: string; set_null: boolean }>(
    `SELECT t.relname AS table, a.attname AS column, r.relname AS references, ra.attname AS referenced_column,
            (c.confdeltype = 'n' AND NOT a.attnotnull) AS set_null
     FROM pg_constraint c
     JOIN pg_class t ON t.oid = c.conrelid
     JOIN pg_class r ON r.oid = c.confrelid
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
     WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace AND cardinality(c.conkey) = 1 AND t.relname = ANY($1::text[])
     ORDER BY 1, 2`,
    [[...ASSET_TABLES]],
  );
  return rows.map((r) => ({ table: r.table, column: r.column, references: r.references, referencedColumn: r.referenced_column, setNull: r.set_null }));
}

/** Whether the value `s.<column>` names a record that is live, or is among the staged rows. */
export function referenceExists(key: ForeignKey): string {
  const { column, references, referencedColumn } = key;
  const live = `EXISTS (SELECT 1 FROM public.${quoteIdent(references)} r WHERE r.${quoteIdent(referencedColumn)} = s.${quoteIdent(column)})`;
  const isStaged = (ASSET_TABLES as readonly string[]).includes(references);
  return isStaged ? `(${live} OR EXISTS (SELECT 1 FROM ${staged(references)} r WHERE r.${quoteIdent(referencedColumn)} = s.${quoteIdent(column)}))` : live;
}

/**
 * Copies the staged rows into the register, parents first. Values the register keeps as copies of
 * other records are taken from the register (the asset's location path, in case the location was
 * renamed since; the actions' copies of their asset's code and place are set by their trigger),
 * and a link to a record gone since, where its foreign key says SET NULL, is left empty.
 */
export async function insertAssetRecords(client: pg.ClientBase, columns: AssetColumns, keys: ForeignKey[]): Promise<Partial<Record<AssetTable, number>>> {
  const inserted: Partial<Record<AssetTable, number>> = {};
  for (const table of ASSET_TABLES) {
    const list = columns[table];
    if (!list) continue;
    const values = list.map((column) => {
      if (table === 'assets' && column === 'location_path') return `coalesce((SELECT l.path FROM public.locations l WHERE l.id = s.location_id), s.location_path)`;
      const key = keys.find((k) => k.table === table && k.column === column && k.setNull);
      return key ? `CASE WHEN ${referenceExists(key)} THEN s.${quoteIdent(column)} END` : `s.${quoteIdent(column)}`;
    });
    const conflict = table === 'compliance_reminders' ? ' ON CONFLICT DO NOTHING' : '';
    const result = await client.query(`INSERT INTO public.${quoteIdent(table)} (${columnList(list)}) SELECT ${values.join(', ')} FROM ${staged(table)} s${conflict}`);
    inserted[table] = result.rowCount ?? 0;
  }
  return inserted;
}
