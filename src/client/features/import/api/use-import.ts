import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DryRunInput, ImportJob, ImportMapping, ValueSynonymsInput } from '@shared/contract/imports';
import { apiRequest } from '@/lib/api-client';

/** The Import page's calls (issue 26, ADR 029). */

const IMPORTS = '/api/imports';
const jobKey = (id: string) => [IMPORTS, id] as const;
const isRunning = (job: ImportJob | undefined) => job?.status === 'dry_running' || job?.status === 'committing';

/** POST /api/imports: the file itself is the body (the one upload the server takes raw). */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<ImportJob> => {
      const res = await fetch(`${IMPORTS}?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
        credentials: 'include',
      });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
      return (await res.json()) as ImportJob;
    },
    onSuccess: (job) => queryClient.setQueryData(jobKey(job.id), job),
  });
}

/** GET /api/imports/{id}, polled every second while a dry run or commit is running. */
export function useImportJob(id: string | undefined) {
  return useQuery<ImportJob>({
    queryKey: jobKey(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) => (isRunning(query.state.data) ? 1000 : false),
  });
}

export function useDryRun(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DryRunInput) => (await (await apiRequest('POST', `${IMPORTS}/${id}/dry-run`, input)).json()) as ImportJob,
    onSuccess: (job) => queryClient.setQueryData(jobKey(id), job),
  });
}

export function useCommitImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (approveNewLocations: boolean) =>
      (await (await apiRequest('POST', `${IMPORTS}/${id}/commit`, { approveNewLocations })).json()) as ImportJob,
    onSuccess: (job) => queryClient.setQueryData(jobKey(id), job),
  });
}

export const errorWorkbookUrl = (id: string) => `${IMPORTS}/${id}/errors.xlsx`;

const MAPPINGS = '/api/import-mappings';

/** GET /api/import-mappings: the mappings saved to reuse, by name. */
export function useImportMappings() {
  return useQuery<ImportMapping[]>({ queryKey: [MAPPINGS] });
}

/** PUT /api/import-mappings: saves (or replaces) a mapping by name. */
export function useSaveImportMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; mapping: Record<string, string | null>; valueSynonyms: ValueSynonymsInput }) =>
      (await (await apiRequest('PUT', MAPPINGS, input)).json()) as ImportMapping,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MAPPINGS] }),
  });
}
