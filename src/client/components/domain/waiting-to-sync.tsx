import { CloudOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { useOutboxItems, type OutboxKind } from '@/lib/outbox';

/**
 * The records of one kind made on this device for one record (an asset's assessments, a meter's
 * readings) that are still in the outbox, shown above the list as "Waiting to sync" (ADR 028).
 */
export function WaitingToSync({ kind, refKey, refId, label }: { kind: OutboxKind; refKey: string; refId: string; label: string }) {
  const { user } = useAuth();
  const items = useOutboxItems(user?.id).filter((item) => item.kind === kind && item.refs[refKey] === refId);
  if (items.length === 0) return null;
  return (
    <ol className="grid gap-2" aria-label={label}>
      {items.map((item) => (
        <li key={item.clientId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed p-3 text-sm" data-testid="waiting-item">
          <span className="min-w-0 break-words">{item.label}</span>
          <span className="flex items-center gap-2 text-muted-foreground">
            <time dateTime={new Date(item.createdAt).toISOString()}>{formatDateTime(new Date(item.createdAt).toISOString())}</time>
            <Badge className={item.status === 'failed' ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-300 bg-amber-50 text-amber-900'}>
              <CloudOff className="mr-1 h-3 w-3" aria-hidden />
              {item.status === 'failed' ? 'Not sent: see Outbox' : 'Waiting to sync'}
            </Badge>
          </span>
        </li>
      ))}
    </ol>
  );
}
