import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@shared/contract/users';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/settings (org admins): registration mode and the permissions withdrawn from each role. */
export function useSettings() {
  return useQuery<Settings>({ queryKey: queryKeys.settings });
}
