import { History, User } from 'lucide-react';
import type { HistoryEntry } from '@shared/contract/history';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { LoadMore } from '@/lib/use-infinite-list';
import { useAssetHistory } from '@/features/history/api/use-asset-history';
import { actorName, changeLines, describeEntry } from '@/features/history/describe-entry';

/** The History tab: who changed the asset or its records, when, and what, newest first. */
export function AssetHistory({ assetId }: { assetId: string }) {
  const history = useAssetHistory(assetId);

  return (
    <section aria-label="History" className="grid gap-4">
      <h2 className="text-lg font-semibold">History</h2>
      {history.isLoading ? (
        <div className="grid gap-3" role="status" aria-label="Loading history">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : history.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the history: {errorMessage(history.error)}
        </p>
      ) : history.items.length === 0 ? (
        <EmptyState icon={History} title="No history yet" />
      ) : (
        <>
          <ol className="grid gap-3" aria-label="Change history">
            {history.items.map((entry) => (
              <li key={entry.id}>
                <HistoryEntryCard entry={entry} />
              </li>
            ))}
          </ol>
          <LoadMore list={history} />
        </>
      )}
    </section>
  );
}

function HistoryEntryCard({ entry }: { entry: HistoryEntry }) {
  const lines = changeLines(entry);
  return (
    <Card className="grid gap-2 p-4" data-testid="history-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">{describeEntry(entry)}</h3>
        <time dateTime={entry.at} className="text-sm text-muted-foreground">
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <User className="h-4 w-4" aria-hidden />
        <span data-testid="history-actor">{actorName(entry)}</span>
      </p>
      {lines.length > 0 && (
        <ul className="grid gap-1 border-t pt-2 text-sm" aria-label="Changed fields">
          {lines.map((line) => (
            <li key={line.label} className="break-words" data-testid="history-change">
              <span className="font-medium">{line.label}:</span>{' '}
              {line.before === undefined ? line.after : `${line.before} → ${line.after}`}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
