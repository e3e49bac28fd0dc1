import { ClusterHoverCard } from './ClusterHoverCard';
import type { DataColumns } from './DataTable';
import { StatusTag } from './StatusTag';
import { TenantHoverCard } from './TenantHoverCard';

/** What a row of tenant clusters shows, whichever object lists them (a k8s cluster's hosted, an o11y's covered). */
export interface TenantClusterRow {
  id: string;
  name: string;
  /** The stored status, e.g. `USER_CLUSTER_STATUS_AVAILABLE` (shown without its prefix). */
  status: string;
  cluster_type: string;
  version: string;
  tenant_id: string;
  tenant_name: string;
}

/**
 * Cluster (its hover card), ID, Status, Type, Version and Tenant (its hover card): the columns of a table of tenant
 * clusters. A page adds its own after them (`[...tenantClusterColumns, createdAt]`).
 */
export const tenantClusterColumns: DataColumns<TenantClusterRow> = [
  {
    title: 'Cluster',
    dataIndex: 'name',
    key: 'name',
    render: (name: string, row) => (
      <ClusterHoverCard clusterId={row.id} tenantId={row.tenant_id}>
        {name}
      </ClusterHoverCard>
    ),
  },
  { title: 'ID', dataIndex: 'id', key: 'id' },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (status: string) => <StatusTag status={status} /> },
  { title: 'Type', dataIndex: 'cluster_type', key: 'cluster_type' },
  { title: 'Version', dataIndex: 'version', key: 'version' },
  {
    title: 'Tenant',
    dataIndex: 'tenant_name',
    key: 'tenant',
    render: (name: string, row) => <TenantHoverCard tenantId={row.tenant_id}>{name}</TenantHoverCard>,
  },
];
