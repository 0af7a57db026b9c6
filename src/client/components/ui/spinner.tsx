import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 className={cn('h-8 w-8 animate-spin text-primary', className)} aria-hidden />;
}

/** The centred spinner a protected page shows while the current user loads (spec §2 Access rule). */
export function PageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
      <Spinner />
    </div>
  );
}
