import { createContext, useCallback, useContext, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { PanelLeft } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useIsMobile } from '@/lib/use-mobile';
import { Button } from './button';
import { Sheet } from './sheet';
import { TooltipProvider } from './tooltip';

/** Spec §9 sidebar constants. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider');
  return context;
}

function readSidebarCookie(): boolean {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

/**
 * Holds the sidebar's state: expanded/collapsed on wide screens (remembered in a cookie for 7 days),
 * and a separate open/closed state for the slide-in sheet under 768 px. Ctrl/Cmd+B toggles it.
 */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(readSidebarCookie);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`;
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({ state: open ? 'expanded' : 'collapsed', open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <TooltipProvider delayDuration={0}>
        <div
          style={
            {
              '--sidebar-width': SIDEBAR_WIDTH,
              '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
            } as CSSProperties
          }
          className="flex min-h-svh w-full bg-muted/40"
        >
          {children}
        </div>
      </TooltipProvider>
    </SidebarContext.Provider>
  );
}

/** The sidebar itself: a fixed column on wide screens, a sheet on phones. */
export function Sidebar({ children, label }: { children: ReactNode; label: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile} title={label} style={{ width: SIDEBAR_WIDTH_MOBILE }} className="bg-sidebar text-sidebar-foreground">
        <nav aria-label={label} data-testid="sidebar" data-mobile="true" className="flex h-full w-full flex-col">
          {children}
        </nav>
      </Sheet>
    );
  }

  return (
    <div className="group peer hidden md:block" data-state={state} data-testid="sidebar-container">
      {/* Reserves the sidebar's width in the page flow; the panel itself is fixed. */}
      <div className="relative w-(--sidebar-width) transition-[width] duration-200 ease-linear group-data-[state=collapsed]:w-(--sidebar-width-icon)" />
      <nav
        aria-label={label}
        data-testid="sidebar"
        data-state={state}
        className="fixed inset-y-0 left-0 z-10 flex h-svh w-(--sidebar-width) flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200 ease-linear group-data-[state=collapsed]:w-(--sidebar-width-icon)"
      >
        {children}
      </nav>
    </div>
  );
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggleSidebar, state, isMobile, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('h-9 w-9', className)}
      onClick={toggleSidebar}
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : state === 'expanded'}
    >
      <PanelLeft aria-hidden />
    </Button>
  );
}
