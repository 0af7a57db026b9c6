import { Suspense, type ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { useAuth } from '@/lib/auth';
import { paths } from '@/config/paths';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { AppLayout } from './app-layout';

/**
 * Spec §2 Access rule: a centred spinner while the current user loads, /auth when nobody is signed
 * in, otherwise the page inside the layout.
 */
export function ProtectedRoute({ path, component: Component }: { path: string; component: ComponentType }) {
  const { user, isLoading } = useAuth();
  return (
    <Route path={path}>
      {isLoading ? (
        <PageSpinner />
      ) : !user ? (
        <Redirect to={paths.auth} />
      ) : (
        <AppLayout>
          <Suspense
            fallback={
              <div className="flex justify-center py-16" role="status" aria-label="Loading">
                <Spinner />
              </div>
            }
          >
            <Component />
          </Suspense>
        </AppLayout>
      )}
    </Route>
  );
}
