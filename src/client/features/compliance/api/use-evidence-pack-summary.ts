import { useQuery } from '@tanstack/react-query';
import type { EvidencePackSummary } from '@shared/contract/evidence-pack';
import { queryKeys } from '@/lib/api-paths';

/**
 * GET /api/locations/{id}/evidence-pack/summary: what the location's evidence pack would hold.
 * Read again on every visit: evidence added anywhere below the location changes it, and nothing
 * here could tell which location to refresh.
 */
export function useEvidencePackSummary(locationId: string, enabled: boolean) {
  return useQuery<EvidencePackSummary>({ queryKey: queryKeys.evidencePackSummary(locationId), enabled, refetchOnMount: 'always' });
}
