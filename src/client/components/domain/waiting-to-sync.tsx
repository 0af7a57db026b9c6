import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { describeKeptWith, keptWith, useOutboxItems, type OutboxItem, type OutboxKind } from '@/lib/outbox';

/**
 * The records of one kind made on this device for one record (an asset's assessments, a meter's
 * readings, an obligation's inspections), or all of that kind when no record is named (new assets,
 * new actions), that are still in the outbox, shown above the list as "Waiting to sync" (ADR 028),
 * each with what is kept with it (its photos, a new asset's first assessment). `actions` adds
 * buttons to an item (a new asset's Add Assessment).
 */
export function WaitingToSync({
  kind,
  refKey,
  refId,
  label,
  actions,
}: {
  kind: OutboxKind;
  refKey?: string;
  refId?: string;
  label: string;
  actions?: (item: OutboxItem) => ReactNode;
}) {
  const { user } = useAuth();
  const all = useOutboxItems(user?.id);
  const items = all.filter((item) => item.kind === kind && (refKey === undefined || item.refs[refKey] === refId));
  if (items.length === 0) return null;
  return (
    <ol className="grid gap-2" aria-label={label}>
      {items.map((item) => {
        const kept = describeKeptWith(keptWith(item, all));
        return (
          <li key={item.clientId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed p-3 text-sm" data-testid="waiting-item">
            <span className="min-w-0 break-words">
              {item.label}
              {kept && <span className="text-muted-foreground" data-testid="waiting-kept-with"> · with {kept}</span>}
            </span>
            <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
              <time dateTime={new Date(item.createdAt).toISOString()}>{formatDateTime(new Date(item.createdAt).toISOString())}</time>
              <Badge className={item.status === 'failed' ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-300 bg-amber-50 text-amber-900'}>
                <CloudOff className="mr-1 h-3 w-3" aria-hidden />
                {item.status === 'failed' ? 'Not sent: see Outbox' : 'Waiting to sync'}
              </Badge>
              {actions?.(item)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
