import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts } from './use-toast';

/** Radix Toast with the spec's settings: 5000 ms, swipe right (threshold 50), F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-toast-swipe-out data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            t.variant === 'destructive'
              ? 'destructive border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>}
            {t.description && <Toast.Description className="text-sm opacity-90 break-words">{t.description}</Toast.Description>}
            {t.action && (
              <Toast.Action altText={t.action.label} asChild>
                <Link href={t.action.href} className="mt-1 w-fit text-sm font-medium text-primary underline underline-offset-4" onClick={() => dismissToast(t.id)}>
                  {t.action.label}
                </Link>
              </Toast.Action>
            )}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100 focus:outline-none focus:ring-2 focus:ring-ring"
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]" />
    </Toast.Provider>
  );
}
