import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/** POST /api/password-reset {token, password}: the link's new password; then the user signs in. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) => {
      await apiRequest('POST', apiPaths.passwordReset, input);
    },
  });
}
