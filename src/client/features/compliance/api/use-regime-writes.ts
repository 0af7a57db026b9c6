import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRegimeInput, Regime, UpdateRegimeInput } from '@shared/contract/compliance';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/**
 * After a regime changes: the catalogue, and everything whose dates it sets (obligations, the
 * compliance figures, the location roll-ups, the dashboard card) and the administrative changes.
 */
const refreshAfterRegimeWrite = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.complianceRegimes }),
    queryClient.invalidateQueries({ queryKey: queryKeys.obligations }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.complianceSummary] }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.complianceWorklist] }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.locations, 'tree'] }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
    queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit }),
  ]);

/** POST /api/compliance/regimes: a regime of the organisation's own. */
export function useCreateRegime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateRegimeInput) => (await (await apiRequest('POST', apiPaths.complianceRegimes, input)).json()) as Regime,
    onSuccess: () => refreshAfterRegimeWrite(queryClient),
  });
}

/** PATCH /api/compliance/regimes/{id}: change a regime, retire or restore it. */
export function useUpdateRegime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateRegimeInput }) =>
      (await (await apiRequest('PATCH', `${apiPaths.complianceRegimes}/${encodeURIComponent(id)}`, changes)).json()) as Regime,
    onSuccess: () => refreshAfterRegimeWrite(queryClient),
  });
}
