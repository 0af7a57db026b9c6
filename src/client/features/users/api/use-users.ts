import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ManagedUser } from '@shared/contract/users';
import { queryKeys } from '@/lib/api-paths';

export interface UserFilters {
  search: string;
  role: string;
  status: string;
}

/**
 * GET /api/users?search=&role=&status= (org admins). While a new search loads, the last answer
 * stays on screen, so a row (and a dialog it has open) is not unmounted under the admin's hand.
 */
export function useUsers(filters: UserFilters) {
  return useQuery<{ items: ManagedUser[]; total: number }>({ queryKey: queryKeys.userList({ ...filters }), placeholderData: keepPreviousData });
}
