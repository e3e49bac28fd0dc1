import { createElement } from 'react';
import type { ClusterSlotProps, FeatureManifest } from '../../shared/lib/feature';
import { changePath } from './lib/paths';

/** Other areas refresh a target's configuration after changing it: `configchangeKeys.clusterConfig(type, id)`. */
export { configchangeKeys } from './keys';

export const configChangeFeature: FeatureManifest = {
  key: 'configchange',
  requires: 'configchange.read',
  routes: [
    {
      path: '/configchange',
      title: 'Config Changes',
      page: () => import('./pages/ConfigChangeListPage').then((m) => m.ConfigChangeListPage),
    },
    {
      path: '/confighistories/:historyId',
      page: () => import('./pages/ConfigHistoryPage').then((m) => m.ConfigHistoryPage),
    },
  ],
  menu: {
    section: 'devops',
    key: 'configchange',
    label: 'Config Changes',
    path: '/configchange',
    order: 3,
  },
  // The cluster page's configuration editor and its change history (Modification Histories).
  clusterTabs: [
    {
      key: 'config',
      label: 'Current Config',
      order: 10,
      load: () =>
        import('./components/ConfigEditor').then(
          ({ ConfigEditor }) =>
            function ClusterCurrentConfig({ cluster }: ClusterSlotProps) {
              return createElement(ConfigEditor, { clusterType: cluster.cluster_type, clusterId: cluster.id });
            },
        ),
    },
    {
      key: 'config_history',
      label: 'Modification Histories',
      order: 20,
      load: () =>
        import('./components/ConfigChangeTable').then(
          ({ ConfigChangeTable }) =>
            function ClusterModificationHistories({ cluster }: ClusterSlotProps) {
              return createElement(ConfigChangeTable, {
                prefix: 'history_',
                targetId: cluster.id,
                clusterType: cluster.cluster_type,
              });
            },
        ),
    },
  ],
  // The tenant page's Init Config: what the tenant's new clusters start with, and its changes.
  tenantTabs: [
    {
      key: 'init_config',
      label: 'Init Config',
      order: 40,
      load: () => import('./components/TenantInitConfig').then((m) => m.TenantInitConfig),
    },
  ],
  auditLinks: [{ type: 'cloud_config_change', path: changePath }],
  // Phases shown as status tags (the change list's phase tags use the contract's PHASE_COLORS).
  statusColors: { APPROVING: 'orange', APPLYING: 'blue', APPLIED: 'green', WITHDRAWN: 'red' },
};
