import { WifiOff } from 'lucide-react';
import { useOnline } from '@/lib/offline/use-online';

/**
 * Shown only while the device has no network (ADR 028): what is on screen may be out of date, and
 * the app keeps working from what this device holds. Office users with a network never see it.
 */
export function ConnectionBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" data-testid="connection-banner" className="flex items-start gap-2 border-b bg-amber-50 px-4 py-1.5 text-sm text-amber-900 md:px-6">
      <WifiOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <p className="min-w-0 break-words">You are offline. The app shows what this device holds.</p>
    </div>
  );
}
