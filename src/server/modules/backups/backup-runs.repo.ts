import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backupRuns, users } from '../../db/schema';
import type { BackupRun } from '../../../shared/contract/backups';
import type { BackupRunStatus, BackupTrigger } from '../../../shared/domain/backups';

/** The process running a backup refreshes its row this often… */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** …and a running row not refreshed for this long belonged to a process that stopped. */
export const HEARTBEAT_STALE_SECONDS = 120;
export const INTERRUPTED_MESSAGE = 'Interrupted: the app stopped while the backup was running. Its partial folder is deleted later by the retention rule.';
const ERROR_MAX = 2_000;

export const errorText = (err: unknown): string => {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > ERROR_MAX ? `${message.slice(0, ERROR_MAX)}…` : message || 'Unknown error';
};

const columns = {
  id: backupRuns.id,
  trigger: backupRuns.trigger,
  status: backupRuns.status,
  requestedBy: users.fullName,
  startedAt: backupRuns.startedAt,
  finishedAt: backupRuns.finishedAt,
  name: backupRuns.name,
  error: backupRuns.error,
  warning: backupRuns.warning,
  storedBytes: backupRuns.storedBytes,
  rows: backupRuns.rows,
  objects: backupRuns.objects,
  durationMs: backupRuns.durationMs,
  pruned: backupRuns.pruned,
};

interface Row {
  id: string;
  trigger: BackupTrigger;
  status: BackupRunStatus;
  requestedBy: string | null;
  startedAt: Date;
  finishedAt: Date | null;
  name: string | null;
  error: string | null;
  warning: string | null;
  storedBytes: number | null;
  rows: number | null;
  objects: number | null;
  durationMs: number | null;
  pruned: number;
}

const toRun = (row: Row): BackupRun => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export interface RunOutcome {
  name: string;
  storedBytes: number;
  rows: number;
  objects: number;
  durationMs: number;
  pruned: number;
  warning: string | null;
}

/** backup_runs (schema.ts): the backups this installation took or tried to take. */
export function backupRunsRepo(db: Db) {
  const select = () => db.select(columns).from(backupRuns).leftJoin(users, eq(users.id, backupRuns.requestedBy));
  const one = async (id: string): Promise<BackupRun> => toRun((await select().where(eq(backupRuns.id, id)))[0]!);

  return {
    get: one,

    /** A backup that holds the engine's lock and is about to write. */
    async start(input: { trigger: BackupTrigger; requestedBy: string | null; startedAt: Date; name: string }): Promise<BackupRun> {
      const [row] = await db.insert(backupRuns).values(input).returning({ id: backupRuns.id });
      return one(row!.id);
    },

    /** A backup that failed before it could start writing (no connection, no target). */
    async failedBeforeStart(input: { trigger: BackupTrigger; requestedBy: string | null; startedAt: Date; finishedAt: Date; error: string }): Promise<BackupRun> {
      const [row] = await db.insert(backupRuns).values({ ...input, status: 'failed' }).returning({ id: backupRuns.id });
      return one(row!.id);
    },

    async heartbeat(id: string): Promise<void> {
      await db.update(backupRuns).set({ heartbeatAt: sql`now()` }).where(and(eq(backupRuns.id, id), eq(backupRuns.status, 'running')));
    },

    async succeeded(id: string, finishedAt: Date, outcome: RunOutcome): Promise<BackupRun> {
      await db
        .update(backupRuns)
        .set({ status: 'succeeded', finishedAt, ...outcome })
        .where(eq(backupRuns.id, id));
      return one(id);
    },

    async failed(id: string, finishedAt: Date, error: string): Promise<BackupRun> {
      await db.update(backupRuns).set({ status: 'failed', finishedAt, error }).where(eq(backupRuns.id, id));
      return one(id);
    },

    /** Marks failed the running rows whose process stopped refreshing them (it died mid-backup). */
    async sweepInterrupted(now: Date): Promise<void> {
      await db
        .update(backupRuns)
        .set({ status: 'failed', finishedAt: now, error: INTERRUPTED_MESSAGE })
        .where(and(eq(backupRuns.status, 'running'), lt(backupRuns.heartbeatAt, sql`now() - make_interval(secs => ${HEARTBEAT_STALE_SECONDS})`)));
    },

    /** The running backup (any process), the latest run, and the latest success. */
    async latest(): Promise<{ running: BackupRun | null; lastRun: BackupRun | null; lastSuccess: BackupRun | null }> {
      const [running, lastRun, lastSuccess] = await Promise.all([
        select().where(eq(backupRuns.status, 'running')).orderBy(desc(backupRuns.startedAt)).limit(1),
        select().orderBy(desc(backupRuns.startedAt)).limit(1),
        select().where(eq(backupRuns.status, 'succeeded')).orderBy(desc(backupRuns.finishedAt)).limit(1),
      ]);
      const run = (rows: Row[]) => (rows[0] ? toRun(rows[0]) : null);
      return { running: run(running), lastRun: run(lastRun), lastSuccess: run(lastSuccess) };
    },

    /** What the scheduler decides with: a backup running, the latest success and failure. */
    async scheduleState(): Promise<{ running: boolean; lastSuccessStartedAt: Date | null; lastFailureStartedAt: Date | null }> {
      const { rows } = await db.execute<{ running: boolean; last_success: Date | null; last_failure: Date | null }>(sql`
        SELECT EXISTS (SELECT 1 FROM backup_runs WHERE status = 'running') AS running,
               (SELECT max(started_at) FROM backup_runs WHERE status = 'succeeded') AS last_success,
               (SELECT max(started_at) FROM backup_runs WHERE status = 'failed') AS last_failure`);
      const row = rows[0]!;
      const date = (v: Date | string | null) => (v === null ? null : new Date(v));
      return { running: row.running, lastSuccessStartedAt: date(row.last_success), lastFailureStartedAt: date(row.last_failure) };
    },

    /** How the app took each of these backups, by name (backups `npm run backup` took are not here). */
    async triggersOf(names: string[]): Promise<Map<string, BackupTrigger>> {
      if (names.length === 0) return new Map();
      const rows = await db
        .select({ name: backupRuns.name, trigger: backupRuns.trigger })
        .from(backupRuns)
        .where(and(isNotNull(backupRuns.name), inArray(backupRuns.name, names), eq(backupRuns.status, 'succeeded')));
      return new Map(rows.map((r) => [r.name!, r.trigger]));
    },
  };
}

export type BackupRunsRepo = ReturnType<typeof backupRunsRepo>;
