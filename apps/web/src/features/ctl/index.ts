import type { FeatureManifest } from '../../shared/lib/feature';

const page = () => import('./pages/CtlPage').then((m) => m.CtlPage);

/** The cluster control command page (spec §2), under a tenant's cluster or by cluster id alone. */
export const ctlFeature: FeatureManifest = {
  key: 'ctl',
  routes: [
    { path: '/orgs/:orgId/clusters/:clusterId/ctl', page },
    { path: '/clusters/:clusterId/ctl', page },
  ],
};
