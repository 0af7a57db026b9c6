import { AlertTriangle, CloudOff, WifiOff } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { countOf } from '@/lib/format';
import { OUTBOX_STALE_MS, useOutboxItems, useOutboxReplay } from '@/lib/outbox';
import { useOnline } from '@/lib/offline/use-online';

/**
 * Shown only while the device is offline or has records waiting to be sent (ADR 028): how many wait,
 * a warning when one has waited more than 24 hours, and a link to the Outbox. Office users with a
 * network and nothing waiting never see it. It also keeps the outbox replaying while the app is open.
 */
export function ConnectionBanner() {
  const online = useOnline();
  const { user } = useAuth();
  useOutboxReplay(user?.id);
  const items = useOutboxItems(user?.id);
  const waiting = items.filter((item) => item.status === 'waiting');
  const failed = items.length - waiting.length;
  // eslint-disable-next-line react-hooks/purity -- the age is checked at each render, which every outbox change triggers
  const stale = waiting.some((item) => Date.now() - item.createdAt > OUTBOX_STALE_MS);
  if (online && items.length === 0) return null;

  return (
    <div role="status" data-testid="connection-banner" className="grid gap-1 border-b bg-amber-50 px-4 py-1.5 text-sm text-amber-900 md:px-6">
      {!online && (
        <p className="flex items-start gap-2">
          <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">You are offline. The app shows what this device holds; what you record is kept here and sent when the connection returns.</span>
        </p>
      )}
      {items.length > 0 && (
        <p className="flex items-start gap-2" data-testid="outbox-summary">
          <CloudOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">
            {waiting.length > 0 && <>{countOf(waiting.length, 'item')} waiting to sync. </>}
            {failed > 0 && <>{countOf(failed, 'item')} not sent. </>}
            <Link href={paths.outbox} className="font-medium underline underline-offset-2">
              Open the Outbox
            </Link>
          </span>
        </p>
      )}
      {stale && (
        <p className="flex items-start gap-2 font-medium text-red-800" data-testid="outbox-stale">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">Something has waited more than 24 hours: connect to the internet to send it.</span>
        </p>
      )}
    </div>
  );
}
