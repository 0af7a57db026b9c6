import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateInspectionInput, CreateObligationInput, Inspection, Obligation } from '@shared/contract/compliance';
import { apiRequest } from '@/lib/api-client';
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
