import { useQuery } from '@tanstack/react-query';
import type { Role } from '@shared/domain/roles';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

export interface InvitePreview {
  role: Role;
  email: string | null;
  expiresAt: string;
}

/**
 * POST /api/invites/lookup {token}: the invite's role before the invitee registers. A POST, so the
 * token travels in the body, never in a URL a log could keep. Not cached beyond this page.
 */
export function useInvitePreview(token: string) {
  return useQuery<InvitePreview>({
    queryKey: queryKeys.invitePreview(token),
    queryFn: async () => (await (await apiRequest('POST', apiPaths.inviteLookup, { token })).json()) as InvitePreview,
    enabled: token !== '',
    gcTime: 0,
  });
}
