import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { OBLIGATION_STATUS_LABELS, type ObligationStatus } from '@shared/domain/compliance';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useComplianceSummary } from '@/features/compliance/api/use-compliance-summary';
import { totalOf } from '@/features/compliance/status-text';
import { OBLIGATION_STATUS_STYLES } from '@/components/domain/obligation-status-badge';

/** What needs doing, worst first: the statuses the dashboard counts (compliant ones are on /compliance). */
const SHOWN: readonly ObligationStatus[] = ['overdue', 'failed', 'due_soon', 'unknown'];

/**
 * The dashboard's compliance card (ADR 025): how many inspection duties are overdue, failed, due soon
 * or never evidenced, across the user's scope (the estate, or their areas), each opening /compliance
 * filtered to it.
 */
export function ComplianceOverviewCard() {
  const { data: summary, isLoading, isError } = useComplianceSummary({});
  return (
    <Card data-testid="compliance-overview">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-lg">Compliance</CardTitle>
        <Link href={paths.compliance} className="flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
          View all <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-16" />
        ) : isError || !summary ? (
          <p className="text-sm text-muted-foreground">Compliance figures are not available right now.</p>
        ) : totalOf(summary.counts) === 0 ? (
          <p className="text-sm text-muted-foreground">No inspection duties have been set up yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Inspection duties needing attention">
            {SHOWN.map((status) => {
              const { icon: Icon, cell } = OBLIGATION_STATUS_STYLES[status];
              return (
                <li key={status}>
                  <Link
                    href={`${paths.compliance}?status=${status}`}
                    className={cn('flex flex-col gap-1 rounded-md p-3 hover:opacity-90', cell)}
                    data-testid={`compliance-overview-${status}`}
                  >
                    <span className="flex items-center gap-1.5 text-xs font-medium">
                      <Icon className="h-3.5 w-3.5" aria-hidden />
                      {OBLIGATION_STATUS_LABELS[status]}
                    </span>
                    <span className="text-2xl font-bold">{summary.counts[status].toLocaleString('en-GB')}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
