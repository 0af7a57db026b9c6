import { useQuery } from '@tanstack/react-query';
import type { RegistrationMode } from '@shared/domain/accounts';
import { getQueryFn } from './api-client';
import { queryKeys } from './api-paths';

/**
 * GET /api/registration (public): who may create an account. Read by the sign-in page, the invite
 * page and the open-registration notice; Settings refreshes it when the mode changes.
 */
export function useRegistrationMode(enabled = true): { mode: RegistrationMode | undefined; isLoading: boolean } {
  const { data, isLoading } = useQuery<{ mode: RegistrationMode } | null>({
    queryKey: queryKeys.registration,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    enabled,
  });
  return { mode: data?.mode, isLoading };
}
