import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { ACTION_PRIORITIES, ACTION_SORTS, ACTION_STATUSES, type ActionPriority, type ActionSort, type ActionStatus } from '@shared/domain/actions';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The Actions page's list as its URL holds it; absent values are the defaults (all, newest first). */
export interface ActionListValues {
  search: string;
  status: ActionStatus | 'all';
  priority: ActionPriority | 'all';
  /** Only actions past their target date and not done (?overdue=true, the dashboard's link). */
  overdue: boolean;
  sort: ActionSort;
}

/**
 * The Actions page's search, filters and order, kept in the URL (?search=&status=&priority=
 * &overdue=true&sort=target) like the asset list's (features/assets/use-asset-list-filters.ts), so
 * Back from an asset returns to the same list and a filtered list can be shared or linked to. The
 * search box writes the URL once typing pauses; every change replaces the history entry.
 */
export function useActionListFilters() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const values: ActionListValues = {
    search: urlSearch,
    status: oneOf(ACTION_STATUSES, params.get('status')) ?? 'all',
    priority: oneOf(ACTION_PRIORITIES, params.get('priority')) ?? 'all',
    overdue: params.get('overdue') === 'true',
    sort: oneOf(ACTION_SORTS, params.get('sort')) ?? 'newest',
  };

  const [searchText, setSearchText] = useState(urlSearch);
  const debounced = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // The URL changed under us (the sidebar's Actions link, a search result's link): show its search.
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    if (urlSearch !== debounced) setSearchText(urlSearch);
  }

  /** Sets one parameter; a default value ('all', 'newest', no) leaves it out of the URL. */
  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const setParamRef = useRef(setParam);
  const urlSearchRef = useRef(urlSearch);
  useEffect(() => {
    setParamRef.current = setParam;
    urlSearchRef.current = urlSearch;
  });
  // Only a pause in typing writes the search to the URL.
  useEffect(() => {
    if (debounced !== urlSearchRef.current) setParamRef.current('search', debounced || undefined);
  }, [debounced]);

  return {
    searchText,
    setSearchText,
    values,
    setStatus: (status: string) => setParam('status', status === 'all' ? undefined : status),
    setPriority: (priority: string) => setParam('priority', priority === 'all' ? undefined : priority),
    setOverdue: (overdue: boolean) => setParam('overdue', overdue ? 'true' : undefined),
    setSort: (sort: string) => setParam('sort', sort === 'newest' ? undefined : sort),
  };
}
