import { useQuery } from '@tanstack/react-query';
import type { Assessment } from '@shared/contract/assessments';

/** GET /api/assessments?assetId=…: the assessments an action on that asset may refer to. */
export function useAssessmentOptions(assetId: string | null | undefined) {
  return useQuery<Assessment[]>({ queryKey: ['/api/assessments', { assetId }], enabled: !!assetId });
}
