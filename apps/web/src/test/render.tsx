import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { App, theme } from '../app/App';
import { installSessionHooks } from '../app/auth/installSessionHooks';
import { writeSession } from '../app/auth/session';
import { createQueryClient } from '../app/queryClient';
import { RootFrame } from '../app/RootFrame';
import { features as appFeatures } from '../app/features';
import { buildRoutes } from '../app/router';
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

function renderRouter(routes: RouteObject[], path: string) {
  const queryClient = createTestQueryClient();
  installSessionHooks(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // No motion: dialogs and popups open and close at once (jsdom never ends CSS animations).
  const utils = render(
    <App
      router={router}
      queryClient={queryClient}
      themeConfig={{ ...theme, token: { ...theme.token, motion: false } }}
    />,
  );
  return { ...utils, router, queryClient };
}

/** The whole app (auth gate, shell, feature routes) at `path`. */
export function renderApp(path: string, features: readonly FeatureManifest[]) {
  return renderRouter(buildRoutes(features), path);
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
  return renderRouter(
    [{ element: <RootFrame slots={collectSlots(features)} />, children: [{ path: routePath, element: ui }] }],
    path,
  );
}
