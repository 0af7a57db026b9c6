import { useQuery } from '@tanstack/react-query';
import type { Assessment } from '@shared/contract/assessments';

export const ASSESSMENTS_URL = '/api/assessments';

export const assessmentsQueryKey = (assetId: string) => [ASSESSMENTS_URL, { assetId }] as const;

/** GET /api/assessments?assetId=: the asset's history, newest first, each with its defects. */
export function useAssessments(assetId: string) {
  return useQuery<Assessment[]>({ queryKey: assessmentsQueryKey(assetId) });
}
