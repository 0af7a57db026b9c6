import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import type { HistoryEntity } from '../shared/contract/history';
import type { SearchResponse } from '../shared/contract/search';
import type { ReportType } from '../shared/domain/reports';
import type { SearchSource } from './modules/search/matches';
import type { Placed } from './policy/areas';
import type { ReportDefinition } from './modules/reports/report-definition';

/** Records another record's column can point at; the history shows them by name. */
export type ReferenceKind = 'location' | 'asset' | 'assessment' | 'action' | 'meter' | 'obligation' | 'inspection' | 'regime' | 'user';

/** How the history names a record of a kind: a column of its table, or an expression over its row. */
export interface RecordName {
  kind: ReferenceKind;
  name: PgColumn | SQL;
}

/** A table whose every insert, update and delete the audit trail records (db/sql/audit.sql). */
export interface AuditedTable {
  table: PgTable;
  entity: HistoryEntity;
  /**
   * The column naming a record in a sentence ("Added action ACT-000004"); null names it by its
   * `referencedAs` name when it has one ("Added compliance obligation “Gas safety”").
   */
  subjectColumn: string | null;
  /** Columns holding another record's id. */
  references: Record<string, ReferenceKind>;
  /** When other records refer to this one: the kind they call it and how the history names it. */
  referencedAs?: RecordName;
}

/** A table other records point at that the audit trail does not follow (e.g. the regime catalogue). */
export interface NamedTable extends RecordName {
  table: PgTable;
}

/** A resource's list in the global search (GET /api/search); `list` is its key in the response. */
export interface SearchList {
  list: Exclude<keyof SearchResponse, 'totals' | 'totalLimit'>;
  source: SearchSource;
  /** The table's primary key, to leave out records already found. */
  id: SQLWrapper;
  /** Where a record lies (its table's location and place columns), so a user limited to areas finds only theirs (policy/areas.ts). */
  place: Placed;
  /** Fields its results carry beside the source's columns, worked out at `now` (matches.ts, FindRequest.computed). */
  computed?: (now: Date) => Record<string, SQL>;
}

/**
 * One resource of the register, declared once in its module (`modules/<name>/<name>.resource.ts`)
 * and listed in `resources.ts`. The app, the audit trail's history, the global search and the
 * report exports read these declarations instead of keeping lists of their own.
 *
 * The declaration is data: its routes are loaded only when the app is built, so the history and the
 * search can read every declaration without loading any route module. An export worker reads none:
 * it gets its report as data (reports/report-definition.ts, `reportSpec`).
 */
export interface Resource {
  /** The resource's name as the API spells it (`/api/meters`). */
  name: string;
  /** Its HTTP routes (each with its line in modules/openapi/operations.ts: the API reference). */
  routes: () => Promise<(ctx: AppContext) => FastifyPluginAsyncZod>;
  /** Its tables the audit trail follows; each needs its trigger in db/sql/audit.sql (a test checks). */
  audited?: AuditedTable[];
  /** Its other tables whose records the history names where an audited record points at them. */
  named?: NamedTable[];
  /** Its list in the global search; the table needs a search_text column and search_words triggers (db/sql/search.sql). */
  search?: SearchList;
  /** Its section of the API reference (GET /api/openapi.json, docs/api.md): the paths' first segments after /api. */
  api: { description: string; segments: string[]; schemas: Array<[z.ZodType, string]> };
  /** The reports it can be exported as (Reports page, POST /api/reports/export). */
  reports?: Partial<Record<ReportType, ReportDefinition>>;
}

export const defineResource = (resource: Resource): Resource => resource;
