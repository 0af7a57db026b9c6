import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings, UpdateSettingsInput } from '@shared/contract/users';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, queryKeys } from '@/lib/api-paths';

/**
 * PATCH /api/settings. The registration mode (the sign-in page, the open-registration notice) and
 * the users' permissions (the current user's own, when a role loses one) are read elsewhere too.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateSettingsInput) => (await (await apiRequest('PATCH', apiPaths.settings, input)).json()) as Settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.settings, settings);
      queryClient.setQueryData(queryKeys.registration, { mode: settings.registrationMode });
      return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.user }), queryClient.invalidateQueries({ queryKey: queryKeys.adminAudit })]);
    },
  });
}
