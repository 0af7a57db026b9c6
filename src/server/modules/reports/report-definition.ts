import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ReportColumn } from './spreadsheet';

/**
 * What a report contains: its columns and the one query that produces its rows (streamed through
 * a cursor). `locationId` limits a report to everything inside that location. Each resource
 * declares its own reports (`reports` in its `*.resource.ts`).
 */
export interface ReportDefinition {
  sheetName: string;
  columns: ReportColumn[];
  query(locationId: string | null): SQL;
  /** Columns holding an enum, shown by its label (a person reads "Fire door", not "fire_door"): column key → value → label. */
  labels?: Record<string, Record<string, string>>;
}

/**
 * One report as plain data, for the export worker: the SQL's text and parameters, the columns and
 * the labels. The worker thread then loads only the cursor and the spreadsheet writer, not the
 * register's resources, contract and repositories (it starts for every export).
 */
export interface ReportSpec {
  sheetName: string;
  columns: ReportColumn[];
  query: { sql: string; params: unknown[] };
  labels?: Record<string, Record<string, string>>;
}

const dialect = new PgDialect();

export function reportSpec(definition: ReportDefinition, locationId: string | null): ReportSpec {
  const { sheetName, columns, labels } = definition;
  return { sheetName, columns, labels, query: dialect.sqlToQuery(definition.query(locationId)) };
}

/** Locations inside (or equal to) the chosen one, from the stored ancestry: no recursion needed. */
export const inScope = (column: SQL, locationId: string | null): SQL =>
  locationId
    ? sql`${column} IN (SELECT id FROM locations WHERE id = ${locationId} OR ancestor_ids @> ARRAY[${locationId}]::uuid[])`
    : sql`true`;
