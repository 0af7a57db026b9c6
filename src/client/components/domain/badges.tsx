import { AlertTriangle, CheckCircle2, CircleCheck, MinusCircle, OctagonX, TriangleAlert, type LucideIcon } from 'lucide-react';
import {
  ACTION_PRIORITY_LABELS,
  ACTION_STATUS_LABELS,
  ASSET_STATUS_LABELS,
  COMPLIANCE_LABELS,
  CONDITION_LABELS,
  type ActionPriority,
  type ActionStatus,
  type AssetStatus,
  type ComplianceValue,
  type Condition,
} from '@shared/domain';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** Each condition's label, icon and colour, used the same everywhere (spec §3 Condition values). */
export const CONDITION_STYLES: Record<Condition, { icon: LucideIcon; badge: string; bar: string }> = {
  excellent: { icon: CheckCircle2, badge: 'border-emerald-200 bg-emerald-50 text-emerald-800', bar: 'bg-emerald-500' },
  good: { icon: CircleCheck, badge: 'border-green-200 bg-green-50 text-green-800', bar: 'bg-green-500' },
  fair: { icon: MinusCircle, badge: 'border-amber-200 bg-amber-50 text-amber-800', bar: 'bg-amber-500' },
  poor: { icon: AlertTriangle, badge: 'border-orange-200 bg-orange-50 text-orange-800', bar: 'bg-orange-500' },
  unsafe: { icon: OctagonX, badge: 'border-red-200 bg-red-50 text-red-800', bar: 'bg-red-600' },
};

export function ConditionBadge({ condition, className }: { condition: Condition; className?: string }) {
  const { icon: Icon, badge } = CONDITION_STYLES[condition];
  return (
    <Badge className={cn(badge, className)} data-condition={condition}>
      <Icon className="h-3 w-3" aria-hidden />
      {CONDITION_LABELS[condition]}
    </Badge>
  );
}

const PRIORITY_STYLES: Record<ActionPriority, string> = {
  critical: 'border-red-200 bg-red-50 text-red-800',
  high: 'border-orange-200 bg-orange-50 text-orange-800',
  medium: 'border-amber-200 bg-amber-50 text-amber-800',
  low: 'border-slate-200 bg-slate-50 text-slate-700',
};

export function PriorityBadge({ priority }: { priority: ActionPriority }) {
  return (
    <Badge className={PRIORITY_STYLES[priority]} data-priority={priority}>
      {ACTION_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

const ACTION_STATUS_STYLES: Record<ActionStatus, string> = {
  open: 'border-blue-200 bg-blue-50 text-blue-800',
  in_progress: 'border-indigo-200 bg-indigo-50 text-indigo-800',
  waiting: 'border-amber-200 bg-amber-50 text-amber-800',
  completed: 'border-green-200 bg-green-50 text-green-800',
  verified: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  closed: 'border-slate-200 bg-slate-100 text-slate-700',
};

export function ActionStatusBadge({ status }: { status: ActionStatus }) {
  return (
    <Badge className={ACTION_STATUS_STYLES[status]} data-status={status}>
      {ACTION_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * An action past its target date with its work not done (the API's `overdue`): red, with an icon and
 * the word, so colour is never the only cue. The compliance screens' overdue badge looks the same.
 */
export function OverdueBadge() {
  return (
    <Badge className="border-red-200 bg-red-50 text-red-800" data-testid="overdue-badge">
      <TriangleAlert className="h-3 w-3" aria-hidden />
      Overdue
    </Badge>
  );
}

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return (
    <Badge className="border-slate-200 bg-slate-50 text-slate-700" data-status={status}>
      {ASSET_STATUS_LABELS[status]}
    </Badge>
  );
}

const COMPLIANCE_STYLES: Record<ComplianceValue, string> = {
  yes: 'border-green-200 bg-green-50 text-green-800',
  no: 'border-red-200 bg-red-50 text-red-800',
  na: 'border-slate-200 bg-slate-50 text-slate-600',
};

export function ComplianceBadge({ label, value }: { label: string; value: ComplianceValue }) {
  return (
    <Badge className={COMPLIANCE_STYLES[value]} data-compliance={value}>
      {label}: {COMPLIANCE_LABELS[value]}
    </Badge>
  );
}
