import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { useRefreshUsers } from './use-update-user';

/** POST /api/users/{id}/reject: the pending account is removed. */
export function useRejectUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('POST', apiPaths.rejectUser(id));
    },
    onSuccess: refresh,
  });
}
