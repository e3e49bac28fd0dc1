import { DashboardOutlined } from '@ant-design/icons';
import type { FeatureManifest } from '../../shared/lib/feature';

export const overviewFeature: FeatureManifest = {
  key: 'overview',
  requires: 'overview.read',
  routes: [
    { path: '/overview', title: 'Overview', page: () => import('./pages/OverviewPage').then((m) => m.OverviewPage) },
  ],
  menu: { section: 'root', key: 'overview', label: 'Overview', icon: DashboardOutlined, path: '/overview', order: 0 },
};
