import { Link, useLocation } from 'wouter';
import { Building2, LogOut, UserCog } from 'lucide-react';
import { formatRole } from '@shared/domain/roles';
import { initials } from '@shared/domain/initials';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { paths } from '@/config/paths';
import { Sidebar, useSidebar } from '@/components/ui/sidebar';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { isNavItemActive, useNavItems } from './navigation';

export const PRODUCT_NAME = 'Asset Register';
export const PRODUCT_TAGLINE = 'professional property asset management';

export function AppSidebar() {
  const [location] = useLocation();
  const { user, logoutMutation } = useAuth();
  const { state, isMobile, setOpenMobile } = useSidebar();
  const navItems = useNavItems();
  const collapsed = state === 'collapsed' && !isMobile;
  // Labels hide when the desktop sidebar is collapsed to icons.
  const label = collapsed ? 'sr-only' : 'truncate';

  return (
    <Sidebar label="Main navigation">
      <div className={cn('flex items-center gap-3 border-b border-sidebar-border', collapsed ? 'p-2' : 'p-3')}>
        <div className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <Building2 className="h-4 w-4" aria-hidden />
        </div>
        <div className={cn('min-w-0', collapsed && 'sr-only')}>
          <p className="truncate text-sm font-semibold">{PRODUCT_NAME}</p>
          <p className="text-xs leading-tight text-muted-foreground">{PRODUCT_TAGLINE}</p>
        </div>
      </div>

      <ul className="flex flex-1 flex-col gap-1 overflow-y-auto p-2">
        {navItems.map((item) => {
          const active = isNavItemActive(item, location);
          const link = (
            <Link
              href={item.href}
              aria-current={active ? 'page' : undefined}
              data-active={active}
              onClick={() => isMobile && setOpenMobile(false)}
              className={cn(
                'flex h-9 items-center gap-3 rounded-md text-sm outline-none',
                collapsed ? 'justify-center' : 'px-2.5',
                'transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                active ? 'bg-sidebar-accent font-medium text-sidebar-accent-foreground' : 'hover:bg-sidebar-accent/60',
              )}
            >
              <item.icon className="h-4 w-4 shrink-0" aria-hidden />
              <span className={label}>{item.title}</span>
            </Link>
          );
          return (
            <li key={item.href}>
              {collapsed ? (
                <Tooltip>
                  <TooltipTrigger asChild>{link}</TooltipTrigger>
                  <TooltipContent side="right">{item.title}</TooltipContent>
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>

      {user && (
        <div className={cn('flex items-center gap-2 border-t border-sidebar-border p-2', collapsed && 'flex-col')}>
          <div
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
            aria-hidden
            data-testid="user-initials"
          >
            {initials(user.fullName)}
          </div>
          <div className={cn('min-w-0 flex-1', collapsed && 'sr-only')}>
            <p className="truncate text-sm font-medium" data-testid="user-full-name">
              {user.fullName}
            </p>
            <p className="truncate text-xs capitalize text-muted-foreground" data-testid="user-role">
              {formatRole(user.role)}
            </p>
          </div>
          <Link
            href={paths.account}
            aria-label="Your account"
            title="Your account"
            aria-current={location === paths.account ? 'page' : undefined}
            onClick={() => isMobile && setOpenMobile(false)}
            className="rounded-md p-2 text-muted-foreground hover:bg-sidebar-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <UserCog className="h-4 w-4" aria-hidden />
          </Link>
          <button
            type="button"
            onClick={() => logoutMutation.mutate()}
            disabled={logoutMutation.isPending}
            aria-label="Log out"
            title="Log out"
            className="rounded-md p-2 text-muted-foreground hover:bg-sidebar-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          >
            <LogOut className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
    </Sidebar>
  );
}
