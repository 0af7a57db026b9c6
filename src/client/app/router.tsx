import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { NavigationProvider } from '@/components/layout/navigation';
import { PageSpinner } from '@/components/ui/spinner';
import { NAV_ITEMS, PAGES } from './pages';

const NotFoundPage = lazy(() => import('./routes/not-found'));

/** The pages of app/pages.ts: public ones as they are, the others behind the sign-in (spec §2 Access rule). */
export function AppRouter() {
  return (
    <NavigationProvider items={NAV_ITEMS}>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          {PAGES.map(({ path, component, public: isPublic }) =>
            isPublic ? <Route key={path} path={path} component={component} /> : <ProtectedRoute key={path} path={path} component={component} />,
          )}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </NavigationProvider>
  );
}
