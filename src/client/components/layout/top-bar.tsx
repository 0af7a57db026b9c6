import { useLocation } from 'wouter';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { isNavItemActive, useNavItems } from './navigation';

/** The bar above every page: the sidebar control and where the user is. */
export function TopBar() {
  const [location] = useLocation();
  const current = useNavItems().find((item) => isNavItemActive(item, location));
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:px-4">
      <SidebarTrigger />
      <div className="h-5 w-px bg-border" aria-hidden />
      <span className="truncate text-sm font-medium text-muted-foreground">{current?.title ?? 'Asset Register'}</span>
    </header>
  );
}
