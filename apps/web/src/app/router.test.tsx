import { describe, expect, it, vi } from 'vitest';
import type { FeatureManifest } from '../shared/lib/feature';
import { preloadPage } from './router';

function Page() {
  return null;
}

function manifest() {
  const load = { overview: vi.fn(async () => Page), org: vi.fn(async () => Page), orgs: vi.fn(async () => Page) };
  const features: FeatureManifest[] = [
    { key: 'overview', routes: [{ path: '/overview', page: load.overview }] },
    {
      key: 'orgs',
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
    preloadPage([{ key: 'x', routes: [{ path: '/x', page: failing }] }], '/x');
    expect(failing).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 0)); // no unhandled rejection
  });
});
