import { CalendarClock, CircleCheck, CircleHelp, CirclePause, MinusCircle, OctagonX, TriangleAlert, type LucideIcon } from 'lucide-react';
import { OBLIGATION_STATUS_LABELS, type ObligationStatus } from '@shared/domain/compliance';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/**
 * Each obligation status's icon and colours, the same on the cards, the matrix and the work list.
 * Unknown (never evidenced) is grey with a question mark: it must never read as green.
 */
export const OBLIGATION_STATUS_STYLES: Record<ObligationStatus, { icon: LucideIcon; badge: string; cell: string }> = {
  failed: { icon: OctagonX, badge: 'border-red-300 bg-red-100 text-red-900', cell: 'bg-red-100 text-red-900' },
  unknown: { icon: CircleHelp, badge: 'border-slate-300 bg-slate-100 text-slate-800', cell: 'bg-slate-200 text-slate-900' },
  overdue: { icon: TriangleAlert, badge: 'border-red-200 bg-red-50 text-red-800', cell: 'bg-red-50 text-red-800' },
  due_soon: { icon: CalendarClock, badge: 'border-amber-200 bg-amber-50 text-amber-900', cell: 'bg-amber-50 text-amber-900' },
  compliant: { icon: CircleCheck, badge: 'border-green-200 bg-green-50 text-green-800', cell: 'bg-green-50 text-green-800' },
  suspended: { icon: CirclePause, badge: 'border-slate-200 bg-background text-muted-foreground', cell: 'bg-muted/50 text-muted-foreground' },
  not_applicable: { icon: MinusCircle, badge: 'border-slate-200 bg-background text-muted-foreground', cell: 'bg-muted/50 text-muted-foreground' },
};

/** An obligation's (or a roll-up's worst) status: icon, label and colour, so colour is never the only cue. */
export function ObligationStatusBadge({ status, className }: { status: ObligationStatus; className?: string }) {
  const { icon: Icon, badge } = OBLIGATION_STATUS_STYLES[status];
  return (
    <Badge className={cn(badge, className)} data-status={status}>
      <Icon className="h-3 w-3" aria-hidden />
      {OBLIGATION_STATUS_LABELS[status]}
    </Badge>
  );
}
