import { sql, type SQL } from 'drizzle-orm';
import type { ReportColumn, ReportRow } from './spreadsheet';

/**
 * What a report contains: its columns and the one query that produces its rows (streamed through
 * a cursor). `locationId` limits a report to everything inside that location. Each resource
 * declares its own reports (`reports` in its `*.resource.ts`).
 */
export interface ReportDefinition {
  sheetName: string;
  columns: ReportColumn[];
  query(locationId: string | null): SQL;
  /** Turns stored values into what a person reads (labels instead of enum values). */
  present?(row: ReportRow): ReportRow;
}

/** Locations inside (or equal to) the chosen one, from the stored ancestry: no recursion needed. */
export const inScope = (column: SQL, locationId: string | null): SQL =>
  locationId
    ? sql`${column} IN (SELECT id FROM locations WHERE id = ${locationId} OR ancestor_ids @> ARRAY[${locationId}]::uuid[])`
    : sql`true`;

/** An enum value as a person reads it, from the domain's label table. */
export const label = <K extends string>(labels: Record<K, string>, value: unknown) => (value ? (labels[value as K] ?? String(value)) : null);
