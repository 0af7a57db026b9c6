import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Action, UpdateActionInput } from '@shared/contract/actions';
import { apiPaths } from '@/lib/api-paths';
import { submitWrite, type WriteOutcome } from '@/lib/outbox';
import { invalidateActionQueries } from './invalidate-actions';

/**
 * PATCH /api/actions/{id} with the Edit Action dialog's changes. With no network (or behind items
 * still waiting) the edit waits in the outbox and is sent later (ADR 028), based on the version shown
 * (If-Match), so a change someone made meanwhile is never overwritten: it becomes a conflict on the
 * Outbox screen. Sent at once it carries no If-Match, as before. The action card shows a kept edit as
 * waiting to sync. The mutation stays pending until the lists have refetched.
 */
export function useUpdateAction(action: Pick<Action, 'id' | 'actionId' | 'updatedAt'> | undefined) {
  const queryClient = useQueryClient();
  const id = action?.id ?? '';
  return useMutation({
    mutationFn: (changes: UpdateActionInput): Promise<WriteOutcome<Action>> =>
      submitWrite<Action>({
        kind: 'action-edit',
        method: 'PATCH',
        url: apiPaths.action(id),
        body: { ...changes },
        label: `Changes to ${action?.actionId ?? 'an action'}`,
        refs: { actionId: id },
        basedOn: action?.updatedAt,
      }),
    onSuccess: (outcome) => (outcome.queued ? undefined : invalidateActionQueries(queryClient)),
  });
}
