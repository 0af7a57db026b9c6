import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, ClipboardList, Package, ShieldCheck, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { DashboardStats } from '@shared/contract/dashboard';
import { ASSET_TYPE_LABELS, CONDITIONS, CONDITION_LABELS, DASHBOARD_RECENT_ITEMS } from '@shared/domain';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConditionBadge, CONDITION_STYLES, OverdueBadge } from '@/components/domain/badges';
import { actionTargetText } from '@/components/domain/action-target';
import { paths } from '@/config/paths';
import { growthCaption, highPriorityCaption, overdueCaption, shareCaption } from '@/features/dashboard/trend-captions';
import { areaNames, useMyAreas } from '@/lib/areas';
import { organisationToday } from '@/lib/organisation-today';
import { cn } from '@/lib/cn';
import { useDashboardStats, useOpenActions, useRecentAssets } from '@/features/dashboard/api/use-dashboard';
import { ComplianceOverviewCard } from '@/features/compliance/components/compliance-overview-card';
import { MyDutiesCard } from '@/features/compliance/components/my-duties-card';

/** The dashboard (spec §2): four figures, the compliance card (ADR 025), recent assets, open actions and the condition spread. */
export default function DashboardPage() {
  const { data: stats, isLoading } = useDashboardStats();
  // A limited area manager's figures cover their areas only: the header says which.
  const { areas, limited } = useMyAreas();

  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle={limited ? `Overview of ${areaNames(areas)}` : 'Overview of your asset estate'} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {isLoading || !stats ? (
          Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-32" data-testid="stat-skeleton" />)
        ) : (
          <>
            <MetricCard title="Total Assets" value={stats.totalAssets} caption={limited ? 'Across your areas' : 'Across all sites'} trend={growthCaption(stats)} icon={Package} />
            <MetricCard
              title="Excellent/Good"
              value={stats.goodCondition}
              caption="In good condition"
              trend={shareCaption(stats.goodCondition, stats.totalAssets)}
              icon={ShieldCheck}
            />
            <MetricCard title="Needs Attention" value={stats.needsAttention} caption="Poor or unsafe" trend="Requires action" icon={AlertTriangle} />
            <MetricCard
              title="Open Actions"
              value={stats.openActions}
              caption="Pending work items"
              trend={highPriorityCaption(stats.highPriorityOpenActions)}
              icon={ClipboardList}
            >
              <Link
                href={`${paths.actions}?overdue=true`}
                className={cn(
                  'mt-1 inline-flex items-center gap-1 text-xs font-medium underline-offset-4 hover:underline',
                  stats.overdueActions > 0 ? 'text-red-800' : 'text-muted-foreground',
                )}
                data-testid="metric-overdue"
              >
                <TriangleAlert className="h-3 w-3" aria-hidden />
                {overdueCaption(stats.overdueActions)}
              </Link>
            </MetricCard>
          </>
        )}
      </div>
      <ComplianceOverviewCard />
      <MyDutiesCard />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <RecentAssets />
        <OpenActions />
      </div>
      <ConditionDistribution stats={stats} isLoading={isLoading} />
    </div>
  );
}

function MetricCard({
  title,
  value,
  caption,
  trend,
  icon: Icon,
  children,
}: {
  title: string;
  value: number;
  caption: string;
  trend: string;
  icon: LucideIcon;
  /** A further line below the trend (the Open Actions card's overdue count). */
  children?: ReactNode;
}) {
  return (
    <Card data-testid="metric-card">
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="h-4 w-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold" data-testid="metric-value">
          {value.toLocaleString('en-GB')}
        </p>
        <p className="text-xs text-muted-foreground">{caption}</p>
        <p className="mt-1 text-xs font-medium" data-testid="metric-trend">
          {trend}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3">
      {Array.from({ length: DASHBOARD_RECENT_ITEMS }, (_, i) => (
        <Skeleton key={i} className="h-10" />
      ))}
    </div>
  );
}

function RecentAssets() {
  const { data: assets, isLoading } = useRecentAssets();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Recent Assets</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <ListSkeleton />
        ) : !assets?.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No assets registered yet</p>
        ) : (
          <ul className="divide-y" aria-label="Recent assets">
            {assets.map((asset) => (
              <li key={asset.id}>
                <Link href={paths.asset(asset.id)} className="flex items-center justify-between gap-3 py-2.5 hover:bg-muted/50">
                  <div className="min-w-0">
                    <p className="font-medium">{asset.assetId}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {ASSET_TYPE_LABELS[asset.type]} · {asset.locationPath}
                    </p>
                  </div>
                  <ConditionBadge condition={asset.condition} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function OpenActions() {
  const { data: actions, isLoading } = useOpenActions();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Open Actions</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <ListSkeleton />
        ) : !actions?.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No open actions</p>
        ) : (
          <ul className="divide-y" aria-label="Open actions">
            {actions.map((action) => (
              <li key={action.id} className="py-2.5" data-testid="open-action">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium">{action.title}</p>
                  {action.overdue && <OverdueBadge />}
                </div>
                <p className={cn('text-xs', action.overdue ? 'font-medium text-red-800' : 'text-muted-foreground')}>{actionTargetText(action, organisationToday())}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ConditionDistribution({ stats, isLoading }: { stats: DashboardStats | undefined; isLoading: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Condition Distribution</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading || !stats ? (
          <ListSkeleton />
        ) : stats.totalAssets === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No data available</p>
        ) : (
          <ul className="space-y-3" aria-label="Condition distribution">
            {CONDITIONS.map((condition) => {
              const count = stats.conditionBreakdown[condition];
              const width = (count / stats.totalAssets) * 100;
              return (
                <li key={condition} className="grid grid-cols-[6rem_1fr_3.5rem] items-center gap-3" data-testid={`condition-row-${condition}`}>
                  <span className="text-sm">{CONDITION_LABELS[condition]}</span>
                  <div className="h-3 overflow-hidden rounded-full bg-muted" aria-hidden>
                    <div className={`h-full rounded-full ${CONDITION_STYLES[condition].bar}`} style={{ width: `${width}%` }} data-testid="condition-bar" />
                  </div>
                  <span className="text-right text-sm font-medium tabular-nums" data-testid="condition-count">
                    {count.toLocaleString('en-GB')}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
