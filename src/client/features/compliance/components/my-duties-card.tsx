import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import type { ObligationWorkItem } from '@shared/contract/compliance';
import type { ObligationStatus } from '@shared/domain/compliance';
import { ObligationStatusBadge } from '@/components/domain/obligation-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatCalendarDate } from '@/lib/format';
import { useAuth } from '@/lib/auth';
import { useComplianceWorklist } from '@/features/compliance/api/use-compliance-worklist';

/** What the card lists: duties that need the person now. */
const NEEDS_YOU: readonly ObligationStatus[] = ['failed', 'overdue', 'due_soon'];
const SHOWN = 5;

/**
 * "Due for you" (ADR 025, reminders): on the dashboard, the first thing after signing in, the
 * inspections the user answers for that are failed, overdue or due soon, soonest due first, each
 * opening its asset or location. Shown only to someone responsible for at least one duty.
 */
export function MyDutiesCard() {
  const { user } = useAuth();
  // The work list is soonest due first, so the overdue and due soon lead it.
  const list = useComplianceWorklist({ responsibleUserId: user?.id });
  if (!user || list.isError || (!list.isLoading && list.items.length === 0)) return null;
  const needing = list.items.filter((item) => NEEDS_YOU.includes(item.status));

  return (
    <Card data-testid="my-duties">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-lg">Due for you</CardTitle>
        <Link href={`${paths.compliance}?mine=1`} className="flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
          All yours <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </CardHeader>
      <CardContent>
        {list.isLoading ? (
          <Skeleton className="h-16" />
        ) : needing.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing of yours is overdue or due soon.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Inspections due for you">
            {needing.slice(0, SHOWN).map((item) => (
              <li key={item.id}>
                <Duty item={item} />
              </li>
            ))}
            {needing.length > SHOWN && <li className="text-sm text-muted-foreground">and {needing.length - SHOWN} more in your list</li>}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Duty({ item }: { item: ObligationWorkItem }) {
  const href = item.asset ? paths.asset(item.asset.id) : `${paths.location(item.locationId)}?tab=compliance`;
  return (
    <Link href={href} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm hover:bg-muted/50" data-testid="my-duty">
      <span className="grid min-w-0 gap-0.5">
        <span className="break-words font-medium">{item.regime.name}</span>
        <span className="break-words text-muted-foreground">
          {item.asset ? `${item.asset.code} · ` : ''}
          {item.locationPath}
        </span>
      </span>
      <span className="flex items-center gap-2">
        {item.nextDueOn && <span className="text-muted-foreground">{formatCalendarDate(item.nextDueOn)}</span>}
        <ObligationStatusBadge status={item.status} />
      </span>
    </Link>
  );
}
