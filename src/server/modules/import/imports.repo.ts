import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ImportJob, ImportMapping } from '../../../shared/contract/imports';
import type { ImportFormat, ImportStatus } from '../../../shared/domain/imports';
import type { Db } from '../../db/client';
import { importMappings, imports } from '../../db/schema';
import type { SheetSummary } from './sheet-reader';

export type ImportRow = typeof imports.$inferSelect;

const RUNNING: ImportStatus[] = ['dry_running', 'committing'];
/** A running job's heartbeat comes every few seconds; this long without one means its process is gone. */
export const STALE_SECONDS = 30;

/** What the dry run keeps on the job for the page (ADR 029); the row errors beyond these are in the errors file. */
export interface ImportSummary {
  diffs: ImportJob['diffs'];
  newLocations: ImportJob['newLocations'];
  newLocationCount: number;
  errors: ImportJob['errors'];
}

export function toImportJob(row: ImportRow, progress: ImportJob['progress']): ImportJob {
  const summary = (row.summary ?? {}) as Partial<ImportSummary>;
  return {
    id: row.id,
    fileName: row.fileName,
    sha256: row.sha256,
    format: row.format,
    status: row.status,
    message: row.message,
    sheets: row.sheets as SheetSummary[],
    sheet: row.sheet,
    mapping: row.mapping,
    valueSynonyms: row.valueSynonyms,
    progress,
    // Jobs dry run before inspections and readings could be imported have no such counts.
    counts: row.counts && { inspections: 0, readings: 0, ...row.counts },
    diffs: summary.diffs ?? [],
    newLocations: summary.newLocations ?? [],
    newLocationCount: summary.newLocationCount ?? 0,
    errors: summary.errors ?? [],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    committedAt: row.committedAt?.toISOString() ?? null,
  };
}

export function importsRepo(db: Db) {
  return {
    async create(values: { id: string; fileName: string; sha256: string; format: ImportFormat; sheets: SheetSummary[]; createdBy: string }): Promise<ImportRow> {
      const [row] = await db.insert(imports).values(values).returning();
      return row!;
    },

    async find(id: string): Promise<ImportRow | undefined> {
      const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
      return row;
    },

    async update(id: string, changes: Partial<Omit<ImportRow, 'id' | 'createdBy' | 'createdAt'>>): Promise<ImportRow | undefined> {
      const [row] = await db.update(imports).set(changes).where(eq(imports.id, id)).returning();
      return row;
    },

    /** Moves the job to `to` only from one of `from` (so two requests cannot both start it). */
    async transition(id: string, from: ImportStatus[], to: ImportStatus, changes: PgUpdateSetSource<typeof imports> = {}): Promise<ImportRow | undefined> {
      const [row] = await db
        .update(imports)
        .set({ ...changes, status: to })
        .where(and(eq(imports.id, id), inArray(imports.status, from)))
        .returning();
      return row;
    },

    /** Jobs uploaded before `cutoff` whose files are still in the object storage (a sweep's worth). */
    async filesToRemove(cutoff: Date): Promise<{ id: string; format: ImportFormat }[]> {
      return db
        .select({ id: imports.id, format: imports.format })
        .from(imports)
        .where(and(sql`${imports.createdAt} < ${cutoff.toISOString()}`, sql`${imports.filesRemovedAt} IS NULL`))
        .limit(100);
    },

    async markFilesRemoved(ids: string[], at: Date): Promise<void> {
      if (ids.length > 0) await db.update(imports).set({ filesRemovedAt: at }).where(inArray(imports.id, ids));
    },

    /** How many files the user has uploaded in the last hour. */
    async uploadsInLastHour(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(imports)
        .where(and(eq(imports.createdBy, userId), sql`${imports.createdAt} > now() - interval '1 hour'`));
      return row?.n ?? 0;
    },

    /** Records that the running job is alive, with the rows it has read. */
    async heartbeat(id: string, rowsDone: number): Promise<void> {
      await db.update(imports).set({ heartbeatAt: sql`now()`, rowsDone }).where(eq(imports.id, id));
    },

    /**
     * Marks the job failed when it is running but its heartbeat has stopped for STALE_SECONDS: the
     * process running it has gone (its commit's transaction rolled back with it).
     */
    async failIfStale(id: string, message: string): Promise<ImportRow | undefined> {
      const [row] = await db
        .update(imports)
        .set({ status: sql`(CASE ${imports.status} WHEN 'dry_running' THEN 'dry_run_failed' ELSE 'commit_failed' END)::import_status`, message })
        .where(and(eq(imports.id, id), inArray(imports.status, RUNNING), sql`coalesce(${imports.heartbeatAt}, ${imports.createdAt}) < now() - make_interval(secs => ${STALE_SECONDS})`))
        .returning();
      return row;
    },

    /** Whether any process is running a dry run or commit (a live heartbeat). */
    async anyRunning(): Promise<boolean> {
      const rows = await db
        .select({ id: imports.id })
        .from(imports)
        .where(and(inArray(imports.status, RUNNING), sql`${imports.heartbeatAt} >= now() - make_interval(secs => ${STALE_SECONDS})`))
        .limit(1);
      return rows.length > 0;
    },

    async mappings(): Promise<ImportMapping[]> {
      const rows = await db.select().from(importMappings).orderBy(asc(importMappings.name));
      return rows.map((r) => ({ name: r.name, mapping: r.mapping, valueSynonyms: r.valueSynonyms, updatedAt: r.updatedAt.toISOString() }));
    },

    async saveMapping(values: { name: string; mapping: Record<string, string | null>; valueSynonyms: Record<string, Record<string, string>>; updatedBy: string }): Promise<ImportMapping> {
      const [row] = await db
        .insert(importMappings)
        .values(values)
        .onConflictDoUpdate({ target: importMappings.name, set: { mapping: values.mapping, valueSynonyms: values.valueSynonyms, updatedBy: values.updatedBy, updatedAt: sql`now()` } })
        .returning();
      return { name: row!.name, mapping: row!.mapping, valueSynonyms: row!.valueSynonyms, updatedAt: row!.updatedAt.toISOString() };
    },
  };
}
