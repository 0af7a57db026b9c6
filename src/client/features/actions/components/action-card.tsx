import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Box, CalendarDays, Pencil, Tag, User, type LucideIcon } from 'lucide-react';
import type { Action } from '@shared/contract/actions';
import { ACTION_CATEGORY_LABELS, ACTION_STATUS_LABELS, ACTION_STATUSES, type ActionStatus } from '@shared/domain/actions';
import { ActionStatusBadge, OverdueBadge, PriorityBadge } from '@/components/domain/badges';
import { actionTargetText } from '@/components/domain/action-target';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { organisationToday } from '@/lib/organisation-today';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/permissions';
import { DisabledWithReason } from '@/components/ui/disabled-with-reason';
import { Badge } from '@/components/ui/badge';
import { useChangeActionStatus } from '@/features/actions/api/use-change-action-status';
import { useAuth } from '@/lib/auth';
import { useOutboxItems, withWaitingChanges } from '@/lib/outbox';
import { ActionFormDialog } from './action-form-dialog';

/** One remedial action (spec §2 Actions): what, how urgent, who and when, with quick status change and Edit. */
export function ActionCard({ action }: { action: Action }) {
  const titleId = useId();
  const statusId = useId();
  const [editing, setEditing] = useState(false);
  const updateAction = useChangeActionStatus(action);
  // ADR 024: progressing an action is action.update; without it the controls say why.
  const { can, reason } = useCan();
  const mayUpdate = can('action.update', { creatorId: action.createdBy });
  // A change made offline (its status, or the whole action edited) and still in the outbox (the
  // newest), shown until it reaches the server.
  const { user } = useAuth();
  const mine = useOutboxItems(user?.id).filter((item) => (item.kind === 'action-status' || item.kind === 'action-edit') && item.refs.actionId === action.id);
  const waiting = mine.at(-1);
  // Edit opens on the action as the changes still waiting will leave it, so a second edit made before
  // the first is sent does not put back what the first changed (it is sent after it, ADR 028).
  const toEdit = withWaitingChanges(action, mine, { assetId: 'assetCode' });
  // While the change is saved (and the list refetched) the select shows the chosen status.
  const status: ActionStatus = (updateAction.isPending && updateAction.variables) || (waiting?.body.status as ActionStatus | undefined) || action.status;

  const changeStatus = (next: ActionStatus) =>
    updateAction.mutate(
      next,
      {
        onSuccess: (outcome) =>
          outcome.queued
            ? toast({ title: 'Status change saved on this device', description: 'It will be sent when the connection returns' })
            : toast({ title: 'Action updated', description: 'The action status has been changed' }),
        onError: (error) => toast({ title: 'Failed to update action', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3 p-4" data-testid="action-card" data-action-id={action.actionId}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium text-muted-foreground">{action.actionId}</span>
        <PriorityBadge priority={action.priority} />
        <ActionStatusBadge status={action.status} />
        {action.overdue && <OverdueBadge />}
        {waiting && (
          <Badge className="border-amber-300 bg-amber-50 text-amber-900" data-testid="action-waiting">
            {waiting.status === 'waiting' ? 'Waiting to sync' : 'Not sent: see Outbox'}
          </Badge>
        )}
      </div>
      <div className="min-w-0">
        <h3 id={titleId} className="break-words text-base font-semibold">
          {action.title}
        </h3>
        {action.description && <p className="mt-1 line-clamp-3 whitespace-pre-line break-words text-sm text-muted-foreground">{action.description}</p>}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm text-muted-foreground sm:grid-cols-2">
        <Detail icon={User} label="Assignee">
          {action.assignee ?? 'Unassigned'}
        </Detail>
        <Detail icon={CalendarDays} label="Target date" className={cn(action.overdue && 'font-medium text-red-800')}>
          {actionTargetText(action, organisationToday())}
        </Detail>
        <Detail icon={Tag} label="Category">
          {ACTION_CATEGORY_LABELS[action.category]}
        </Detail>
        {action.assetId && (
          <Detail icon={Box} label="Asset">
            <Link href={paths.asset(action.assetId)} className="font-medium text-primary underline-offset-4 hover:underline">
              {action.assetCode ?? 'View asset'}
            </Link>
          </Detail>
        )}
      </dl>
      <div className="flex flex-col gap-2 border-t pt-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5 sm:w-48">
          <label htmlFor={statusId} className="text-xs font-medium text-muted-foreground">
            Status
          </label>
          <NativeSelect
            id={statusId}
            value={status}
            disabled={updateAction.isPending || !mayUpdate}
            title={mayUpdate ? undefined : reason('action.update')}
            onChange={(e) => changeStatus(e.target.value as ActionStatus)}
          >
            {ACTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ACTION_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {mayUpdate ? (
          <Button type="button" variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden /> Edit
          </Button>
        ) : (
          <DisabledWithReason reason={reason('action.update')}>
            <Pencil aria-hidden /> Edit
          </DisabledWithReason>
        )}
      </div>
      <ActionFormDialog open={editing} onOpenChange={setEditing} action={toEdit} />
    </Card>
  );
}

function Detail({ icon: Icon, label, className, children }: { icon: LucideIcon; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-1.5', className)}>
      <dt>
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 truncate">{children}</dd>
    </div>
  );
}
