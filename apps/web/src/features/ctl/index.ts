import type { FeatureManifest } from '../../shared/lib/feature';
import { CtlLink } from './components/CtlLink';

const page = () => import('./pages/CtlPage').then((m) => m.CtlPage);

/** The cluster control command page (spec §2), under a tenant's cluster or by cluster id alone. */
export const ctlFeature: FeatureManifest = {
  key: 'ctl',
  requires: 'ctl.read',
  routes: [
    { path: '/orgs/:orgId/clusters/:clusterId/ctl', page },
    { path: '/clusters/:clusterId/ctl', page },
  ],
  // The cluster page's "Ctl" button.
  clusterActions: [{ key: 'ctl', order: 10, component: CtlLink }],
};
