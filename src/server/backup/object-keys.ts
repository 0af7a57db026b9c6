import type pg from 'pg';
import { quoteIdent } from './catalog';

/**
 * The columns that hold an object storage key: a backup copies every object they name. A test
 * (object-keys.test.ts) holds this list to the catalog: every text column named `key` or `…_key` is
 * either here or in NOT_OBJECT_KEYS with the reason, so a new file-holding column cannot be missed.
 */
export const OBJECT_KEY_COLUMNS = [
  { table: 'media', column: 'object_key' },
  { table: 'media', column: 'thumbnail_key' },
  { table: 'report_exports', column: 'object_key' },
] as const;

export const NOT_OBJECT_KEYS: Record<string, string> = {
  'compliance_regimes.key': 'the regime’s catalogue key (gas_safety…), not a file',
  'idempotency_keys.key': 'a device’s Idempotency-Key header value (ADR 028), not a file',
  'login_failures.username_key': 'the throttled username, not a file',
  'imports.new_locations_key': 'a digest of the locations an import would create, which the commit must be approved for (ADR 029), not a file',
  // An upload becomes a media row (object_key above) when recorded; one never recorded is deleted by
  // the uploads' clean-up after UPLOAD_CLEANUP_GRACE_HOURS, so it is not worth restoring.
  'upload_grants.key': 'issued upload keys: recorded ones are media.object_key; the rest are deleted by the clean-up',
};

/** One SELECT of every distinct key with the first column naming it, for COPY to a file. */
export function objectKeysQuery(): string {
  const parts = OBJECT_KEY_COLUMNS.map(
    ({ table, column }) =>
      `SELECT ${quoteIdent(column)} AS key, '${table}' AS tbl, '${column}' AS col FROM ${quoteIdent(table)} WHERE ${quoteIdent(column)} IS NOT NULL`,
  );
  return `SELECT DISTINCT ON (key) key, tbl, col FROM (${parts.join(' UNION ALL ')}) k ORDER BY key`;
}

/** The text columns that look like keys, `table.column`, for the test above. */
export async function keyLikeColumns(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT table_name || '.' || column_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type = 'text' AND (column_name = 'key' OR column_name LIKE '%\\_key')
    ORDER BY 1`);
  return rows.map((r) => r.name);
}
