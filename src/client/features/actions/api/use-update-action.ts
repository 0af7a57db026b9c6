import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Action, UpdateActionInput } from '@shared/contract/actions';
import { apiRequest } from '@/lib/api-client';
import { invalidateActionQueries } from './invalidate-actions';
import { apiPaths } from '@/lib/api-paths';

/**
 * PATCH /api/actions/{id}. The mutation stays pending until the lists have refetched, so a card's
 * status select does not flick back to the old value in between.
 */
export function useUpdateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateActionInput }) =>
      (await (await apiRequest('PATCH', apiPaths.action(id), changes)).json()) as Action,
    onSuccess: () => invalidateActionQueries(queryClient),
  });
}
