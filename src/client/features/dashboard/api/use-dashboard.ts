import { useQuery } from '@tanstack/react-query';
import type { Action } from '@shared/contract/actions';
import type { AssetListItem } from '@shared/contract/assets';
import type { DashboardStats } from '@shared/contract/dashboard';
import { DASHBOARD_RECENT_ITEMS } from '@shared/domain';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/dashboard/stats: the four figures and the condition spread. */
export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: queryKeys.dashboardStats });
}

/** GET /api/assets?limit=…: the newest assets. */
export function useRecentAssets() {
  return useQuery<AssetListItem[]>({ queryKey: queryKeys.assetList({ limit: DASHBOARD_RECENT_ITEMS }) });
}

/** GET /api/actions?status=open&limit=…: the newest open actions. */
export function useOpenActions() {
  return useQuery<Action[]>({ queryKey: queryKeys.actionList({ status: 'open', limit: DASHBOARD_RECENT_ITEMS }) });
}
