import { useState } from 'react';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { REPORT_TYPES, REPORT_TYPE_INFO, EXPORT_FORMAT_LABELS, type ExportFormat, type ReportType } from '@shared/domain/reports';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/api-client';
import { useMyAreas } from '@/lib/areas';
import { useCan } from '@/lib/permissions';
import { useExportReport } from '@/features/reports/api/use-export-report';
import { RecentExports } from '@/features/reports/components/recent-exports';
import { allLocationsLabel } from '@/features/reports/all-locations-label';
import { useSites } from '@/features/locations/api/use-sites';

const ALL_LOCATIONS = 'all';

/**
 * Opens the download in a new tab (spec §7). Opened after the export finishes, not on the click,
 * a popup blocker may refuse the tab: then the file is downloaded in place instead.
 */
function openDownload(url: string, filename: string) {
  const tab = window.open(url, '_blank');
  if (tab) {
    tab.opener = null;
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
}

/** Reports (spec §2): choose a report and a scope (all, or one site), export as Excel or CSV. */
export default function ReportsPage() {
  const [reportType, setReportType] = useState<ReportType>('asset_register');
  const [locationId, setLocationId] = useState(ALL_LOCATIONS);
  const { data: sites = [] } = useSites();
  const exportReport = useExportReport();
  const { can, reason } = useCan();
  const { limited } = useMyAreas();

  const run = (format: ExportFormat) =>
    exportReport.mutate(
      { reportType, format, locationId: locationId === ALL_LOCATIONS ? null : locationId },
      {
        onSuccess: (record) => {
          toast({ title: 'Export successful', description: 'Your report is being downloaded' });
          openDownload(record.downloadUrl, record.filename);
        },
        onError: (error) => toast({ title: 'Export failed', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  const pendingFormat = exportReport.isPending ? exportReport.variables?.format : undefined;

  return (
    <div className="space-y-6">
      <PageHeader title="Reports" subtitle="Export your register to Excel or CSV" />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Export a report</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <fieldset>
            <legend className="mb-3 text-sm font-medium">Report type</legend>
            <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {REPORT_TYPES.map((type) => (
                <label
                  key={type}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-3 hover:bg-muted/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    reportType === type && 'border-primary bg-accent',
                  )}
                >
                  <input
                    type="radio"
                    name="report-type"
                    value={type}
                    checked={reportType === type}
                    onChange={() => setReportType(type)}
                    className="mt-1 accent-primary"
                  />
                  <span>
                    <span className="block font-medium">{REPORT_TYPE_INFO[type].label}</span>
                    <span className="block text-xs text-muted-foreground">{REPORT_TYPE_INFO[type].description}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid max-w-md gap-2">
            <Label htmlFor="report-location">Location</Label>
            <NativeSelect id="report-location" value={locationId} onChange={(e) => setLocationId(e.target.value)}>
              <option value={ALL_LOCATIONS}>{allLocationsLabel(limited)}</option>
              {sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </NativeSelect>
          </div>

          {!can('report.export') ? (
            <p className="text-sm text-muted-foreground" data-testid="export-refused">
              {reason('report.export')}
            </p>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row">
              {(['xlsx', 'csv'] as const).map((format) => (
                <Button key={format} type="button" variant={format === 'xlsx' ? 'default' : 'outline'} disabled={exportReport.isPending} onClick={() => run(format)}>
                  {pendingFormat === format ? <Spinner className="h-4 w-4" /> : format === 'xlsx' ? <FileSpreadsheet aria-hidden /> : <FileText aria-hidden />}
                  Export as {EXPORT_FORMAT_LABELS[format]}
                </Button>
              ))}
            </div>
          )}
        </CardContent>
      </Card>
      <RecentExports />
    </div>
  );
}
