import type { OutboxKind } from '@/lib/offline/device-db';
import { queryClient } from '@/lib/query-client';
import { apiPaths, invalidateAssetHistory, queryKeys } from '@/lib/api-paths';
import { refreshAfterMediaChange } from '@/components/photo-capture/api/refresh-media';
import type { SentItem } from './replay-steps';

/** What the lists that show an item of each kind refresh once it is on the server. */
const REFRESHED_BY: Record<Exclude<OutboxKind, 'photo'>, (item: SentItem) => Array<readonly unknown[]>> = {
  asset: () => [queryKeys.assets, queryKeys.dashboardStats],
  'asset-edit': () => [queryKeys.assets, queryKeys.dashboardStats],
  reading: (item) => [queryKeys.meters, queryKeys.meterReadings(item.refs.meterId ?? '')],
  assessment: () => [queryKeys.assessments, queryKeys.assets, queryKeys.dashboardStats],
  action: () => [queryKeys.actions, queryKeys.dashboardStats],
  'action-status': () => [queryKeys.actions, queryKeys.dashboardStats],
  'action-edit': () => [queryKeys.actions, queryKeys.dashboardStats],
  // An inspection moves the obligation's due date, and a failed one raises a remedial action.
  inspection: () => [queryKeys.obligations, [apiPaths.complianceSummary], [apiPaths.complianceWorklist], queryKeys.actions, queryKeys.dashboardStats],
};

/** Refreshes this page's lists that show an item the outbox has sent (from this page or the service worker). */
export function refreshAfter(item: SentItem): void {
  if (item.kind === 'photo') return refreshAfterMediaChange(item.refs.assetId);
  for (const queryKey of REFRESHED_BY[item.kind](item)) void queryClient.invalidateQueries({ queryKey });
  if (item.kind === 'action' || item.kind === 'action-status' || item.kind === 'action-edit' || item.kind === 'inspection') void invalidateAssetHistory(queryClient);
}
