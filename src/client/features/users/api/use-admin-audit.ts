import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAuditEntry } from '@shared/contract/users';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

interface AuditPage {
  items: AdminAuditEntry[];
  nextCursor: string | null;
}

/** GET /api/admin/audit?cursor=: administrative changes, newest first, a page at a time. */
export function useAdminAudit() {
  const query = useInfiniteQuery({
    queryKey: queryKeys.adminAudit,
    queryFn: async ({ pageParam }) => {
      const url = pageParam ? `${apiPaths.adminAudit}?cursor=${encodeURIComponent(pageParam)}` : apiPaths.adminAudit;
      return (await (await apiRequest('GET', url)).json()) as AuditPage;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  return { ...query, items };
}
