import type { FeatureManifest } from '../../shared/lib/feature';

/** TiCDC cluster and changefeed pages, under their upstream cluster (no menu entry: reached from the cluster page). */
export const ticdcFeature: FeatureManifest = {
  key: 'ticdc',
  routes: [
    {
      path: '/orgs/:orgId/clusters/:clusterId/changefeeds/:changefeedId',
      page: () => import('./pages/ChangefeedDetailPage').then((m) => m.ChangefeedDetailPage),
    },
    {
      path: '/orgs/:orgId/clusters/:clusterId/ticdc_clusters/:ticdcClusterId',
      page: () => import('./pages/TicdcClusterDetailPage').then((m) => m.TicdcClusterDetailPage),
    },
  ],
};
