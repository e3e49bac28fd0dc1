import { ApartmentOutlined } from '@ant-design/icons';
import type { FeatureManifest } from '../../shared/lib/feature';

export const orgsFeature: FeatureManifest = {
  key: 'orgs',
  routes: [
    { path: '/orgs', title: 'Orgs', page: () => import('./pages/OrgListPage').then((m) => m.OrgListPage) },
    { path: '/orgs/:orgId', page: () => import('./pages/OrgDetailPage').then((m) => m.OrgDetailPage) },
    {
      path: '/orgs/:orgId/projects/:projectId',
      page: () => import('./pages/ProjectDetailPage').then((m) => m.ProjectDetailPage),
    },
    {
      path: '/orgs/:orgId/clusters/:clusterId',
      page: () => import('./pages/ClusterDetailPage').then((m) => m.ClusterDetailPage),
    },
    {
      path: '/orgs/:orgId/byoc-clusters/:clusterId',
      page: () => import('./pages/ClusterDetailPage').then((m) => m.ByocClusterDetailPage),
    },
  ],
  menu: { section: 'root', key: 'orgs', label: 'Orgs', icon: ApartmentOutlined, path: '/orgs', order: 1 },
};
