import type pg from 'pg';
import type { SequenceEntry } from './manifest';

/**
 * The tables and sequences a backup holds, read from PostgreSQL's catalog (never from a hand-kept
 * list, so a table a migration adds is in the next backup without anyone remembering it).
 *
 * Left out: `sessions` (a restore signs everyone out: a session is a live credential, not register
 * data), `backup_runs` (the backups this installation took: a restored install starts its own
 * history, and a snapshot would hold the very run taking it as still running) and drizzle's
 * migrations table (in its own `drizzle` schema; the manifest records its level).
 */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set(['sessions', 'backup_runs', '__drizzle_migrations']);

export interface CatalogTable {
  name: string;
  /** Stored columns in order; generated columns are left out (PostgreSQL computes them on load). */
  columns: string[];
}

export async function backedUpTables(client: pg.ClientBase): Promise<CatalogTable[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    GROUP BY c.relname
    ORDER BY c.relname`);
  return rows.filter((t) => !EXCLUDED_TABLES.has(t.name));
}

/**
 * Every sequence of the schema (serial/identity columns such as audit_log.id, and the code
 * sequences behind AST-000001, ACT-…, ASM-…) with its current position. Sequences are not
 * transactional: the value read is at or past every value the snapshot's rows hold, so restoring it
 * never hands out a number twice.
 */
export async function sequencePositions(client: pg.ClientBase): Promise<SequenceEntry[]> {
  const { rows: names } = await client.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`);
  const positions: SequenceEntry[] = [];
  for (const { name } of names) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${quoteIdent(name)}`);
    positions.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }
  return positions;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const columnList = (columns: readonly string[]) => columns.map(quoteIdent).join(', ');
