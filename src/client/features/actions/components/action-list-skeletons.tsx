import { ACTION_LIST_SKELETONS } from '@shared/domain/actions';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** What the action list shows while it loads: 5 card-shaped placeholders (spec §9). */
export function ActionListSkeletons({ count = ACTION_LIST_SKELETONS }: { count?: number }) {
  return (
    <div className="grid grid-cols-1 gap-4" aria-busy="true" aria-label="Loading actions">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="grid grid-cols-1 gap-3 p-4" data-testid="action-skeleton">
          <div className="flex gap-2">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/2" />
        </Card>
      ))}
    </div>
  );
}
