import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';
import { queryKeys } from './api-paths';

/**
 * A 401 from any request while someone is signed in means the session has ended (signed out
 * elsewhere, a password change, a deactivated account): ask GET /api/user again, and when it says
 * nobody is signed in, forget everything, so the protected pages send the visitor to sign in.
 * A 403 means the permissions the screens follow are out of date (an admin changed the role or
 * the settings): GET /api/user again, so the buttons the role has lost go too.
 */
function onRequestError(error: unknown): void {
  if (!(error instanceof Error) || !queryClient.getQueryData(queryKeys.user)) return;
  if (error.message.startsWith('403:')) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true });
    return;
  }
  if (!error.message.startsWith('401:')) return;
  void queryClient.fetchQuery({ queryKey: queryKeys.user, queryFn: getQueryFn({ on401: 'returnNull' }), staleTime: 0 }).then(
    (user) => {
      if (user) return;
      // The user's own entry stays (its observers redirect); nothing else of theirs may linger.
      queryClient.setQueryData(queryKeys.user, null);
      queryClient.removeQueries({ predicate: ({ queryKey }) => queryKey[0] !== queryKeys.user[0] });
    },
    () => undefined,
  );
}

/** Spec §7 "Default read behaviour": never stale, no refetch on focus, no polling, no retries. */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onRequestError }),
  mutationCache: new MutationCache({ onError: onRequestError }),
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
