import { Link } from 'wouter';
import { CalendarDays, MapPin, UserRound } from 'lucide-react';
import type { ObligationWorkItem } from '@shared/contract/compliance';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { countOf, formatCalendarDate } from '@/lib/format';
import { LoadMore, type InfiniteList } from '@/lib/use-infinite-list';
import { ObligationStatusBadge } from '@/components/domain/obligation-status-badge';

const SKELETONS = 3;

/** The work list: what is due, where, and who answers for it, soonest due first. */
export function ObligationWorkList({ list }: { list: InfiniteList<ObligationWorkItem> }) {
  return (
    <div className="grid min-w-0 gap-3">
      <ul className="grid min-w-0 gap-3" aria-label="Obligations">
        {list.items.map((item) => (
          <li key={item.id} className="min-w-0">
            <WorkItem item={item} />
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </div>
  );
}

function WorkItem({ item }: { item: ObligationWorkItem }) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="obligation-item" data-status={item.status}>
      <div className="grid min-w-0 gap-1">
        <p className="break-words font-semibold">{item.regime.name}</p>
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden />
          <span className="sr-only">{item.asset ? 'Asset' : 'Location'}</span>
          {item.asset ? (
            <span className="min-w-0 truncate">
              <Link href={paths.asset(item.asset.id)} className="font-medium text-primary underline-offset-4 hover:underline">
                {item.asset.code}
              </Link>
              {' · '}
              <Link href={paths.location(item.locationId)} className="underline-offset-4 hover:text-foreground hover:underline">
                {item.locationPath}
              </Link>
            </span>
          ) : (
            <Link href={paths.location(item.locationId)} className="min-w-0 truncate underline-offset-4 hover:text-foreground hover:underline">
              {item.locationPath}
            </Link>
          )}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <UserRound className="h-4 w-4 shrink-0" aria-hidden />
          <span className="sr-only">Responsible</span>
          {item.responsibleName ?? 'No one responsible'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <ObligationStatusBadge status={item.status} />
        <p className="flex items-center gap-1.5 text-sm" data-testid="obligation-due">
          <CalendarDays className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
          {item.nextDueOn ? `Due ${formatCalendarDate(item.nextDueOn)}` : 'No due date'}
        </p>
        {item.daysOverdue > 0 && (
          <p className="text-sm font-medium text-red-800" data-testid="days-overdue">
            {countOf(item.daysOverdue, 'day')} overdue
          </p>
        )}
      </div>
    </Card>
  );
}

export function ObligationWorkListSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true" aria-label="Loading obligations">
      {Array.from({ length: SKELETONS }, (_, i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}
