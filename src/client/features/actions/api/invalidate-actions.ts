import type { QueryClient } from '@tanstack/react-query';

/**
 * After an action changes: every action list (the page's infinite list, an asset's tab, the
 * dashboard's open actions share the '/api/actions' prefix) and the dashboard's counts.
 */
export function invalidateActionQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/actions'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
  ]);
}
