import { ClipboardList, FileText, Gauge, LayoutDashboard, MapPin, Package, Search, type LucideIcon } from 'lucide-react';
import { paths } from './paths';

/** The sidebar's entries, in the spec's order (§2 Layout). */
export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
}

export const NAV_ITEMS: NavItem[] = [
  { title: 'Dashboard', href: paths.dashboard, icon: LayoutDashboard },
  { title: 'Assets', href: paths.assets, icon: Package },
  { title: 'Locations', href: paths.locations, icon: MapPin },
  { title: 'Actions', href: paths.actions, icon: ClipboardList },
  { title: 'Meters', href: paths.meters, icon: Gauge },
  { title: 'Search', href: paths.search, icon: Search },
  { title: 'Reports', href: paths.reports, icon: FileText },
];

/** The entry for the current path: exact for the dashboard, by prefix for the others (/assets/123 → Assets). */
export function isNavItemActive(item: NavItem, location: string): boolean {
  if (item.href === '/') return location === '/';
  return location === item.href || location.startsWith(`${item.href}/`);
}
