import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ClipboardList, FileText, FileUp, Gauge, LayoutDashboard, MapPin, Package, Search, Settings, ShieldCheck, Users } from 'lucide-react';
import { paths } from '@/config/paths';
import type { NavItem } from '@/components/layout/navigation';

/**
 * A screen of the app: its route, its code (each page is its own chunk, loaded when first visited)
 * and, when it has one, its sidebar entry. The router and the sidebar read this list; a new screen
 * is one line here (its URL builder goes in config/paths.ts).
 */
export interface Page {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Open to visitors who are not signed in; every other page sends them to /auth. */
  public?: true;
  /** Its entry in the sidebar, in this list's order (spec §2 Layout). */
  nav?: Omit<NavItem, 'href'>;
}

/** The spec's route table (§2), in the order routes are matched. */
export const PAGES: readonly Page[] = [
  { path: paths.dashboard, component: lazy(() => import('./routes/dashboard')), nav: { title: 'Dashboard', icon: LayoutDashboard } },
  { path: paths.asset(':id'), component: lazy(() => import('./routes/asset-detail')) },
  { path: paths.assets, component: lazy(() => import('./routes/assets')), nav: { title: 'Assets', icon: Package } },
  { path: paths.location(':id'), component: lazy(() => import('./routes/location-detail')) },
  { path: paths.locations, component: lazy(() => import('./routes/locations')), nav: { title: 'Locations', icon: MapPin } },
  { path: paths.complianceRegimes, component: lazy(() => import('./routes/compliance-regimes')) },
  { path: paths.compliance, component: lazy(() => import('./routes/compliance')), nav: { title: 'Compliance', icon: ShieldCheck } },
  { path: paths.actions, component: lazy(() => import('./routes/actions')), nav: { title: 'Actions', icon: ClipboardList } },
  { path: paths.meters, component: lazy(() => import('./routes/meters')), nav: { title: 'Meters', icon: Gauge } },
  { path: paths.search, component: lazy(() => import('./routes/search')), nav: { title: 'Search', icon: Search } },
  { path: paths.reports, component: lazy(() => import('./routes/reports')), nav: { title: 'Reports', icon: FileText } },
  { path: paths.import, component: lazy(() => import('./routes/import')), nav: { title: 'Import', icon: FileUp, permission: 'register.import' } },
  { path: paths.users, component: lazy(() => import('./routes/users')), nav: { title: 'Users', icon: Users, permission: 'user.manage' } },
  { path: paths.settings, component: lazy(() => import('./routes/settings')), nav: { title: 'Settings', icon: Settings, permission: 'settings.manage' } },
  { path: paths.account, component: lazy(() => import('./routes/account')) },
  { path: paths.outbox, component: lazy(() => import('./routes/outbox')) },
  { path: paths.auth, component: lazy(() => import('./routes/auth')), public: true },
  // A label's links (ADR 027): public, as they send a signed-out visitor to sign in and back.
  { path: '/a/:assetId', component: lazy(() => import('./routes/asset-link')), public: true },
  { path: '/l/:locationId', component: lazy(() => import('./routes/location-link')), public: true },
  { path: paths.invite, component: lazy(() => import('./routes/invite')), public: true },
  { path: paths.resetPassword, component: lazy(() => import('./routes/reset-password')), public: true },
];

export const NAV_ITEMS: readonly NavItem[] = PAGES.flatMap(({ path, nav }) => (nav ? [{ ...nav, href: path }] : []));
