import type { Action } from '@shared/contract/actions';
import { LIST_PAGE_SIZE } from '@shared/domain';
import { apiPaths } from '@/lib/api-paths';
import { useInfiniteList } from '@/lib/use-infinite-list';

/** The search (trimmed), and a status and a priority or 'all'. */
export interface ActionListFilters {
  search: string;
  status: string;
  priority: string;
}

/** GET /api/actions, newest first, a page at a time; 'all' and '' are left out of the URL. */
export function useActions(filters: ActionListFilters) {
  return useInfiniteList<Action>(apiPaths.actions, { ...filters, limit: LIST_PAGE_SIZE });
}
