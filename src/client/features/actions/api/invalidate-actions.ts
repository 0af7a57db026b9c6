import type { QueryClient } from '@tanstack/react-query';
import { invalidateAssetHistory, queryKeys } from '@/lib/api-paths';

/**
 * After an action changes: every action list (the page's infinite list, an asset's tab, the
 * dashboard's open actions share one key prefix), the dashboard's counts and asset histories.
 */
export function invalidateActionQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.actions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
    invalidateAssetHistory(queryClient),
  ]);
}
