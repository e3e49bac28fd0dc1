import { createElement } from 'react';
import { ApartmentOutlined } from '@ant-design/icons';
import { clusterPath, tenantPath } from '../../shared/api/entities';
import type { FeatureManifest, ObjectLinkProps } from '../../shared/lib/feature';

export const orgsFeature: FeatureManifest = {
  key: 'orgs',
  requires: 'orgs.read',
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
  // Clusters and tenants shown elsewhere (operation and change targets) link here, with their hover cards.
  objectLinks: [
    {
      kind: 'cluster',
      path: (id, tenantId) => clusterPath(tenantId ?? '', id),
      load: () =>
        import('../../shared/ui/ClusterHoverCard').then(
          ({ ClusterHoverCard }) =>
            function ClusterLink({ id, tenantId, children }: ObjectLinkProps) {
              return createElement(ClusterHoverCard, { clusterId: id, tenantId: tenantId ?? '', children });
            },
        ),
    },
    {
      kind: 'tenant',
      path: (id) => tenantPath(id),
      load: () =>
        import('../../shared/ui/TenantHoverCard').then(
          ({ TenantHoverCard }) =>
            function TenantLink({ id, children }: ObjectLinkProps) {
              return createElement(TenantHoverCard, { tenantId: id, children });
            },
        ),
    },
  ],
  auditLinks: [{ type: 'tenant', path: tenantPath }],
  statusColors: {
    // tenants
    ACTIVE: 'success',
    SUSPENDED: 'warning',
    CLOSING: 'warning',
    CLOSED: 'default',
    // clusters (shown without the USER_CLUSTER_STATUS_ prefix)
    CREATING: 'processing',
    AVAILABLE: 'success',
    MODIFYING: 'processing',
    PAUSED: 'default',
    RESUMING: 'processing',
    UNAVAILABLE: 'error',
    MAINTAINING: 'warning',
    DELETING: 'error',
    DELETED: 'default',
    // account users and support sessions
    INVITED: 'processing',
    ENDED: 'default',
    EXPIRED: 'default',
  },
};
