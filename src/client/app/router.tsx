import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '@/config/paths';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { PageSpinner } from '@/components/ui/spinner';

// Each page is its own chunk, loaded when first visited.
const AuthPage = lazy(() => import('./routes/auth'));
const DashboardPage = lazy(() => import('./routes/dashboard'));
const AssetsPage = lazy(() => import('./routes/assets'));
const AssetDetailPage = lazy(() => import('./routes/asset-detail'));
const LocationsPage = lazy(() => import('./routes/locations'));
const ActionsPage = lazy(() => import('./routes/actions'));
const MetersPage = lazy(() => import('./routes/meters'));
const SearchPage = lazy(() => import('./routes/search'));
const ReportsPage = lazy(() => import('./routes/reports'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

/** The spec's route table (§2). */
export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <ProtectedRoute path={paths.dashboard} component={DashboardPage} />
        <ProtectedRoute path={paths.asset(':id')} component={AssetDetailPage} />
        <ProtectedRoute path={paths.assets} component={AssetsPage} />
        <ProtectedRoute path={paths.locations} component={LocationsPage} />
        <ProtectedRoute path={paths.actions} component={ActionsPage} />
        <ProtectedRoute path={paths.meters} component={MetersPage} />
        <ProtectedRoute path={paths.search} component={SearchPage} />
        <ProtectedRoute path={paths.reports} component={ReportsPage} />
        <Route path={paths.auth} component={AuthPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
