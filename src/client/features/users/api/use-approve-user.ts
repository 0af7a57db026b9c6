import { useMutation } from '@tanstack/react-query';
import type { ManagedUser } from '@shared/contract/users';
import type { Role } from '@shared/domain/roles';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { useRefreshUsers } from './use-update-user';

/** POST /api/users/{id}/approve {role}: the pending account becomes active with that role. */
export function useApproveUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: async ({ id, role }: { id: string; role: Role }) =>
      (await (await apiRequest('POST', apiPaths.approveUser(id), { role })).json()) as ManagedUser,
    onSuccess: refresh,
  });
}
