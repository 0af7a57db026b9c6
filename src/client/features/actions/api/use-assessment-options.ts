import { useQuery } from '@tanstack/react-query';
import type { Assessment } from '@shared/contract/assessments';
import { queryKeys } from '@/lib/api-paths';

/** GET /api/assessments?assetId=…: the assessments an action on that asset may refer to. */
export function useAssessmentOptions(assetId: string | null | undefined) {
  return useQuery<Assessment[]>({ queryKey: queryKeys.assessmentList({ assetId: assetId ?? undefined }), enabled: !!assetId });
}
