import type { QueryClient } from '@tanstack/react-query';
import { invalidateAssetHistory } from '@/features/history/api/get-asset-history';

/**
 * After an action changes: every action list (the page's infinite list, an asset's tab, the
 * dashboard's open actions share the '/api/actions' prefix), the dashboard's counts and asset histories.
 */
export function invalidateActionQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/actions'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
    invalidateAssetHistory(queryClient),
  ]);
}
