import { useMutation } from '@tanstack/react-query';
import type { Assessment, CreateAssessmentInput } from '@shared/contract/assessments';
import { queryClient } from '@/lib/query-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';
import { submitWrite, type PhotoToKeep, type WriteOutcome } from '@/lib/outbox';

/** An asset made on this device and still in the outbox: its id there (the client id) and what it is called. */
export interface PendingAsset {
  clientId: string;
  label: string;
}

/**
 * POST /api/assessments. The assessment sets the asset's condition, so every asset query (its page,
 * the list cards) refreshes along with the history and the dashboard figures. With no network it is
 * kept in the outbox and sent later (ADR 028), with the time it was made on the device, and so are
 * the photos chosen in its form (`takePhotos`, asked only then): each is sent after it, linked to it.
 * An assessment of an asset still in the outbox (`pendingAsset`) is always kept, its asset named by
 * the asset's client id until the asset is sent and its answer gives the real one.
 */
export function useCreateAssessment() {
  return useMutation({
    mutationFn: ({
      input,
      assetCode,
      takePhotos,
      pendingAsset,
    }: {
      input: CreateAssessmentInput;
      assetCode: string;
      takePhotos?: () => PhotoToKeep[];
      pendingAsset?: PendingAsset;
    }): Promise<WriteOutcome<Assessment>> =>
      submitWrite<Assessment>(
        {
          kind: 'assessment',
          method: 'POST',
          url: apiPaths.assessments,
          body: { ...input, assessedAt: input.assessedAt ?? new Date().toISOString() },
          label: `Assessment of ${assetCode}: ${input.condition}`,
          refs: { assetId: input.assetId },
          ...(pendingAsset && { parent: { clientId: pendingAsset.clientId, field: 'assetId' as const, label: pendingAsset.label } }),
        },
        // The photos of a pending asset's assessment reach the asset through the assessment (the server links them).
        takePhotos && { take: takePhotos, field: 'assessmentId', ...(!pendingAsset && { assetId: input.assetId }), assetCode },
      ),
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.assessments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}
