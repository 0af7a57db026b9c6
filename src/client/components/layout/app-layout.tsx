import type { ReactNode } from 'react';
import { SidebarProvider } from '@/components/ui/sidebar';
import { AppSidebar } from './app-sidebar';
import { AreaScopeNotice } from './area-scope-notice';
import { ConnectionBanner } from './connection-banner';
import { RegistrationNotice } from './registration-notice';
import { TopBar } from './top-bar';

/** The signed-in frame: collapsible sidebar, top bar, and the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <AppSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <ConnectionBanner />
        <RegistrationNotice />
        <AreaScopeNotice />
        <main id="main" className="flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
    </SidebarProvider>
  );
}
