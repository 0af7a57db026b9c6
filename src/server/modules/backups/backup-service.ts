import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { transactionAs } from '../../db/actor';
import {
  applyRetention,
  BackupBusy,
  backupFolders,
  backupHealth,
  configuredBackupTarget,
  createBackup,
  nextSlot,
  scheduledBackupDue,
  type BackupTarget,
  type DueDecision,
  type Manifest,
  type ManifestCache,
} from '../../backup/backup';
import type { BackupEntry, BackupRun, BackupSettings, BackupsOverview, UpdateBackupSettings } from '../../../shared/contract/backups';
import type { BackupTrigger } from '../../../shared/domain/backups';
import { ORGANISATION_TIME_ZONE_DEFAULT } from '../../../shared/domain/compliance/calendar-date';
import { backupRunsRepo, errorText, HEARTBEAT_INTERVAL_MS } from './backup-runs.repo';
import { backupSettingsRepo, toBackupSettings } from './backup-settings.repo';

/** How often each app process checks whether a scheduled backup is due. */
export const BACKUP_CHECK_INTERVAL_MS = 5 * 60_000;
/** The first check after start: once the app is serving (a slot missed while it was stopped is caught up). */
export const BACKUP_FIRST_CHECK_AFTER_MS = 60_000;
const TIME_ZONE = ORGANISATION_TIME_ZONE_DEFAULT;

/** The database a backup reads: the tables' owner (the URL the app was given), not the app's role. */
export interface BackupDatabase {
  url: string;
  kind: 'embedded' | 'server';
}

export type StartOutcome =
  | { kind: 'started'; run: BackupRun; /** Settles (never rejects) when the backup has finished, with its run. */ done: Promise<BackupRun | null> }
  | { kind: 'busy' };

export type TickOutcome = { kind: 'not-scheduled-here' } | { kind: 'not-due'; reason: Extract<DueDecision, { due: false }>['reason'] } | StartOutcome;

export interface BackupService {
  /** GET /api/backups. */
  overview(): Promise<BackupsOverview>;
  updateSettings(actorId: string, change: UpdateBackupSettings): Promise<BackupSettings>;
  /**
   * Starts a backup in the background; answers once it holds the engine's lock (its run recorded) or
   * was refused because another backup or a restore is running (nothing recorded).
   */
  start(trigger: BackupTrigger, requestedBy: string | null): Promise<StartOutcome>;
  /** One check of the schedule: starts the backup when one is due. */
  tick(): Promise<TickOutcome>;
  /** Stops a backup in progress (the app is closing) and waits for it to record how it ended. */
  close(): Promise<void>;
}

/** A backup's rows, summed from its manifest. */
const totalRows = (tables: Array<{ rows: number }>) => tables.reduce((n, t) => n + t.rows, 0);
/** Its size as the page shows it, for a run and a listed backup alike: the compressed tables and the files. */
const sizeOf = (manifest: Manifest) => manifest.tables.reduce((n, t) => n + t.storedBytes, 0) + manifest.objects.bytes;

/**
 * Scheduled backups and "Back up now" (ADR 026, "Schedule and retention"), in the app process. The
 * engine's advisory lock lets one backup run per database, however many app processes check the
 * schedule: a process refused the lock records nothing. Each backup's run is a row of backup_runs,
 * kept alive by a heartbeat; after a success the retention rule prunes the target.
 */
export function backupService(ctx: AppContext, database: BackupDatabase, log: FastifyBaseLogger): BackupService {
  const runs = backupRunsRepo(ctx.db);
  const settingsRepo = backupSettingsRepo(ctx.db);
  // BACKUP_DIR's folder or S3 prefix; the S3 client is made on first use, not at start-up. A failure
  // to open it is forgotten, so the next backup or listing tries again instead of failing until a restart.
  let target: Promise<BackupTarget> | undefined;
  const getTarget = () =>
    (target ??= configuredBackupTarget(ctx.config, ctx.config.backupTarget).catch((error: unknown) => {
      target = undefined;
      throw error;
    }));
  const manifests: ManifestCache = new Map();
  /** The backup this process is running. */
  let current: { abort: AbortController; done: Promise<BackupRun | null> } | undefined;

  const backupsInTarget = async (target: BackupTarget): Promise<{ backups: BackupEntry[]; targetError: string | null }> => {
    try {
      const folders = (await backupFolders(target, manifests)).filter((f) => f.manifest !== null);
      const triggers = await runs.triggersOf(folders.map((f) => f.name));
      const backups = folders
        .map(({ name, manifest }): BackupEntry => ({
          name,
          createdAt: manifest!.createdAt,
          appVersion: manifest!.app.version,
          storedBytes: sizeOf(manifest!),
          tables: manifest!.tables.length,
          rows: totalRows(manifest!.tables),
          objects: manifest!.objects.count,
          missingObjects: manifest!.objects.missing.length,
          durationMs: manifest!.durationMs,
          trigger: triggers.get(name) ?? null,
        }))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
      return { backups, targetError: null };
    } catch (err) {
      log.warn({ err, target: target.location }, 'backups: could not list the backup folder');
      return { backups: [], targetError: errorText(err) };
    }
  };

  const prune = async (): Promise<{ pruned: number; warning: string | null }> => {
    try {
      const rule = await settingsRepo.get();
      const deleted = await applyRetention(await getTarget(), rule, {
        now: ctx.now(),
        timeZone: TIME_ZONE,
        cache: manifests,
        log: (message) => log.info({ job: 'backups' }, message),
      });
      return { pruned: deleted.length, warning: null };
    } catch (err) {
      log.warn({ err }, 'backups: the retention rule could not delete old backups');
      return { pruned: 0, warning: `Old backups could not be deleted: ${errorText(err)}` };
    }
  };

  const start = (trigger: BackupTrigger, requestedBy: string | null): Promise<StartOutcome> => {
    if (current) return Promise.resolve({ kind: 'busy' });
    const abort = new AbortController();
    const startedAt = ctx.now();
    let answer!: (outcome: StartOutcome | { kind: 'error'; error: unknown }) => void;
    const answered = new Promise<StartOutcome | { kind: 'error'; error: unknown }>((resolve) => (answer = resolve));
    const holder: { done?: Promise<BackupRun | null> } = {};
    let run: BackupRun | undefined;
    let heartbeat: NodeJS.Timeout | undefined;

    const work = async (): Promise<BackupRun | null> => {
      try {
        const result = await createBackup({
          databaseUrl: database.url,
          databaseKind: database.kind,
          storage: ctx.storage,
          target: await getTarget(),
          now: ctx.now,
          signal: abort.signal,
          onStart: async (name) => {
            run = await runs.start({ trigger, requestedBy, startedAt, name });
            heartbeat = setInterval(() => void runs.heartbeat(run!.id).catch((err: unknown) => log.warn({ err }, 'backups: heartbeat failed')), HEARTBEAT_INTERVAL_MS);
            heartbeat.unref();
            answer({ kind: 'started', run, done: holder.done! });
          },
        });
        const { manifest } = result;
        const missing = manifest.objects.missing.length;
        const { pruned, warning: pruneWarning } = await prune();
        const warnings = [
          missing > 0 ? `${missing} file${missing === 1 ? '' : 's'} the records name ${missing === 1 ? 'was' : 'were'} not in storage (listed in the backup's manifest).` : null,
          pruneWarning,
        ].filter(Boolean);
        const done = await runs.succeeded(run!.id, ctx.now(), {
          name: result.name,
          storedBytes: sizeOf(manifest),
          rows: totalRows(manifest.tables),
          objects: manifest.objects.count,
          durationMs: manifest.durationMs,
          pruned,
          warning: warnings.length > 0 ? warnings.join(' ') : null,
        });
        log.info({ job: 'backups', trigger, name: result.name, storedBytes: result.storedBytes, ms: manifest.durationMs, pruned }, 'backup taken');
        return done;
      } catch (err) {
        if (err instanceof BackupBusy) {
          // Free at once, so a caller told "busy" may try again straight away.
          if (current?.done === holder.done) current = undefined;
          answer({ kind: 'busy' });
          return null;
        }
        const message = abort.signal.aborted ? 'Interrupted: the app was stopping.' : errorText(err);
        log.warn({ err, job: 'backups', trigger }, 'backup failed');
        const failed = run
          ? await runs.failed(run.id, ctx.now(), message)
          : await runs.failedBeforeStart({ trigger, requestedBy, startedAt, finishedAt: ctx.now(), error: message });
        answer({ kind: 'started', run: failed, done: holder.done! });
        return failed;
      }
    };

    holder.done = work()
      .catch((err: unknown) => {
        // Recording the outcome failed (the database went away): the log is all there is.
        log.error({ err, job: 'backups' }, 'backups: could not record the outcome of a backup');
        answer({ kind: 'error', error: err });
        return null;
      })
      .finally(() => {
        clearInterval(heartbeat);
        if (current?.done === holder.done) current = undefined;
      });
    current = { abort, done: holder.done };
    return answered.then((outcome) => {
      if (outcome.kind === 'error') throw outcome.error;
      return outcome;
    });
  };

  return {
    async overview() {
      await runs.sweepInterrupted(ctx.now());
      const target = await getTarget();
      const [stored, latest, inTarget] = await Promise.all([settingsRepo.get(), runs.latest(), backupsInTarget(target)]);
      const now = ctx.now();
      return {
        settings: toBackupSettings(stored),
        health: backupHealth(stored, latest.lastSuccess?.finishedAt ? new Date(latest.lastSuccess.finishedAt) : null, now),
        nextRunAt: stored.enabled ? nextSlot(stored, now, TIME_ZONE).toISOString() : null,
        scheduledHere: ctx.config.scheduledBackups,
        ...latest,
        location: target.location,
        ...inTarget,
      };
    },

    async updateSettings(actorId, change) {
      // The settings row exists once anything has read it; a new install's first read makes it.
      await ctx.settings.get();
      await transactionAs(ctx.db, actorId, (tx) => settingsRepo.update(tx, change, ctx.now()));
      return toBackupSettings(await settingsRepo.get());
    },

    start,

    async tick() {
      if (!ctx.config.scheduledBackups) return { kind: 'not-scheduled-here' };
      const stored = await settingsRepo.get();
      if (!stored.enabled) return { kind: 'not-due', reason: 'off' };
      await runs.sweepInterrupted(ctx.now());
      const state = await runs.scheduleState();
      const decision = scheduledBackupDue(stored, { ...state, enabled: stored.enabled, enabledAt: stored.enabledAt, running: state.running || current !== undefined }, ctx.now(), TIME_ZONE);
      if (!decision.due) return { kind: 'not-due', reason: decision.reason };
      return start('scheduled', null);
    },

    async close() {
      const running = current;
      if (!running) return;
      running.abort.abort(new Error('the app is closing'));
      await running.done;
    },
  };
}
