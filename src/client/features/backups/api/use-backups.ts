import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupRun, BackupSettings, BackupsOverview, UpdateBackupSettings } from '@shared/contract/backups';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/** While a backup runs the section asks again this often, until it has finished. */
export const BACKUP_POLL_MS = 2_000;

/**
 * GET /api/backups (org admins): the schedule, the last run and success, whether overdue, the backups
 * in the folder. Unlike the register's reads it changes by itself (the schedule runs on the server):
 * read afresh each time the section is shown, and every BACKUP_POLL_MS while a backup runs.
 */
export function useBackups() {
  return useQuery<BackupsOverview>({
    queryKey: queryKeys.backups,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.running ? BACKUP_POLL_MS : false),
  });
}

/** PUT /api/backups/settings. The change is also one of the administrative changes on the Users page. */
export function useSaveBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateBackupSettings) => (await (await apiRequest('PUT', apiPaths.backupSettings, input)).json()) as BackupSettings,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.backups }), queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit })]),
  });
}

/** POST /api/backups: "Back up now". Answers with the run as soon as it has started; the overview then polls it. */
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', apiPaths.backups)).json()) as BackupRun,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.backups }),
  });
}
