import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** DELETE /api/invites/{id}: the link stops working. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', apiPaths.invite(id));
    },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.invites }), queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit })]),
  });
}
