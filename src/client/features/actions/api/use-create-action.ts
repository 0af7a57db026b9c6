import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Action, CreateActionInput } from '@shared/contract/actions';
import { apiRequest } from '@/lib/api-client';
import { invalidateActionQueries } from './invalidate-actions';
import { apiPaths } from '@/lib/api-paths';

/** POST /api/actions. */
export function useCreateAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateActionInput) => (await (await apiRequest('POST', apiPaths.actions, input)).json()) as Action,
    onSuccess: () => invalidateActionQueries(queryClient),
  });
}
