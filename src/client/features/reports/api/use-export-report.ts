import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExportRecord, ExportRequest } from '@shared/contract/reports';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** POST /api/reports/export: the file is written on the server; the answer carries its download link. */
export function useExportReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ExportRequest) => (await (await apiRequest('POST', apiPaths.reportExport, request)).json()) as ExportRecord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reportExports }),
  });
}

/** GET /api/reports/exports: the user's recent exports with fresh (15-minute) links. */
export function useRecentExports() {
  return useQuery<ExportRecord[]>({ queryKey: queryKeys.reportExports });
}
