import type { FeatureManifest } from '../../shared/lib/feature';
import { GitopsLink } from './components/GitopsLink';

/** The gitops secondary-confirmation page of a cluster (spec §2: /orgs/{org_id}/{cluster_id}/gitops). */
export const gitopsFeature: FeatureManifest = {
  key: 'gitops',
  requires: 'gitops.read',
  routes: [
    { path: '/orgs/:orgId/:clusterId/gitops', page: () => import('./pages/GitopsPage').then((m) => m.GitopsPage) },
  ],
  // The cluster page's "Gitops" button.
  clusterActions: [{ key: 'gitops', order: 20, component: GitopsLink }],
};
