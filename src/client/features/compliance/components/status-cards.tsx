import type { StatusCounts } from '@shared/contract/compliance';
import type { ObligationStatus } from '@shared/domain/compliance';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { OBLIGATION_STATUS_STYLES } from '@/components/domain/obligation-status-badge';

/**
 * The cards, in the order a manager acts on them. Due soon is each regime's own notice period (2 days
 * for a weekly test, 90 for a five-yearly certificate), so the card does not name a number of days.
 */
const CARDS: readonly { status: ObligationStatus; title: string; caption: string }[] = [
  { status: 'overdue', title: 'Overdue', caption: 'Past their due date' },
  { status: 'due_soon', title: 'Due soon', caption: "Within the regime's notice period" },
  { status: 'unknown', title: 'Unknown', caption: 'Never inspected: no evidence' },
  { status: 'failed', title: 'Failed', caption: 'Last inspection failed' },
  { status: 'compliant', title: 'Compliant', caption: 'Inspected and in date' },
];

const GRID = 'grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5';

/**
 * The scope's obligations per status, in the dashboard's card style. A card filters the work list to
 * its status; pressing it again clears the filter.
 */
export function StatusCards({ counts, selected, onSelect }: { counts: StatusCounts; selected?: ObligationStatus; onSelect: (status: ObligationStatus | undefined) => void }) {
  return (
    <div className={GRID} role="group" aria-label="Obligations by status">
      {CARDS.map(({ status, title, caption }) => {
        const { icon: Icon, badge } = OBLIGATION_STATUS_STYLES[status];
        const pressed = selected === status;
        return (
          <button
            key={status}
            type="button"
            aria-pressed={pressed}
            onClick={() => onSelect(pressed ? undefined : status)}
            data-testid="status-card"
            data-status={status}
            className={cn(
              'flex flex-col gap-2 rounded-lg border bg-card p-4 text-left text-card-foreground shadow-sm transition-colors hover:bg-accent/50',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
              pressed && 'border-primary ring-2 ring-primary',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium">{title}</span>
              <span className={cn('rounded-full border p-1', badge)}>
                <Icon className="h-4 w-4" aria-hidden />
              </span>
            </span>
            <span className="text-3xl font-bold tabular-nums" data-testid="status-card-value">
              {formatNumber(counts[status])}
            </span>
            <span className="text-xs text-muted-foreground">{caption}</span>
          </button>
        );
      })}
    </div>
  );
}

export function StatusCardsSkeleton() {
  return (
    <div className={GRID} aria-hidden>
      {CARDS.map(({ status }) => (
        <Skeleton key={status} className="h-32" data-testid="status-card-skeleton" />
      ))}
    </div>
  );
}
