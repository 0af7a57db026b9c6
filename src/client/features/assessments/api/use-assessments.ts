import { useQuery } from '@tanstack/react-query';
import type { Assessment } from '@shared/contract/assessments';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/assessments?assetId=: the asset's history, newest first, each with its defects. */
export function useAssessments(assetId: string) {
  return useQuery<Assessment[]>({ queryKey: queryKeys.assessmentList({ assetId }) });
}
