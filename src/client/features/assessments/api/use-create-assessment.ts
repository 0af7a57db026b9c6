import { useMutation } from '@tanstack/react-query';
import type { Assessment, CreateAssessmentInput } from '@shared/contract/assessments';
import { queryClient } from '@/lib/query-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';
import { submitWrite, type PhotoToKeep, type WriteOutcome } from '@/lib/outbox';

/**
 * POST /api/assessments. The assessment sets the asset's condition, so every asset query (its page,
 * the list cards) refreshes along with the history and the dashboard figures. With no network it is
 * kept in the outbox and sent later (ADR 028), with the time it was made on the device, and so are
 * the photos chosen in its form (`takePhotos`, asked only then): each is sent after it, linked to it.
 */
export function useCreateAssessment() {
  return useMutation({
    mutationFn: ({ input, assetCode, takePhotos }: { input: CreateAssessmentInput; assetCode: string; takePhotos?: () => PhotoToKeep[] }): Promise<WriteOutcome<Assessment>> =>
      submitWrite<Assessment>(
        {
          kind: 'assessment',
          method: 'POST',
          url: apiPaths.assessments,
          body: { ...input, assessedAt: input.assessedAt ?? new Date().toISOString() },
          label: `Assessment of ${assetCode}: ${input.condition}`,
          refs: { assetId: input.assetId },
        },
        takePhotos && { take: takePhotos, field: 'assessmentId', assetId: input.assetId, assetCode },
      ),
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.assessments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}
