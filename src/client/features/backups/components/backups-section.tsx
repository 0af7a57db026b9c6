import { AlertTriangle, DatabaseBackup, Info, RefreshCw } from 'lucide-react';
import type { BackupRun, BackupsOverview } from '@shared/contract/backups';
import { BACKUP_FREQUENCY_LABELS, hourLabel, WEEKDAY_LABELS } from '@shared/domain/backups';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatFileSize, formatNumber } from '@/lib/format';
import { useBackUpNow, useBackups } from '@/features/backups/api/use-backups';
import { BackupList } from '@/features/backups/components/backup-list';
import { BackupScheduleForm } from '@/features/backups/components/backup-schedule-form';

const ALERT = 'flex items-start gap-2 rounded-md border p-3 text-sm';

/**
 * The Backups section of Settings (org admins, ADR 026): whether backups are up to date, the last
 * backup and run, "Back up now" (the section polls while it runs), the schedule and retention rule,
 * and the backups in the folder.
 */
export function BackupsSection() {
  const backups = useBackups();
  return (
    <section aria-labelledby="backups-heading" className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h2 id="backups-heading" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <DatabaseBackup className="h-6 w-6 text-muted-foreground" aria-hidden /> Backups
      </h2>
      {backups.isLoading ? (
        <Skeleton className="h-64" aria-label="Loading backups" />
      ) : backups.isError || !backups.data ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          Could not load backups: {errorMessage(backups.error)}
        </p>
      ) : (
        <>
          <BackupStatus overview={backups.data} refresh={() => void backups.refetch()} refreshing={backups.isFetching} />
          <BackupScheduleForm settings={backups.data.settings} />
          <BackupList backups={backups.data.backups} targetError={backups.data.targetError} />
        </>
      )}
    </section>
  );
}

const when = (run: BackupRun) => formatDateTime(run.finishedAt ?? run.startedAt);

function describeRun(run: BackupRun): string {
  const parts = [
    run.storedBytes !== null ? formatFileSize(run.storedBytes) : null,
    run.rows !== null ? `${formatNumber(run.rows)} rows` : null,
    run.objects !== null ? `${formatNumber(run.objects)} files` : null,
    run.durationMs !== null ? `took ${(run.durationMs / 1000).toFixed(1)} s` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** "Every day at 02:00 UK time", "Every Sunday at 02:00 UK time". */
function scheduleSentence({ settings }: BackupsOverview): string {
  const at = `${hourLabel(settings.hour)} UK time`;
  return settings.frequency === 'daily' ? `${BACKUP_FREQUENCY_LABELS.daily} at ${at}` : `Every ${WEEKDAY_LABELS[settings.weekday]} at ${at}`;
}
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function BackupStatus({ overview, refresh, refreshing }: { overview: BackupsOverview; refresh: () => void; refreshing: boolean }) {
  const backUpNow = useBackUpNow();
  const { running, lastRun, lastSuccess, health } = overview;
  const lastFailed = !running && lastRun?.status === 'failed' ? lastRun : null;

  const start = () =>
    backUpNow.mutate(undefined, {
      onSuccess: (run) =>
        run.status === 'failed'
          ? toast({ title: 'The backup could not start', description: run.error ?? undefined, variant: 'destructive' })
          : toast({ title: 'Backup started', description: 'It runs in the background: everyone can keep working.' }),
      onError: (error) => toast({ title: 'Could not start a backup', description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Backup status</CardTitle>
        <CardDescription>
          A copy of every record and file, taken while everyone keeps working. Backups go to{' '}
          <span className="font-mono text-xs text-foreground [overflow-wrap:anywhere]">{overview.location}</span>
          {overview.location.startsWith('s3://') ? ' (an S3 bucket).' : ' on the server.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {health === 'stale' && (
          <p role="alert" data-testid="backup-overdue" className={`${ALERT} border-destructive/50 bg-destructive/5 text-destructive`}>
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium">Backups are overdue.</span>{' '}
              {lastSuccess
                ? `The last successful backup finished ${formatDateTime(lastSuccess.finishedAt!)}; the schedule expects one ${lowerFirst(scheduleSentence(overview))}.`
                : `No backup has succeeded since the schedule was switched on${overview.settings.enabledAt ? ` (${formatDateTime(overview.settings.enabledAt)})` : ''}.`}{' '}
              Check the error below, or back up now.
            </span>
          </p>
        )}
        {lastFailed && (
          <p role="alert" data-testid="backup-failed" className={`${ALERT} border-destructive/50 text-destructive`}>
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span className="[overflow-wrap:anywhere]">
              <span className="font-medium">The last backup failed</span> ({when(lastFailed)}): {lastFailed.error}
            </span>
          </p>
        )}
        {health === 'off' && (
          <p className={`${ALERT} text-muted-foreground`}>
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>Scheduled backups are off. Switch them on below, or back up now.</span>
          </p>
        )}
        {!overview.scheduledHere && overview.settings.enabled && (
          <p className={`${ALERT} text-muted-foreground`}>
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>This server was started with BACKUP_SCHEDULE=off: it takes no scheduled backups itself (another server of this register may).</span>
          </p>
        )}

        <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="font-medium">Last successful backup</dt>
          <dd data-testid="backup-last-success" className="text-muted-foreground">
            {lastSuccess ? (
              <>
                <span className="text-foreground">{formatDateTime(lastSuccess.finishedAt!)}</span>
                <span className="block">{describeRun(lastSuccess)}</span>
                {lastSuccess.warning && <span className="block text-amber-700">{lastSuccess.warning}</span>}
              </>
            ) : (
              'None yet'
            )}
          </dd>
          <dt className="font-medium">Schedule</dt>
          <dd className="text-muted-foreground">
            {overview.settings.enabled ? (
              <>
                {scheduleSentence(overview)}
                {overview.nextRunAt && <span className="block">Next: {formatDateTime(overview.nextRunAt)}</span>}
              </>
            ) : (
              'Off'
            )}
          </dd>
        </dl>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={start} disabled={Boolean(running) || backUpNow.isPending}>
            {(running || backUpNow.isPending) && <Spinner className="h-4 w-4 text-primary-foreground" />}
            {running ? 'Backing up…' : 'Back up now'}
          </Button>
          <Button type="button" variant="outline" onClick={refresh} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden />
            Refresh
          </Button>
          <p role="status" data-testid="backup-progress" className="text-sm text-muted-foreground">
            {running
              ? `${running.trigger === 'scheduled' ? 'A scheduled backup' : `A backup${running.requestedBy ? ` started by ${running.requestedBy}` : ''}`} is running since ${formatDateTime(running.startedAt)}.`
              : ''}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
