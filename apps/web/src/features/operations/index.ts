import type { FeatureManifest } from '../../shared/lib/feature';

/** Other areas refresh the operation lists after starting one: `operationsKeys.lists()`. */
export { operationsKeys } from './keys';

export const operationsFeature: FeatureManifest = {
  key: 'operations',
  requires: 'operations.read',
  routes: [
    {
      path: '/operations',
      title: 'Operations',
      page: () => import('./pages/OperationListPage').then((m) => m.OperationListPage),
    },
    {
      path: '/operations/:instanceId',
      page: () => import('./pages/OperationDetailPage').then((m) => m.OperationDetailPage),
    },
  ],
  menu: {
    section: 'devops',
    key: 'operations',
    label: 'Operations',
    path: '/operations',
    order: 4,
  },
  auditLinks: [{ type: 'operation', path: (id) => `/operations/${encodeURIComponent(id)}` }],
  // Operation and step statuses.
  statusColors: {
    PENDING: 'warning',
    RUNNING: 'processing',
    WAITING: 'warning',
    SUCCEEDED: 'success',
    FAILED: 'error',
    CANCELLED: 'default',
  },
};
