import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useMutation, useQuery, type UseMutationResult } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, User } from '@shared/contract/auth';
import { apiRequest, errorMessage, getQueryFn, isNetworkError } from './api-client';
import { queryClient } from './query-client';
import { toast } from '@/components/ui/use-toast';
import { apiPaths, queryKeys } from '@/lib/api-paths';
import { rememberedUser, rememberUser } from '@/lib/offline/last-user';
import { forgetKeptReads } from '@/lib/offline/kept-reads';

const askCurrentUser = getQueryFn<User | null>({ on401: 'returnNull' });

/** The current user: loaded, loading, or null (spec §4 Authentication). */
interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  loginMutation: UseMutationResult<User, Error, LoginInput>;
  registerMutation: UseMutationResult<User, Error, RegisterInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useQuery<User | null>({
    queryKey: queryKeys.user,
    // 401 means "nobody signed in", not an error. With no network at all, the user this device last
    // saw signed in, so the app opens offline (ADR 028); the server still checks every request.
    queryFn: async (context) => {
      try {
        return await askCurrentUser(context);
      } catch (error) {
        const last = isNetworkError(error) ? rememberedUser() : null;
        if (last) return last;
        throw error;
      }
    },
  });
  useEffect(() => {
    if (isLoading) return;
    // What this device kept for offline reading was another user's (or nobody is signed in now).
    if (rememberedUser()?.id !== user?.id) void forgetKeptReads(user?.id);
    rememberUser(user ?? null);
  }, [user, isLoading]);

  const loginMutation = useMutation({
    mutationFn: async (credentials: LoginInput) => (await apiRequest('POST', apiPaths.login, credentials)).json() as Promise<User>,
    onSuccess: (signedIn) => queryClient.setQueryData(queryKeys.user, signedIn),
    onError: (error) => toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' }),
  });

  const registerMutation = useMutation({
    mutationFn: async (input: RegisterInput) => (await apiRequest('POST', apiPaths.register, input)).json() as Promise<User>,
    // 201: signed in. 202: an application in approval mode, with no session (the page says so).
    onSuccess: (created) => {
      if (created.status === 'active') queryClient.setQueryData(queryKeys.user, created);
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });

  const logoutMutation = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', apiPaths.logout);
    },
    onSuccess: () => {
      // Nothing of the previous user's data may linger for the next one.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.user, null);
    },
    onError: (error) => toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' }),
  });

  return (
    <AuthContext.Provider value={{ user: user ?? null, isLoading, loginMutation, registerMutation, logoutMutation }}>
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
