import { useMutation } from '@tanstack/react-query';
import type { Assessment, CreateAssessmentInput } from '@shared/contract/assessments';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { ASSESSMENTS_URL } from './get-assessments';

/**
 * POST /api/assessments. The assessment sets the asset's condition, so every asset query (its page,
 * the list cards) refreshes along with the history and the dashboard figures.
 */
export function useCreateAssessment() {
  return useMutation({
    mutationFn: async (input: CreateAssessmentInput) => (await apiRequest('POST', ASSESSMENTS_URL, input)).json() as Promise<Assessment>,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ASSESSMENTS_URL] });
      void queryClient.invalidateQueries({ queryKey: ['/api/assets'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] });
    },
  });
}
