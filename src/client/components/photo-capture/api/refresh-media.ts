import { queryClient } from '@/lib/query-client';
import { apiPaths, invalidateAssetHistory, invalidateEvidencePacks, queryKeys } from '@/lib/api-paths';

/**
 * After a photo is added or removed: every media list (the asset's Media tab and its count), the
 * asset itself, whose photoUrls the server keeps in step, its history, and the inspection histories
 * (their evidence, ADR 025) that have been opened, with the evidence packs' summaries.
 */
export function refreshAfterMediaChange(assetId: string | null | undefined): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.media });
  void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === apiPaths.obligations && queryKey[2] === 'inspections' });
  if (assetId) void queryClient.invalidateQueries({ queryKey: queryKeys.asset(assetId), exact: true });
  void invalidateAssetHistory(queryClient, assetId);
  void invalidateEvidencePacks(queryClient);
}
