import type { Action } from '@shared/contract/actions';
import { LIST_PAGE_SIZE } from '@shared/domain';
import { apiPaths } from '@/lib/api-paths';
import { useInfiniteList } from '@/lib/use-infinite-list';
import type { ActionSort } from '@shared/domain/actions';

/** The search (trimmed), a status and a priority or 'all', only the overdue or all, and the order. */
export interface ActionListFilters {
  search: string;
  status: string;
  priority: string;
  overdue: boolean;
  sort: ActionSort;
}

/**
 * GET /api/actions, a page at a time. Defaults stay out of the URL ('all', '', newest first, not
 * only the overdue), so the plain list asks exactly what it always has.
 */
export function useActions({ overdue, sort, ...filters }: ActionListFilters) {
  return useInfiniteList<Action>(apiPaths.actions, {
    ...filters,
    overdue: overdue ? 'true' : undefined,
    sort: sort === 'newest' ? undefined : sort,
    limit: LIST_PAGE_SIZE,
  });
}
