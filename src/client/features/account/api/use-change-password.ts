import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shared/contract/users';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/** POST /api/account/password: the user's other sessions end; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      await apiRequest('POST', apiPaths.accountPassword, input);
    },
  });
}
