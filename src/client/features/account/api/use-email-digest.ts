import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailDigest, UpdateEmailDigest } from '@shared/contract/email-digest';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** GET /api/account/email-digest: whether the server sends email, and whether the user wants digests. */
export function useEmailDigest() {
  return useQuery<EmailDigest>({ queryKey: queryKeys.emailDigest });
}

/** PUT /api/account/email-digest: switch the user's digests on or off. */
export function useSetEmailDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateEmailDigest) => (await (await apiRequest('PUT', apiPaths.emailDigest, body)).json()) as EmailDigest,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.emailDigest, data),
  });
}
