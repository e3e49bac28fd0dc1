import { lazy, Suspense, useMemo } from 'react';
import type { ComponentType } from 'react';
import { matchPath, Navigate, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { allows } from '@portal/contract';
import type { Privilege } from '@portal/contract';
import { useProfile } from '../shared/api/profile';
import type { FeatureManifest } from '../shared/lib/feature';
import { collectSlots } from '../shared/lib/slots';
import { privilegesOf } from '../shared/lib/useCan';
import { AuthRedirectPage } from './auth/AuthRedirectPage';
import { AUTH_REDIRECT_PATH } from './auth/login';
import { RequireAuth } from './auth/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import { lazyPage } from './layout/lazyPage';
import { featureRequirement, menuGroups } from './layout/navigation';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';
import { RootFrame } from './RootFrame';
import { Spinner } from '../shared/ui/Spinner';

// antd Result's illustrations are heavy: load the 404/403 pages only when needed.
const NotFoundPage = lazy(() => import('./layout/StatusPages').then((m) => ({ default: m.NotFoundPage })));
const ForbiddenPage = lazy(() => import('./layout/StatusPages').then((m) => ({ default: m.ForbiddenPage })));

function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  );
}

/** A feature's page, or 403 when the user lacks the privilege its manifest says it needs (spec §6). */
function FeaturePage({ Page, requires }: { Page: ComponentType; requires: Privilege }) {
  const { profile, isLoading } = useProfile();
  // The page's chunk is already downloading (preloadPage) while the profile loads.
  if (isLoading) return <PageSpinner />;
  const allowed = allows(privilegesOf(profile), { access: requires });
  return <Suspense fallback={<PageSpinner />}>{allowed ? <Page /> : <ForbiddenPage privilege={requires} />}</Suspense>;
}

/**
 * `/`: the overview, or — for a role that may not see it — the first page of the sidebar it may open (the 403 page
 * when there is none).
 */
function HomeRedirect({ features }: { features: readonly FeatureManifest[] }) {
  const { profile, isLoading } = useProfile();
  if (isLoading) return <PageSpinner />;
  const privileges = privilegesOf(profile);
  const first = privileges.includes('overview.read')
    ? '/overview'
    : menuGroups(features, privileges)[0]?.entries[0]?.path;
  return <Navigate to={first ?? '/overview'} replace />;
}

/**
 * The route table, derived from the feature manifests; the root provides their slots to every page. Declarative
 * routes (no loaders or actions): a page that throws shows the error page in the page area, the shell stays.
 */
export function buildRoutes(features: readonly FeatureManifest[]): RouteObject[] {
  const featureRoutes: RouteObject[] = features.flatMap((feature) =>
    feature.routes.map((route): RouteObject => {
      if (route.redirectTo !== undefined)
        return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
      const Page = lazyPage(route.page);
      return {
        path: route.path,
        element: (
          <RouteErrorBoundary>
            <FeaturePage Page={Page} requires={route.requires ?? featureRequirement(feature)} />
          </RouteErrorBoundary>
        ),
      };
    }),
  );
  return [
    {
      element: <RootFrame slots={collectSlots(features)} />,
      children: [
        { path: AUTH_REDIRECT_PATH, element: <AuthRedirectPage /> },
        {
          element: (
            <RequireAuth>
              <AppLayout features={features} />
            </RequireAuth>
          ),
          children: [
            { index: true, element: <HomeRedirect features={features} /> },
            ...featureRoutes,
            {
              path: '*',
              element: (
                <Suspense fallback={<PageSpinner />}>
                  <NotFoundPage />
                </Suspense>
              ),
            },
          ],
        },
      ],
    },
  ];
}

/** The console's routes, under a last-resort error boundary for anything the shell itself throws. */
export function AppRoutes({ features }: { features: readonly FeatureManifest[] }) {
  const routes = useMemo(() => buildRoutes(features), [features]);
  const element = useRoutes(routes);
  return <RouteErrorBoundary>{element}</RouteErrorBoundary>;
}

/**
 * Starts downloading the page at `pathname` (its chunk and their imports) before the first render, instead of when
 * the render reaches it: the download overlaps the shell's start-up. A failure is left to the render, which shows it.
 */
export function preloadPage(features: readonly FeatureManifest[], pathname: string): void {
  const path = pathname === '/' ? '/overview' : pathname;
  for (const feature of features)
    for (const route of feature.routes)
      if (matchPath({ path: route.path, end: true }, path)) {
        route.page?.().catch(() => undefined);
        return;
      }
}
