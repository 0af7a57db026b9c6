import readline from 'node:readline';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Measure } from './checksum';
import type { TableEntry } from './manifest';
import type { BackupTarget } from './target';
import { RestoreRefused } from './verify-backup';

/**
 * One row of a table file of a backup, in PostgreSQL's text COPY format: fields split at tabs (a
 * tab inside a value is written `\t`, so a raw tab always separates), `\N` for NULL.
 */
export interface BackupRow {
  /** The line as it is in the file, to load again unchanged. */
  line: string;
  /** A column's value (decoded), or null. */
  get(column: string): string | null;
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** A field's value as COPY's text format encodes it. */
export function copyValue(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
    if (code.startsWith('x') && code.length > 1) return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return ESCAPES[code] ?? code;
  });
}

/**
 * The rows of one table of a backup that `keep` accepts, read as a stream (a table of any size is
 * never held whole), with the file checked against the manifest's SHA-256 as it is read: a damaged
 * file is refused even when the rows wanted came before the damage.
 */
export async function readBackupRows(target: BackupTarget, name: string, table: TableEntry, keep: (row: BackupRow) => boolean): Promise<BackupRow[]> {
  const position = new Map(table.columns.map((column, i) => [column, i]));
  const measure = new Measure();
  const source = await target.read(`${name}/${table.file}`);
  const done = pipeline(source, zlib.createGunzip(), measure);
  const kept: BackupRow[] = [];
  try {
    for await (const line of readline.createInterface({ input: measure, crlfDelay: Infinity })) {
      const fields = line.split('\t');
      const row: BackupRow = {
        line,
        get: (column) => {
          const at = position.get(column);
          if (at === undefined) throw new Error(`${table.name} in the backup has no column ${column}`);
          return copyValue(fields[at] ?? '\\N');
        },
      };
      if (keep(row)) kept.push(row);
    }
    await done;
  } catch (err) {
    throw new RestoreRefused(`${table.file} of the backup cannot be read (${(err as Error).message}): the backup is damaged. Restore from another backup.`, { cause: err });
  }
  if (measure.sha256 !== table.sha256) {
    throw new RestoreRefused(`${table.file} does not match its checksum in the manifest: the backup is damaged. Restore from another backup.`);
  }
  return kept;
}
