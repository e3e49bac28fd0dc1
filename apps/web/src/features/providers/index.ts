import type { FeatureManifest } from '../../shared/lib/feature';

export const providersFeature: FeatureManifest = {
  key: 'providers',
  requires: 'providers.read',
  routes: [
    {
      path: '/providers',
      title: 'Providers',
      page: () => import('./pages/ProviderListPage').then((m) => m.ProviderListPage),
    },
    {
      path: '/providers/:provider',
      page: () => import('./pages/ProviderDetailPage').then((m) => m.ProviderDetailPage),
    },
  ],
  menu: {
    section: 'settings',
    key: 'providers',
    label: 'Providers',
    path: '/providers',
    order: 2,
  },
  auditLinks: [{ type: 'provider', path: (id) => `/providers/${encodeURIComponent(id)}` }],
};
