import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** What a list shows when it has nothing: an icon, the spec's text, and an optional next step. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed bg-background px-6 py-12 text-center">
      <Icon className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-medium">{title}</p>
      {children}
    </div>
  );
}
