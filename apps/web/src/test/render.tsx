import { useLayoutEffect } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { App, theme } from '../app/App';
import { installSessionHooks } from '../app/auth/installSessionHooks';
import { writeSession } from '../app/auth/session';
import { createQueryClient } from '../app/queryClient';
import { RootFrame } from '../app/RootFrame';
import { features as appFeatures } from '../app/features';
import { AppRoutes } from '../app/router';
import type { FeatureManifest } from '../shared/lib/feature';
import { collectSlots } from '../shared/lib/slots';

export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false, staleTime: Infinity } });
  return client;
}

/** Stores a valid session, as after a successful sign-in. */
export function signIn(email = 'olivia@example.com', idToken = 'test-id-token'): void {
  writeSession({ accessToken: 'test-access-token', idToken, expiresAt: Date.now() + 3600_000, email });
}

/** Where the router under test is: `router.state.location` (pathname, search, hash) after every navigation. */
export interface TestRouter {
  readonly state: { readonly location: Location };
}

/** Copies the router's current location into `into` after every render that changes it. */
export function LocationProbe({ into }: { into: { location?: Location } }) {
  const location = useLocation();
  useLayoutEffect(() => {
    into.location = location;
  }, [into, location]);
  return null;
}

/** A memory router at `path` with a probe of its location, for tests of code that reads or changes the URL. */
export function memoryRouter(path: string): {
  router: TestRouter;
  Router: (props: { children: ReactNode }) => ReactNode;
} {
  const seen: { location?: Location } = {};
  const router: TestRouter = {
    get state() {
      if (!seen.location) throw new Error('the router has not rendered yet');
      return { location: seen.location };
    },
  };
  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe into={seen} />
        {children}
      </MemoryRouter>
    );
  }
  return { router, Router };
}

function renderRouted(routes: ReactElement, path: string) {
  const queryClient = createTestQueryClient();
  installSessionHooks(queryClient);
  const { router, Router } = memoryRouter(path);
  // No motion: dialogs and popups open and close at once (jsdom never ends CSS animations).
  const utils = render(
    <App queryClient={queryClient} themeConfig={{ ...theme, token: { ...theme.token, motion: false } }}>
      <Router>{routes}</Router>
    </App>,
  );
  return { ...utils, router, queryClient };
}

/** The whole app (auth gate, shell, feature routes) at `path`. */
export function renderApp(path: string, features: readonly FeatureManifest[]) {
  return renderRouted(<AppRoutes features={features} />, path);
}

/**
 * One element under the app's providers (theme, query client, antd App, router, the features' slots) at `path`.
 * The slots come from the registered features (app/features.ts) unless `features` says otherwise.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    routePath = '*',
    features = appFeatures,
  }: { path?: string; routePath?: string; features?: readonly FeatureManifest[] } = {},
) {
  return renderRouted(
    <Routes>
      <Route element={<RootFrame slots={collectSlots(features)} />}>
        <Route path={routePath} element={ui} />
      </Route>
    </Routes>,
    path,
  );
}
