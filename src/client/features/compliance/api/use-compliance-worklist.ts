import type { ObligationWorkItem } from '@shared/contract/compliance';
import { LIST_PAGE_SIZE } from '@shared/domain';
import { apiPaths } from '@/lib/api-paths';
import { useInfiniteList } from '@/lib/use-infinite-list';
import type { ComplianceScope } from './use-compliance-summary';

export interface WorklistFilters extends ComplianceScope {
  status?: string;
  responsibleUserId?: string;
}

/** GET /api/compliance/obligations: the scope's obligations, soonest due first (the most overdue at the top), a page at a time. */
export function useComplianceWorklist(filters: WorklistFilters) {
  return useInfiniteList<ObligationWorkItem>(apiPaths.complianceWorklist, { ...filters, limit: LIST_PAGE_SIZE });
}
