import { useLocation } from 'wouter';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { ScanButton } from '@/components/scanner/scan-button';
import { ScanLocationChip } from '@/components/scanner/scan-location-chip';
import { isNavItemActive, useNavItems } from './navigation';

/** The bar above every page: the sidebar control, where the user is, and the scanner. */
export function TopBar() {
  const [location] = useLocation();
  const current = useNavItems().find((item) => isNavItemActive(item, location));
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:px-4">
      <SidebarTrigger />
      <div className="h-5 w-px bg-border" aria-hidden />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-muted-foreground">{current?.title ?? 'Asset Register'}</span>
      <ScanLocationChip />
      <ScanButton />
    </header>
  );
}
