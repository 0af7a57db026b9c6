import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Action, CreateActionInput } from '@shared/contract/actions';
import { invalidateActionQueries } from './invalidate-actions';
import { apiPaths } from '@/lib/api-paths';
import { submitWrite, type PhotoToKeep, type WriteOutcome } from '@/lib/outbox';

/**
 * POST /api/actions. With no network the action is kept in the outbox and sent later (ADR 028), and
 * so are the photos chosen in its form (`takePhotos`, asked only then): each is sent after it,
 * linked to it. The action lists show it as waiting to sync meanwhile.
 */
export function useCreateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, takePhotos }: { input: CreateActionInput; takePhotos?: () => PhotoToKeep[] }): Promise<WriteOutcome<Action>> =>
      submitWrite<Action>(
        {
          kind: 'action',
          method: 'POST',
          url: apiPaths.actions,
          body: { ...input },
          label: `New action: ${input.title}`,
          refs: input.assetId ? { assetId: input.assetId } : {},
        },
        takePhotos && { take: takePhotos, field: 'actionId', ...(input.assetId && { assetId: input.assetId }) },
      ),
    onSuccess: (outcome) => (outcome.queued ? undefined : invalidateActionQueries(queryClient)),
  });
}
