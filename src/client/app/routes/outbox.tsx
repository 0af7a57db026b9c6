import { useState } from 'react';
import { CloudOff, RefreshCw, Trash2 } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useAuth } from '@/lib/auth';
import { countOf, formatDateTime, formatFileSize } from '@/lib/format';
import { describeKeptWith, discardOutboxItem, keptWith, outboxNoun, replayOutbox, retryOutboxItem, useOutboxItems, type OutboxItem } from '@/lib/outbox';
import { ConflictChoice } from '@/components/domain/conflict-choice';
import { useOnline } from '@/lib/offline/use-online';

/**
 * /outbox (ADR 028): every record made on this device that the server has not yet got, oldest first,
 * with its state: waiting (with the last error and how many tries), or not sent because the server
 * refused it (with the server's reason, Retry and Discard).
 */
export default function OutboxPage() {
  const { user } = useAuth();
  const online = useOnline();
  const items = useOutboxItems(user?.id);
  const [syncing, setSyncing] = useState(false);

  const syncNow = async () => {
    if (!user) return;
    setSyncing(true);
    try {
      await replayOutbox(user.id, { force: true });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <>
      <PageHeader title="Outbox" subtitle="Records made on this device that are still to reach the server" />
      <div className="grid max-w-3xl gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold" data-testid="outbox-count">
            {countOf(items.length, 'item')}
          </h2>
          <Button onClick={() => void syncNow()} disabled={!online || syncing || items.length === 0}>
            <RefreshCw aria-hidden className={syncing ? 'animate-spin' : undefined} /> Sync now
          </Button>
        </div>
        {items.length === 0 ? (
          <EmptyState icon={CloudOff} title="Nothing waiting">
            Everything recorded on this device has reached the server.
          </EmptyState>
        ) : (
          <ol className="grid gap-3" aria-label="Outbox items">
            {items.map((item) => (
              <li key={item.clientId}>
                <OutboxCard item={item} all={items} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

const STATUS_BADGES: Record<OutboxItem['status'], { text: string; className: string }> = {
  waiting: { text: 'Waiting to sync', className: 'border-amber-300 bg-amber-50 text-amber-900' },
  failed: { text: 'Not sent', className: 'border-red-200 bg-red-50 text-red-800' },
  conflict: { text: 'Changed by someone else', className: 'border-red-200 bg-red-50 text-red-800' },
};

/**
 * One item. A record kept with another (ADR 028: a photo with its assessment, an assessment with its
 * new asset) names the record it belongs to and waits while that record is not sent; a record says
 * what goes with it (discarding it discards them too).
 */
function OutboxCard({ item, all }: { item: OutboxItem; all: OutboxItem[] }) {
  const badge = STATUS_BADGES[item.status];
  const parent = item.parent && all.find((other) => other.clientId === item.parent!.clientId);
  const kept = describeKeptWith(keptWith(item, all));
  return (
    <Card className="grid gap-2 p-4" data-testid="outbox-item" data-status={item.status} data-kind={item.kind}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words font-medium">{item.label}</span>
        <Badge className={badge.className}>{badge.text}</Badge>
      </div>
      {item.parent && (
        <p className="text-sm" data-testid="outbox-parent">
          With {item.parent.label}
          {parent && parent.status !== 'waiting' && <span className="text-destructive"> (not sent: this {outboxNoun(item.kind)} waits for it)</span>}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        Made {formatDateTime(new Date(item.createdAt).toISOString())}
        {item.photo?.takenAt && <> · taken {formatDateTime(item.photo.takenAt)}</>}
        {item.photo?.originalSize && <> · resized to {formatFileSize(item.photo.blob.size)} from {formatFileSize(item.photo.originalSize)}</>}
        {kept && <> · {kept} kept with it</>}
        {item.attempts > 0 && <> · {countOf(item.attempts, 'try', 'tries')}</>}
      </p>
      {item.status === 'conflict' && item.conflict ? (
        <ConflictChoice item={item} current={item.conflict.current} />
      ) : (
        item.lastError && (
          <p className={item.status === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'} role={item.status === 'failed' ? 'alert' : undefined}>
            {item.status === 'failed' ? 'The server refused it: ' : 'Last try: '}
            {item.lastError}
          </p>
        )
      )}
      {item.status === 'failed' && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void retryOutboxItem(item.clientId)}>
            <RefreshCw aria-hidden /> Retry
          </Button>
          <Button variant="outline" size="sm" onClick={() => void discardOutboxItem(item.clientId)}>
            <Trash2 aria-hidden /> {kept ? `Discard with its ${kept}` : 'Discard'}
          </Button>
        </div>
      )}
    </Card>
  );
}
