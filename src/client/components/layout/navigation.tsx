import { createContext, useContext, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { Permission } from '@shared/domain/permissions';
import { useCan } from '@/lib/permissions';

/** One entry of the sidebar; the pages that have one are declared in app/pages.ts. */
export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
  /** Shown only to users granted this permission on every record (the administration pages). */
  permission?: Permission;
}

const NavigationContext = createContext<readonly NavItem[]>([]);

/** Gives the layout (sidebar, top bar) the app's navigation entries, in order. */
export function NavigationProvider({ items, children }: { items: readonly NavItem[]; children: ReactNode }) {
  return <NavigationContext.Provider value={items}>{children}</NavigationContext.Provider>;
}

/** The entries the current user may open. */
export function useNavItems(): readonly NavItem[] {
  const items = useContext(NavigationContext);
  const { grant } = useCan();
  return items.filter((item) => !item.permission || grant(item.permission) === 'any');
}

/** The entry for the current path: exact for the dashboard, by prefix for the others (/assets/123 → Assets). */
export function isNavItemActive(item: NavItem, location: string): boolean {
  if (item.href === '/') return location === '/';
  return location === item.href || location.startsWith(`${item.href}/`);
}
