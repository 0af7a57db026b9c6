import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedUser, UpdateUserInput } from '@shared/contract/users';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** Refreshes what a change to a user shows: the user lists and the administrative changes. */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.users }), queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit })]);
}

/** PATCH /api/users/{id}: a new role, deactivate / reactivate, or an area manager's areas. */
export function useUpdateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: async ({ id, ...input }: UpdateUserInput & { id: string }) =>
      (await (await apiRequest('PATCH', apiPaths.managedUser(id), input)).json()) as ManagedUser,
    onSuccess: refresh,
  });
}
