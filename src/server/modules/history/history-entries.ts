import type { HistoryChange, HistoryEntry, HistoryOperation } from '../../../shared/contract/history';
import { auditedTable, HIDDEN_COLUMNS, type AuditedTableInfo, type ReferenceKind } from './audited-tables';

/** One audit_log row with its author's name. */
export interface AuditRow {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  entity: string;
  entityId: string;
  operation: HistoryOperation;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  importId: string | null;
}

interface ColumnChange {
  column: string;
  before: unknown;
  after: unknown;
}

/** Names of referenced records, keyed by `referenceKey(kind, id)`. */
export type ReferenceNames = Map<string, string>;
export const referenceKey = (kind: ReferenceKind, id: string) => `${kind}:${id}`;

const hidden = new Set<string>(HIDDEN_COLUMNS);

const isBlank = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

const snakeToCamel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The changes worth reading, in the table's column order. A create lists the fields it set and a
 * delete those it had (blank ones left out); a link to the asset whose history this is goes without
 * saying there. An update lists what changed (the trigger already kept only those fields).
 */
function columnChanges(row: AuditRow, table: AuditedTableInfo, historyAssetId: string): ColumnChange[] {
  const columns = new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})]);
  const changes: ColumnChange[] = [];
  for (const column of columns) {
    if (hidden.has(column)) continue;
    const before = row.before?.[column] ?? null;
    const after = row.after?.[column] ?? null;
    if (row.operation !== 'update') {
      const value = row.operation === 'create' ? after : before;
      if (isBlank(value)) continue;
      if (row.entity !== 'assets' && column === 'asset_id' && value === historyAssetId) continue;
    }
    changes.push({ column, before, after });
  }
  const position = (column: string) => table.columns.get(column)?.position ?? Number.MAX_SAFE_INTEGER;
  return changes.sort((a, b) => position(a.column) - position(b.column) || a.column.localeCompare(b.column));
}

/** A record named by what others call it: a table without a subject column (an obligation, by its regime). */
function namedByReference(table: AuditedTableInfo): ReferenceKind | undefined {
  return table.subjectColumn === null ? table.referencedAs?.kind : undefined;
}

/**
 * Every record id the rows' visible changes point at, by kind, to look their names up in one go,
 * with the rows' own records where those are named that way.
 */
export function referencedIds(rows: AuditRow[], historyAssetId: string): Map<ReferenceKind, Set<string>> {
  const ids = new Map<ReferenceKind, Set<string>>();
  const add = (kind: ReferenceKind, id: string) => ids.set(kind, (ids.get(kind) ?? new Set()).add(id));
  for (const row of rows) {
    const table = auditedTable(row.entity);
    if (!table) continue;
    const ownKind = namedByReference(table);
    if (ownKind) add(ownKind, row.entityId);
    for (const change of columnChanges(row, table, historyAssetId)) {
      const kind = table.references[change.column];
      if (!kind) continue;
      for (const value of [change.before, change.after]) {
        if (typeof value === 'string') add(kind, value);
      }
    }
  }
  return ids;
}

/** The name of a record named by what others call it, while it exists. */
function ownName(table: AuditedTableInfo, entityId: string, names: ReferenceNames): string | undefined {
  const kind = namedByReference(table);
  return kind && names.get(referenceKey(kind, entityId));
}

/** The record's code or name from a whole row (a create's `after`, a delete's `before`). */
export function subjectOf(entity: string, wholeRow: Record<string, unknown> | null): string | null {
  const column = auditedTable(entity)?.subjectColumn;
  const value = column ? wholeRow?.[column] : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The API's view of an audit row, or undefined for a table the history does not follow.
 * `subjects` holds, by record id, the code or name of records whose update rows do not carry it.
 */
export function toHistoryEntry(
  row: AuditRow,
  historyAssetId: string,
  names: ReferenceNames,
  subjects: Map<string, string>,
): HistoryEntry | undefined {
  const table = auditedTable(row.entity);
  if (!table) return undefined;
  const nameOf = (column: string, value: unknown) => {
    const kind = table.references[column];
    return kind && typeof value === 'string' ? (names.get(referenceKey(kind, value)) ?? value) : value;
  };
  const changes: HistoryChange[] = columnChanges(row, table, historyAssetId).map(({ column, before, after }) => ({
    field: table.columns.get(column)?.field ?? snakeToCamel(column),
    before: nameOf(column, before),
    after: nameOf(column, after),
  }));
  const wholeRow = row.operation === 'create' ? row.after : row.operation === 'delete' ? row.before : null;
  const renamed = row.operation === 'update' && table.subjectColumn ? subjectOf(row.entity, row.after) : null;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, fullName: row.actorName },
    entity: table.entity,
    entityId: row.entityId,
    operation: row.operation,
    subject: subjectOf(row.entity, wholeRow) ?? renamed ?? subjects.get(row.entityId) ?? ownName(table, row.entityId, names) ?? null,
    changes,
    importId: row.importId,
  };
}
