import type { FeatureManifest } from '../../shared/lib/feature';
import { maintenancePath } from './lib/paths';

export const maintenanceFeature: FeatureManifest = {
  key: 'maintenance',
  requires: 'maintenance.read',
  routes: [
    {
      path: '/maintenance',
      title: 'Maintenance',
      page: () => import('./pages/MaintenanceListPage').then((m) => m.MaintenanceListPage),
    },
    {
      path: '/maintenance/:id',
      page: () => import('./pages/MaintenanceDetailPage').then((m) => m.MaintenanceDetailPage),
    },
  ],
  menu: { section: 'devops', key: 'maintenance', label: 'Maintenance', path: '/maintenance', order: 2 },
  clusterTabs: [
    {
      key: 'maintenance',
      label: 'Maintenance',
      order: 50,
      load: () => import('./components/ClusterMaintenanceTab').then((m) => m.ClusterMaintenanceTab),
    },
  ],
  auditLinks: [{ type: 'cluster_maintenance', path: maintenancePath }],
  // Maintenance and execution statuses (the same colours as the operations' and changefeeds' words).
  statusColors: {
    Pending: 'warning',
    Running: 'processing',
    Closed: 'default',
    Finished: 'default',
    Cancelled: 'default',
  },
};
