import { createElement } from 'react';
import type { ClusterSlotProps, FeatureManifest } from '../../shared/lib/feature';

/** TiCDC cluster and changefeed pages, under their upstream cluster (no menu entry: reached from the cluster page). */
export const ticdcFeature: FeatureManifest = {
  key: 'ticdc',
  requires: 'ticdc.read',
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
  // The cluster page's TiCDC tab: its TiCDC clusters and changefeeds.
  clusterTabs: [
    {
      key: 'ticdc',
      label: 'TiCDC',
      order: 30,
      load: () =>
        import('./components/ClusterTicdcTab').then(
          ({ ClusterTicdcTab }) =>
            function TicdcTab({ cluster }: ClusterSlotProps) {
              return createElement(ClusterTicdcTab, { clusterId: cluster.id });
            },
        ),
    },
  ],
  // Operation and change targets of these kinds link to their pages (found through their upstream cluster).
  objectLinks: [
    { kind: 'ticdc_cluster', load: () => import('./components/TicdcLinks').then((m) => m.TicdcClusterLink) },
    { kind: 'changefeed', load: () => import('./components/TicdcLinks').then((m) => m.ChangefeedLink) },
  ],
  statusColors: {
    // TiCDC clusters
    AVAILABLE: 'success',
    UPGRADING: 'processing',
    MODIFYING: 'processing',
    RESTARTING: 'processing',
    SHUTTING_DOWN: 'warning',
    STOPPED: 'default',
    UNAVAILABLE: 'error',
    // changefeeds
    NORMAL: 'success',
    WARNING: 'warning',
    ERROR: 'error',
    FAILED: 'error',
    FINISHED: 'default',
  },
};
