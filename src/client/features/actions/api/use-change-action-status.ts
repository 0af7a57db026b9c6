import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Action } from '@shared/contract/actions';
import type { ActionStatus } from '@shared/domain';
import { ACTION_STATUS_LABELS } from '@shared/domain';
import { apiPaths } from '@/lib/api-paths';
import { submitWrite, type WriteOutcome } from '@/lib/outbox';
import { invalidateActionQueries } from './invalidate-actions';

/**
 * PATCH /api/actions/{id} with a new status (an action card's quick change). With no network the
 * change waits in the outbox and is sent later (ADR 028), based on the version shown (If-Match), so a
 * change someone made meanwhile is never overwritten: it becomes a conflict on the Outbox screen.
 * The card shows it as waiting to sync.
 * The mutation stays pending until the lists have refetched, so the select does not flick back.
 */
export function useChangeActionStatus(action: Pick<Action, 'id' | 'actionId' | 'updatedAt'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ActionStatus): Promise<WriteOutcome<Action>> =>
      submitWrite<Action>({
        kind: 'action-status',
        method: 'PATCH',
        url: apiPaths.action(action.id),
        body: { status },
        label: `${action.actionId}: status to ${ACTION_STATUS_LABELS[status]}`,
        refs: { actionId: action.id },
        basedOn: action.updatedAt,
      }),
    onSuccess: (outcome) => (outcome.queued ? undefined : invalidateActionQueries(queryClient)),
  });
}
