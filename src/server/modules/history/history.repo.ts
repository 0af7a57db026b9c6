import { and, desc, eq, getTableColumns, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { assets, auditLog, users } from '../../db/schema';
import type { NamedTable } from '../../resource';
import { RESOURCES } from '../../resources';
import { HIDDEN_COLUMNS, type ReferenceKind } from './audited-tables';
import { referenceKey, subjectOf, type AuditRow, type ReferenceNames } from './history-entries';

/**
 * Where each kind of referenced record keeps the name the history shows for it: `referencedAs` and
 * `named` in the resources, and people (an inspection's performer, an obligation's responsible
 * person) by their full name.
 */
const NAMED_TABLES: NamedTable[] = [
  ...RESOURCES.flatMap((resource) => resource.audited ?? []).flatMap(({ table, referencedAs }) => (referencedAs ? [{ table, ...referencedAs }] : [])),
  ...RESOURCES.flatMap((resource) => resource.named ?? []),
  { kind: 'user', table: users, name: users.fullName },
];
const REFERENCE_NAMES = Object.fromEntries(
  NAMED_TABLES.map(({ kind, table, name }) => [kind, { table, id: getTableColumns(table).id as PgColumn, name }]),
) as Record<ReferenceKind, { table: PgTable; id: PgColumn; name: PgColumn | SQL }>;

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** An update shows only when it changed a field worth reading (not just, say, the photo URL list). */
const worthShowing = sql`(${auditLog.operation} <> 'update' OR EXISTS (
  SELECT 1 FROM jsonb_object_keys(${auditLog.after}) AS changed(field) WHERE changed.field <> ALL (ARRAY[${list(HIDDEN_COLUMNS)}]::text[])
))`;

export function historyRepo(db: Db) {
  return {
    /** The asset's AST-… code, or undefined when there is no such asset. */
    async assetCode(id: string): Promise<string | undefined> {
      const [row] = await db.select({ code: assets.assetId }).from(assets).where(eq(assets.id, id)).limit(1);
      return row?.code;
    },

    /**
     * The asset's audit rows newest first, strictly before `beforeId` when given; `limit + 1` rows so
     * the caller can tell whether another page exists. Served by audit_log_asset_id_id_idx.
     */
    page(assetId: string, limit: number, beforeId: number | undefined): Promise<AuditRow[]> {
      const conditions: (SQL | undefined)[] = [eq(auditLog.assetId, assetId), beforeId === undefined ? undefined : lt(auditLog.id, beforeId), worthShowing];
      return db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorId: auditLog.actorId,
          actorName: users.fullName,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          operation: sql<AuditRow['operation']>`${auditLog.operation}`,
          before: auditLog.before,
          after: auditLog.after,
          importId: auditLog.importId,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(...conditions))
        .orderBy(desc(auditLog.id))
        .limit(limit + 1);
    },

    /**
     * Codes or names of records, from the whole row their create (or delete) left in the trail: an
     * update row only holds the fields it changed, and the record may be gone by now.
     */
    async subjects(entityIds: string[]): Promise<Map<string, string>> {
      if (entityIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([auditLog.entityId], {
          entityId: auditLog.entityId,
          entity: auditLog.entity,
          row: sql<Record<string, unknown> | null>`coalesce(${auditLog.after}, ${auditLog.before})`,
        })
        .from(auditLog)
        .where(and(inArray(auditLog.entityId, entityIds), ne(auditLog.operation, 'update')))
        .orderBy(auditLog.entityId, auditLog.id);
      const subjects = new Map<string, string>();
      for (const { entityId, entity, row } of rows) {
        const subject = subjectOf(entity, row);
        if (subject) subjects.set(entityId, subject);
      }
      return subjects;
    },

    /** The names of the referenced records that still exist, in one query. */
    async referenceNames(ids: Map<ReferenceKind, Set<string>>): Promise<ReferenceNames> {
      const parts = [...ids].map(([kind, set]) => {
        const { table, id, name } = REFERENCE_NAMES[kind];
        return sql`SELECT ${kind}::text AS kind, ${id}::text AS id, ${name} AS name FROM ${table} WHERE ${id} IN (${list([...set])})`;
      });
      const names: ReferenceNames = new Map();
      if (parts.length === 0) return names;
      const result = await db.execute<{ kind: ReferenceKind; id: string; name: string }>(sql.join(parts, sql` UNION ALL `));
      for (const row of result.rows) names.set(referenceKey(row.kind, row.id), row.name);
      return names;
    },
  };
}
