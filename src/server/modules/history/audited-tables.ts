import { getTableColumns, getTableName } from 'drizzle-orm';
import { RESOURCES } from '../../resources';
import type { AuditedTable, ReferenceKind } from '../../resource';

export type { ReferenceKind };

/**
 * The tables with an audit trigger (db/sql/audit.sql), by table name (audit_log.entity), as the
 * resources declare them (`audited` in each `*.resource.ts`).
 */
const AUDITED: Map<string, AuditedTable> = new Map(
  RESOURCES.flatMap((resource) => resource.audited ?? []).map((audited) => [getTableName(audited.table), audited]),
);

/** The audited tables' names (audit_log.entity values), in the resources' order. */
export const AUDITED_TABLE_NAMES: readonly string[] = [...AUDITED.keys()];

/**
 * Columns no one reads as a change: ids and times the database sets, copies kept in step with other
 * records (paths, photo URLs, a meter's latest reading), storage keys, the idempotency key, and the
 * author columns (the entry's actor already says who).
 */
export const HIDDEN_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'search_text',
  'path',
  'ancestor_ids',
  'place_ids',
  'location_path',
  'asset_code',
  'photo_urls',
  'last_reading',
  'last_reading_date',
  'object_key',
  'thumbnail_key',
  'url',
  'client_asset_id',
  'created_by',
  'assessed_by',
  'uploaded_by',
  'recorded_by',
  'recorded_by_id',
  // An obligation's copies of its counting inspection and of when its status next changes.
  'last_inspection_id',
  'last_certificate_number',
  'status_changes_on',
  'remedial_action_open',
] as const;

export interface ColumnInfo {
  /** The API's name for the column (the Drizzle property, e.g. conditionNotes). */
  field: string;
  /** Position in the table definition, so changes list in the order the forms show them. */
  position: number;
}

export interface AuditedTableInfo extends Omit<AuditedTable, 'table'> {
  columns: Map<string, ColumnInfo>;
}

const INFO = new Map<string, AuditedTableInfo>(
  [...AUDITED].map(([name, { table, ...rest }]) => {
    const columns = new Map<string, ColumnInfo>(
      Object.entries(getTableColumns(table)).map(([field, column], position) => [column.name, { field, position }]),
    );
    return [name, { ...rest, columns }];
  }),
);

/** What the history knows about an audited table; undefined for a table it does not follow. */
export function auditedTable(name: string): AuditedTableInfo | undefined {
  return INFO.get(name);
}
