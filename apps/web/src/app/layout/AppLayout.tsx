import { useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { MaintenanceBannerSlot } from '../../features/settings';
import { useProfile } from '../../shared/api/profile';
import type { FeatureManifest } from '../../shared/lib/feature';
import { privilegesOf } from '../../shared/lib/useCan';
import { logout } from '../auth/login';
import { readSession, subscribeSession } from '../auth/session';
import { useAuthConfig } from '../auth/useAuthConfig';
import { AppBreadcrumb } from './AppBreadcrumb';
import { AppHeader } from './AppHeader';
import { Sidebar } from './Sidebar';

/**
 * The shell of every signed-in page: header, sidebar, the maintenance banner (while set), breadcrumb, then the page
 * (plain elements, global.css).
 */
export function AppLayout({ features }: { features: readonly FeatureManifest[] }) {
  const { profile, isLoading } = useProfile();
  const session = useSyncExternalStore(subscribeSession, readSession);
  const config = useAuthConfig();
  return (
    <div className="app-root">
      <AppHeader profile={profile} email={session?.email} loading={isLoading} onLogout={() => logout(config.data)} />
      <div className="app-body">
        <Sidebar features={features} privileges={privilegesOf(profile)} />
        <div className="app-content">
          <MaintenanceBannerSlot />
          <AppBreadcrumb features={features} />
          <main className="app-page">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}
