import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { useRefreshUsers } from './use-update-user';

/** POST /api/users/{id}/password-reset: a one-time link, shown once to the admin. */
export function useCreatePasswordReset() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: async (id: string) => (await (await apiRequest('POST', apiPaths.userPasswordReset(id))).json()) as { url: string; expiresAt: string },
    onSuccess: refresh,
  });
}
