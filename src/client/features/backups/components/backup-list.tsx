import { Archive } from 'lucide-react';
import type { BackupEntry } from '@shared/contract/backups';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatFileSize, formatNumber } from '@/lib/format';

const TRIGGER_LABELS: Record<NonNullable<BackupEntry['trigger']> | 'command', string> = {
  scheduled: 'Scheduled',
  manual: 'Back up now',
  command: 'npm run backup',
};

/** The complete backups in the folder, newest first, from their manifests. */
export function BackupList({ backups, targetError }: { backups: BackupEntry[]; targetError: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Backups in the folder</CardTitle>
        <CardDescription>Restore one with npm run restore on the server (README, “Backups”).</CardDescription>
      </CardHeader>
      <CardContent>
        {targetError ? (
          <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive [overflow-wrap:anywhere]">
            The backup folder could not be read: {targetError}
          </p>
        ) : backups.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No backups yet</p>
        ) : (
          <ul className="divide-y" aria-label="Backups">
            {backups.map((backup) => (
              <li key={backup.name} className="flex items-start gap-3 py-3" data-testid="backup-entry">
                <Archive className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="grid min-w-0 gap-0.5">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{formatDateTime(backup.createdAt)}</span>
                    <Badge className="text-muted-foreground">{TRIGGER_LABELS[backup.trigger ?? 'command']}</Badge>
                  </p>
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    {formatFileSize(backup.storedBytes)} · {formatNumber(backup.rows)} rows in {backup.tables} tables · {formatNumber(backup.objects)} files
                    {backup.missingObjects > 0 && ` (${formatNumber(backup.missingObjects)} missing from storage)`} · app {backup.appVersion} ·{' '}
                    <span className="font-mono">{backup.name}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
