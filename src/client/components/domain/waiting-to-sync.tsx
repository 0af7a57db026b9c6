import { CloudOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth';
import { countOf, formatDateTime } from '@/lib/format';
import { useOutboxItems, type OutboxKind } from '@/lib/outbox';

/**
 * The records of one kind made on this device for one record (an asset's assessments, a meter's
 * readings, an obligation's inspections), or all of that kind when no record is named (new assets,
 * new actions), that are still in the outbox, shown above the list as "Waiting to sync" (ADR 028),
 * each with the photos kept with it.
 */
export function WaitingToSync({ kind, refKey, refId, label }: { kind: OutboxKind; refKey?: string; refId?: string; label: string }) {
  const { user } = useAuth();
  const all = useOutboxItems(user?.id);
  const items = all.filter((item) => item.kind === kind && (refKey === undefined || item.refs[refKey] === refId));
  if (items.length === 0) return null;
  const photosOf = (clientId: string) => all.filter((child) => child.kind === 'photo' && child.refs.parentClientId === clientId).length;
  return (
    <ol className="grid gap-2" aria-label={label}>
      {items.map((item) => (
        <li key={item.clientId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed p-3 text-sm" data-testid="waiting-item">
          <span className="min-w-0 break-words">
            {item.label}
            {photosOf(item.clientId) > 0 && <span className="text-muted-foreground" data-testid="waiting-photos"> · with {countOf(photosOf(item.clientId), 'photo')}</span>}
          </span>
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
