import type { FeatureManifest } from '../../shared/lib/feature';

// The same as paths.ts, written here so the shell's entry does not pull in a chunk shared with the pages.
const infraPath = (name: string) => `/infraInformation/${encodeURIComponent(name)}`;
const taskPath = (id: string) => `/k8sUpgradeTask/${encodeURIComponent(id)}`;

/**
 * Kubernetes infrastructure and upgrade tasks (issue 12; spec §2 /infraInformation, /k8sUpgradeTask, §4 submit,
 * close, cancel, exclude, delete). Loads with the shell: data and lazy imports only.
 */
export const k8sFeature: FeatureManifest = {
  key: 'k8s',
  requires: 'k8s.read',
  routes: [
    {
      path: '/infraInformation',
      title: 'Infrastructure Information',
      page: () => import('./pages/InfraListPage').then((m) => m.InfraListPage),
    },
    {
      path: '/infraInformation/:k8sName',
      page: () => import('./pages/InfraDetailPage').then((m) => m.InfraDetailPage),
    },
    {
      path: '/k8sUpgradeTask',
      title: 'K8s Upgrade Tasks',
      page: () => import('./pages/TaskListPage').then((m) => m.TaskListPage),
    },
    {
      path: '/k8sUpgradeTask/:taskId',
      page: () => import('./pages/TaskDetailPage').then((m) => m.TaskDetailPage),
    },
    {
      path: '/k8sUpgradeTask/:taskId/k8sCluster/:k8sName',
      page: () => import('./pages/TaskClusterPage').then((m) => m.TaskClusterPage),
    },
  ],
  menu: [
    { section: 'devops', key: 'k8sUpgradeTask', label: 'K8s Upgrade Tasks', path: '/k8sUpgradeTask', order: 6 },
    { section: 'monitor', key: 'infraInformation', label: 'Infra Information', path: '/infraInformation', order: 2 },
  ],
  // Each k8s cluster of a running batch is upgraded by its own operation (target type `k8s_cluster`).
  objectLinks: [{ kind: 'k8s_cluster', path: infraPath }],
  auditLinks: [{ type: 'k8s_upgrade_task', path: taskPath }],
  // Only the words this area adds; its pages colour their own tags from the contract's tables.
  statusColors: {
    DRAFT: 'default',
    CLOSED: 'default',
    UPGRADING: 'processing',
    EXCLUDED: 'warning',
    SKIPPED: 'default',
    HEALTHY: 'success',
    DEGRADED: 'error',
  },
};
