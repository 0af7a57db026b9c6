import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ReportColumn } from './spreadsheet';
import { inAreas } from '../../policy/areas';

/**
 * What a report contains: its columns and the one query that produces its rows (streamed through
 * a cursor). `scope` limits a report to the subtrees of these locations (the one a user chose, or
 * the areas they are limited to; null for the whole estate); `today` is the organisation's calendar
 * date, for reports that look ahead. Each resource declares its own reports (`reports` in its
 * `*.resource.ts`).
 */
export interface ReportDefinition {
  sheetName: string;
  columns: ReportColumn[];
  query(scope: string[] | null, today: string): SQL;
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

export function reportSpec(definition: ReportDefinition, scope: string[] | null, today: string): ReportSpec {
  const { sheetName, columns, labels } = definition;
  return { sheetName, columns, labels, query: dialect.sqlToQuery(definition.query(scope, today)) };
}

/** Records whose location `column` lies in the scope's subtrees (policy/areas.ts); true for the whole estate. */
export const inScope = (column: SQL, scope: string[] | null): SQL => inAreas(column, scope);
