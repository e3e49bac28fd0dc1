import type { FeatureManifest } from '../../shared/lib/feature';

/**
 * The overview's dashboard panels (spec §7 dashboard: cloud-oncall, incident, release, top qps, tikv and tiflash
 * tenants). No pages of its own: each panel sits on /overview, loads its code on its own and runs its own query.
 */
export const dashboardFeature: FeatureManifest = {
  key: 'dashboard',
  requires: 'overview.read',
  routes: [],
  overviewPanels: [
    {
      key: 'cloud-oncall',
      title: 'Cloud on-call',
      order: 10,
      load: () => import('./components/OncallPanel').then((m) => m.OncallPanel),
    },
    {
      key: 'incidents',
      title: 'Incidents',
      order: 30,
      load: () => import('./components/IncidentsPanel').then((m) => m.IncidentsPanel),
    },
    {
      key: 'releases',
      title: 'Releases',
      order: 40,
      load: () => import('./components/ReleasesPanel').then((m) => m.ReleasesPanel),
    },
    {
      key: 'top-qps',
      title: 'Top QPS',
      order: 60,
      load: () => import('./components/TopQpsPanel').then((m) => m.TopQpsPanel),
    },
    {
      key: 'tikv-tenants',
      title: 'TiKV tenants',
      order: 70,
      load: () => import('./components/EngineTenantsPanel').then((m) => m.TikvTenantsPanel),
    },
    {
      key: 'tiflash-tenants',
      title: 'TiFlash tenants',
      order: 80,
      load: () => import('./components/EngineTenantsPanel').then((m) => m.TiflashTenantsPanel),
    },
  ],
};
