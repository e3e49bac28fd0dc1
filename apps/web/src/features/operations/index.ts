import { DeploymentUnitOutlined } from '@ant-design/icons';
import type { FeatureManifest } from '../../shared/lib/feature';

export const operationsFeature: FeatureManifest = {
  key: 'operations',
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
    icon: DeploymentUnitOutlined,
    path: '/operations',
    order: 4,
  },
};
