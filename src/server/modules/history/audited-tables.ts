import { getTableColumns, type Table } from 'drizzle-orm';
import { actions, assessments, assets, defects, locations, media, meterReadings, meters } from '../../db/schema';
import type { HistoryEntity } from '../../../shared/contract/history';

/** Records another record's column can point at; the history shows them by name. */
export type ReferenceKind = 'location' | 'asset' | 'assessment' | 'action' | 'meter';

interface AuditedTable {
  entity: HistoryEntity;
  table: Table;
  /** The column naming a record in a sentence ("Added action ACT-000004"). */
  subjectColumn: string | null;
  /** Columns holding another record's id. */
  references: Record<string, ReferenceKind>;
}

/** The tables with an audit trigger (db/sql/audit.sql), by table name (audit_log.entity). */
const AUDITED: Record<string, AuditedTable> = {
  locations: { entity: 'location', table: locations, subjectColumn: 'name', references: { parent_id: 'location' } },
  assets: { entity: 'asset', table: assets, subjectColumn: 'asset_id', references: { location_id: 'location' } },
  assessments: { entity: 'assessment', table: assessments, subjectColumn: 'assessment_id', references: { asset_id: 'asset' } },
  defects: { entity: 'defect', table: defects, subjectColumn: 'description', references: { assessment_id: 'assessment' } },
  actions: {
    entity: 'action',
    table: actions,
    subjectColumn: 'action_id',
    references: { asset_id: 'asset', assessment_id: 'assessment' },
  },
  media: {
    entity: 'media',
    table: media,
    subjectColumn: 'filename',
    references: { asset_id: 'asset', assessment_id: 'assessment', action_id: 'action' },
  },
  meters: { entity: 'meter', table: meters, subjectColumn: 'meter_number', references: { location_id: 'location' } },
  meter_readings: { entity: 'meter_reading', table: meterReadings, subjectColumn: null, references: { meter_id: 'meter' } },
};

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
  Object.entries(AUDITED).map(([name, { table, ...rest }]) => {
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
