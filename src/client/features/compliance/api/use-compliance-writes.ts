import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateInspectionInput, CreateObligationInput, Inspection, Obligation } from '@shared/contract/compliance';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { apiPaths, invalidateEvidencePacks, queryKeys } from '@/lib/api-paths';

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
 * one form, so a retry after a lost answer gets the first record back instead of a second one.
 */
export function useRecordInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateInspectionInput) => (await (await apiRequest('POST', apiPaths.inspections, input)).json()) as Inspection,
    onSuccess: () => refreshAfterComplianceWrite(queryClient),
  });
}
