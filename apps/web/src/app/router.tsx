import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Flex, Spin } from 'antd';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { useProfile } from '../shared/api/profile';
import type { FeatureManifest } from '../shared/lib/feature';
import { AuthRedirectPage } from './auth/AuthRedirectPage';
import { AUTH_REDIRECT_PATH } from './auth/login';
import { RequireAuth } from './auth/RequireAuth';
import { AppLayout } from './layout/AppLayout';
import { lazyPage } from './layout/lazyPage';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';
import { RootFrame } from './RootFrame';

// antd Result's illustrations are heavy: load the 404/403 pages only when needed.
const NotFoundPage = lazy(() => import('./layout/StatusPages').then((m) => ({ default: m.NotFoundPage })));
const ForbiddenPage = lazy(() => import('./layout/StatusPages').then((m) => ({ default: m.ForbiddenPage })));

function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin />
    </Flex>
  );
}

function FeaturePage({ Page, adminOnly }: { Page: ComponentType; adminOnly: boolean }) {
  const { isAdmin, isLoading } = useProfile();
  if (adminOnly && isLoading) return <PageSpinner />;
  return <Suspense fallback={<PageSpinner />}>{adminOnly && !isAdmin ? <ForbiddenPage /> : <Page />}</Suspense>;
}

/** The route table, derived from the feature manifests. */
export function buildRoutes(features: readonly FeatureManifest[]): RouteObject[] {
  const featureRoutes: RouteObject[] = features.flatMap((feature) =>
    feature.routes.map((route) => {
      const Page = lazyPage(route.page);
      return {
        path: route.path,
        element: <FeaturePage Page={Page} adminOnly={Boolean(feature.adminOnly || route.adminOnly)} />,
        errorElement: <RouteErrorBoundary />,
      };
    }),
  );
  return [
    {
      element: <RootFrame />,
      errorElement: <RouteErrorBoundary />,
      children: [
        { path: AUTH_REDIRECT_PATH, element: <AuthRedirectPage /> },
        {
          element: (
            <RequireAuth>
              <AppLayout features={features} />
            </RequireAuth>
          ),
          children: [
            { index: true, element: <Navigate to="/overview" replace /> },
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
