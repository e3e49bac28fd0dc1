import type { FeatureManifest } from '../../shared/lib/feature';
import { ALERTS_TAB } from './lib/paths';

/** Cluster types that run TiDB components (contract TOPOLOGY_CLUSTER_TYPES; repeated: the manifest stays tiny). */
const WITH_TOPOLOGY = new Set(['DEDICATED_TIDB', 'SHARED_POOL', 'LOGICAL_CLUSTER']);

/**
 * Cluster monitoring: the Alerts (with their summary), Topology and DM Namespaces tabs of the cluster page, and the
 * overview's critical alerts panel (each linking to its cluster's Alerts tab, `?tab=alerts`).
 */
export const clusterMonitoringFeature: FeatureManifest = {
  key: 'clustermonitoring',
  requires: 'monitoring.read',
  routes: [],
  clusterTabs: [
    {
      key: ALERTS_TAB,
      label: 'Alerts',
      order: 2,
      load: () => import('./components/ClusterAlertsTab').then((m) => m.ClusterAlertsTab),
    },
    {
      key: 'topology',
      label: 'Topology',
      order: 4,
      when: ({ cluster }) => WITH_TOPOLOGY.has(cluster.cluster_type),
      load: () => import('./components/ClusterTopologyTab').then((m) => m.ClusterTopologyTab),
    },
    {
      key: 'dm-ns',
      label: 'DM Namespaces',
      order: 40,
      when: ({ cluster }) => cluster.cluster_type === 'DEDICATED_TIDB',
      load: () => import('./components/ClusterDmTab').then((m) => m.ClusterDmTab),
    },
  ],
  overviewPanels: [
    {
      key: 'critical-alerts',
      title: 'Critical Alerts',
      order: 20,
      load: () => import('./components/CriticalAlertsPanel').then((m) => m.CriticalAlertsPanel),
    },
  ],
};
