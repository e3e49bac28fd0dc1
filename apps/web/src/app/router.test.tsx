import { isValidElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { FeatureManifest } from '../shared/lib/feature';
import { buildRoutes, preloadPage } from './router';

function Page() {
  return null;
}

function manifest() {
  const load = { overview: vi.fn(async () => Page), org: vi.fn(async () => Page), orgs: vi.fn(async () => Page) };
  const features: FeatureManifest[] = [
    { key: 'overview', requires: 'overview.read', routes: [{ path: '/overview', page: load.overview }] },
    {
      key: 'orgs',
      requires: 'orgs.read',
      routes: [
        { path: '/orgs', page: load.orgs },
        { path: '/orgs/:orgId', page: load.org },
      ],
    },
  ];
  return { features, load };
}

describe('preloadPage', () => {
  it('starts loading the page of the path, and only that one', () => {
    const { features, load } = manifest();
    preloadPage(features, '/orgs/42');
    expect(load.org).toHaveBeenCalledTimes(1);
    expect(load.orgs).not.toHaveBeenCalled();
    expect(load.overview).not.toHaveBeenCalled();
  });

  it('takes / for the overview it redirects to, and loads nothing for an unknown path', () => {
    const { features, load } = manifest();
    preloadPage(features, '/');
    expect(load.overview).toHaveBeenCalledTimes(1);
    preloadPage(features, '/no/such/page');
    expect(load.org).not.toHaveBeenCalled();
    expect(load.orgs).not.toHaveBeenCalled();
  });

  it('leaves a failed download to the render, which shows it', async () => {
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    preloadPage([{ key: 'x', requires: 'overview.read', routes: [{ path: '/x', page: failing }] }], '/x');
    expect(failing).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 0)); // no unhandled rejection
  });
});

describe('a redirect route (spec §2: /sku_service redirects to /sku_service/spu)', () => {
  const page = vi.fn(async () => Page);
  const features: FeatureManifest[] = [
    {
      key: 'catalogue',
      requires: 'skus.read',
      routes: [
        { path: '/catalogue', redirectTo: '/catalogue/spu' },
        { path: '/catalogue/:tab', page },
      ],
    },
  ];
  const all = (routes: RouteObject[]): RouteObject[] => routes.flatMap((r) => [r, ...all(r.children ?? [])]);

  it('forwards at once, replacing the history entry, with no page of its own', () => {
    const route = all(buildRoutes(features)).find((r) => r.path === '/catalogue');
    expect(isValidElement(route?.element) && route.element.type).toBe(Navigate);
    expect((route!.element as { props: unknown }).props).toMatchObject({ to: '/catalogue/spu', replace: true });
  });

  it('is nothing to preload', () => {
    preloadPage(features, '/catalogue');
    expect(page).not.toHaveBeenCalled();
  });
});
