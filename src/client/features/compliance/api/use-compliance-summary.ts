import { useQuery } from '@tanstack/react-query';
import type { ComplianceSummary } from '@shared/contract/compliance';
import { queryKeys } from '@/lib/api-paths';

/** The scope of the /compliance screen's figures: a location's subtree (or the estate), a category, a regime. */
export interface ComplianceScope {
  locationId?: string;
  category?: string;
  regimeId?: string;
}

/** GET /api/compliance/summary: the scope's counts per status and its children × regimes matrix. */
export function useComplianceSummary(scope: ComplianceScope) {
  return useQuery<ComplianceSummary>({ queryKey: queryKeys.complianceSummary({ ...scope }) });
}
