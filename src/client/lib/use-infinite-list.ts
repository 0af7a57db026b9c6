import { createElement, useEffect, useMemo, useRef, useState, type ReactElement, type RefObject } from 'react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { fetchPage, urlFromQueryKey, type Page } from './api-client';
import { Button } from '@/components/ui/button';

export type ListParams = Record<string, string | number | undefined>;

/** Marks infinite-list keys, so they never share a cache entry with a plain `[url, params]` query. */
const INFINITE = { infinite: true } as const;

/**
 * The query key of an infinite list. It starts with the URL like every other key, so invalidating
 * `[url]` (a prefix) refreshes the list too.
 */
export function infiniteListKey(url: string, params: ListParams) {
  return [url, { ...params }, INFINITE] as const;
}

/** The URL of one page: the params (skipping empty and 'all', as urlFromQueryKey does) plus the cursor. */
function pageUrl(url: string, params: ListParams, cursor: string | null): string {
  return urlFromQueryKey([url, { ...params, cursor: cursor ?? undefined }]);
}

export interface InfiniteList<T> {
  /** Every row loaded so far, in order. */
  items: T[];
  isLoading: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  fetchNextPage: () => void;
  isFetchingNextPage: boolean;
}

/**
 * A keyset-paginated list (GET returning an array plus the `x-next-cursor` header), loaded one page
 * at a time. Pair it with <LoadMore /> to fetch the next page as the user scrolls. `queryKey` replaces
 * the default key when the list must refresh with another resource (an asset's history with the asset).
 */
export function useInfiniteList<T>(url: string, params: ListParams, queryKey: readonly unknown[] = infiniteListKey(url, params)): InfiniteList<T> {
  const query = useInfiniteQuery<Page<T>, Error, InfiniteData<Page<T>>, readonly unknown[], string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage<T>(pageUrl(url, params, pageParam), signal),
    initialPageParam: null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  // Stable between renders while no page changes, so callers may use it in effect dependencies.
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return {
    items,
    isLoading: query.isLoading,
    isError: query.isError,
    error: query.error,
    hasNextPage,
    // A second call while a page is on its way would fetch the same page again.
    fetchNextPage: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    isFetchingNextPage,
  };
}

/**
 * Calls `onVisible` when the target scrolls into view (within `rootMargin`), e.g. a sentinel under
 * the last card. The target is a ref or the element itself (from a callback ref kept in state).
 * Does nothing while `enabled` is false.
 */
export function useLoadMoreOnScroll(
  target: RefObject<Element | null> | Element | null,
  onVisible: () => void,
  enabled: boolean,
  rootMargin = '400px',
): void {
  // Keep the latest callback without re-creating the observer on every render.
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = target instanceof Element ? target : target?.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, rootMargin]);
}

/**
 * Put under a list: fetches the next page when it scrolls into view, and shows a 'Load more' button
 * as a fallback (keyboard users, or no IntersectionObserver). Renders nothing on the last page.
 * (Written with createElement so the hook and its companion stay in this one .ts module.)
 */
export function LoadMore({ list }: { list: Pick<InfiniteList<unknown>, 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'> }): ReactElement | null {
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  useLoadMoreOnScroll(sentinel, list.fetchNextPage, list.hasNextPage && !list.isFetchingNextPage);
  if (!list.hasNextPage) return null;
  return createElement(
    'div',
    { ref: setSentinel, className: 'flex justify-center py-4', 'data-testid': 'load-more' },
    createElement(
      Button,
      { type: 'button', variant: 'outline', onClick: list.fetchNextPage, disabled: list.isFetchingNextPage },
      list.isFetchingNextPage ? 'Loading more…' : 'Load more',
    ),
  );
}
