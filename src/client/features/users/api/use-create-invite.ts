import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteInput, Invite } from '@shared/contract/users';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** POST /api/invites: the invite and its link, shown once. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateInviteInput) =>
      (await (await apiRequest('POST', apiPaths.invites, input)).json()) as { invite: Invite; url: string },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.invites }), queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit })]),
  });
}
