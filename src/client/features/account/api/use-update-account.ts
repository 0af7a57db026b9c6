import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/contract/auth';
import type { UpdateAccountInput } from '@shared/contract/users';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** PATCH /api/account: the user's own name and email; the sidebar shows the answer at once. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateAccountInput) => (await (await apiRequest('PATCH', apiPaths.account, input)).json()) as User,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user, user),
  });
}
