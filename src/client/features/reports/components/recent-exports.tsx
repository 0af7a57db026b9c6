import { Download, FileSpreadsheet } from 'lucide-react';
import { EXPORT_FORMAT_LABELS, REPORT_TYPE_INFO } from '@shared/domain/reports';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyAreas } from '@/lib/areas';
import { formatLocalDate } from '@/lib/format';
import { useRecentExports } from '@/features/reports/api/use-export-report';
import { allLocationsLabel } from '@/features/reports/all-locations-label';

const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The user's own recent exports, each downloadable again (spec §2: 'No recent exports' when none). */
export function RecentExports() {
  const { data: exports, isLoading } = useRecentExports();
  const { limited } = useMyAreas();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Recent Exports</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : !exports?.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No recent exports</p>
        ) : (
          <ul className="divide-y" aria-label="Recent exports">
            {exports.map((record) => (
              <li key={record.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <FileSpreadsheet className="mt-0.5 h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0">
                    <p className="truncate font-medium">{REPORT_TYPE_INFO[record.reportType].label}</p>
                    <p className="text-xs text-muted-foreground">
                      {record.locationName ?? allLocationsLabel(limited)} · {EXPORT_FORMAT_LABELS[record.format]} · {record.rowCount.toLocaleString('en-GB')} rows ·{' '}
                      {formatSize(record.size)} · {formatLocalDate(record.createdAt)}
                    </p>
                  </div>
                </div>
                <a
                  href={record.downloadUrl}
                  download={record.filename}
                  className="inline-flex items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Download className="h-4 w-4" aria-hidden />
                  <span className="sr-only">Download {record.filename}</span>
                  <span aria-hidden>Download</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
