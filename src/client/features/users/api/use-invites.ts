import { useQuery } from '@tanstack/react-query';
import type { Invite } from '@shared/contract/users';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/invites: every invite, newest first. */
export function useInvites() {
  return useQuery<Invite[]>({ queryKey: queryKeys.invites });
}
