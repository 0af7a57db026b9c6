import { useMutation } from '@tanstack/react-query';
import type { Assessment, CreateAssessmentInput } from '@shared/contract/assessments';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/**
 * POST /api/assessments. The assessment sets the asset's condition, so every asset query (its page,
 * the list cards) refreshes along with the history and the dashboard figures.
 */
export function useCreateAssessment() {
  return useMutation({
    mutationFn: async (input: CreateAssessmentInput) => (await apiRequest('POST', apiPaths.assessments, input)).json() as Promise<Assessment>,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.assessments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}
