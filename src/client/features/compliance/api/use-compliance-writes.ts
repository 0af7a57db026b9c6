import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateInspectionInput, CreateObligationInput, Inspection, Obligation } from '@shared/contract/compliance';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { apiPaths, invalidateEvidencePacks, queryKeys } from '@/lib/api-paths';
import { submitWrite, type PhotoToKeep, type WriteOutcome } from '@/lib/outbox';

/**
 * An obligation or an inspection changes the asset's tab, the /compliance figures and work list,
 * and (a failed inspection raising a remedial action) the actions and the dashboard.
 */
const refreshAfterComplianceWrite = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.obligations }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.complianceSummary] }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.complianceWorklist] }),
    queryClient.invalidateQueries({ queryKey: queryKeys.actions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.locations, 'tree'] }),
    invalidateEvidencePacks(queryClient),
  ]);

/** POST /api/obligations: put a regime on an asset or a location. */
export function useCreateObligation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateObligationInput) => (await (await apiRequest('POST', apiPaths.obligations, input)).json()) as Obligation,
    onSuccess: () => refreshAfterComplianceWrite(queryClient),
  });
}

/** How many of a batch are sent at once: a few, so a long list is quick without crowding the server. */
const BATCH_AT_ONCE = 4;

/**
 * Several regimes put on one subject ("Add all" suggestions): each its own POST /api/obligations, a
 * few at a time, a refusal of one leaving the others; the screens refresh once at the end, not
 * after each. Answers the refusals as readable lines.
 */
export function useCreateObligations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inputs: { input: CreateObligationInput; name: string }[]) => {
      const failures: string[] = [];
      const queue = [...inputs];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          try {
            await apiRequest('POST', apiPaths.obligations, next.input);
          } catch (error) {
            failures.push(`${next.name}: ${errorMessage(error)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(BATCH_AT_ONCE, inputs.length) }, worker));
      return { added: inputs.length - failures.length, failures };
    },
    onSettled: () => refreshAfterComplianceWrite(queryClient),
  });
}

/**
 * POST /api/inspections. The caller gives the inspection an id of its own, kept across retries of
 * one form, so a retry after a lost answer gets the first record back instead of a second one. With
 * no network it is kept in the outbox and sent later (ADR 028), with the evidence chosen in its form
 * (`takeEvidence`, asked only then) sent after it; the obligation shows it as waiting to sync.
 */
export function useRecordInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, label, takeEvidence }: { input: CreateInspectionInput; label: string; takeEvidence?: () => PhotoToKeep[] }): Promise<WriteOutcome<Inspection>> =>
      submitWrite<Inspection>(
        { kind: 'inspection', method: 'POST', url: apiPaths.inspections, body: { ...input }, label, refs: { obligationId: input.obligationId } },
        takeEvidence && { take: takeEvidence, field: 'inspectionId' },
      ),
    onSuccess: (outcome) => (outcome.queued ? undefined : refreshAfterComplianceWrite(queryClient)),
  });
}
