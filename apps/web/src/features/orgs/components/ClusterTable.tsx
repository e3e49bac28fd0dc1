import { Tag } from 'antd';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { Link } from 'react-router';
import { CLOUD_PROVIDERS, CLUSTER_STATUSES, CLUSTER_TYPES, displayClusterStatus } from '@portal/contract';
import type { CloudProvider, Cluster, ClusterListQuery, ClusterStatus, ClusterType } from '@portal/contract';
import { clusterPath } from '../../../shared/api/entities';
import { useListParams } from '../../../shared/lib/useListParams';
import { ClusterHoverCard } from '../../../shared/ui/ClusterHoverCard';
import { DataTable } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { useClusters } from '../api';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';

export interface ClusterTableProps {
  /** Only this tenant's clusters. */
  tenantId?: string;
  /** Only this project's clusters. */
  projectId?: string;
  /** URL key prefix of the list state, so it can share a page with other lists. */
  prefix?: string;
}

const options = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));

/** Clusters with status / provider / type filters and search, paginated and sorted on the server. */
export function ClusterTable({ tenantId, projectId, prefix = 'clusters_' }: ClusterTableProps) {
  const list = useListParams(
    {
      search: '',
      status: [] as ClusterStatus[],
      provider: [] as CloudProvider[],
      cluster_type: [] as ClusterType[],
    },
    { prefix },
  );
  const { search, ...rest } = list.request;
  const params = {
    ...rest,
    // The URL's sort, as the list declares it (the server refuses any other).
    sort: rest.sort as ClusterListQuery['sort'],
    search: search || undefined,
    tenant_id: tenantId,
    project_id: projectId,
  };
  const query = useClusters(params);

  const columns: DataColumns<Cluster> = [
    {
      title: 'ID',
      dataIndex: 'id',
      key: 'id',
      render: (id: string, row) => <ClusterHoverCard clusterId={id} tenantId={row.tenant_id} />,
    },
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, row) => (
        <>
          <Link to={clusterPath(row.tenant_id, row.id, row.is_byoc)}>{name}</Link>
          {row.is_byoc ? (
            <Tag color="purple" style={{ marginInlineStart: 6 }}>
              BYOC
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (status: string) => <StatusTag status={status} />,
    },
    { title: 'Type', dataIndex: 'cluster_type', key: 'cluster_type' },
    { title: 'Provider', dataIndex: 'provider', key: 'provider' },
    { title: 'Region', dataIndex: 'region', key: 'region' },
    { title: 'Version', dataIndex: 'version', key: 'version' },
    ...(projectId
      ? []
      : [
          {
            title: 'Project',
            dataIndex: 'project_name',
            key: 'project',
            render: (name: string, row: Cluster) => (
              <Link to={`/orgs/${encodeURIComponent(row.tenant_id)}/projects/${encodeURIComponent(row.project_id)}`}>
                {name}
              </Link>
            ),
          },
        ]),
    ...(tenantId
      ? []
      : [
          {
            title: 'Tenant',
            dataIndex: 'tenant_id',
            key: 'tenant',
            render: (id: string) => <TenantHoverCard tenantId={id} />,
          },
        ]),
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: (value: string) => <DateText value={value} />,
    },
  ];

  const filtered =
    list.filters.search ||
    list.filters.status.length ||
    list.filters.provider.length ||
    list.filters.cluster_type.length;

  return (
    <>
      <ListToolbar filtered={Boolean(filtered)} onReset={list.reset}>
        <SearchInput
          value={list.filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Search clusters by name or ID"
        />
        <MultiSelectFilter
          label="Cluster status"
          placeholder="Status"
          value={list.filters.status}
          options={options(CLUSTER_STATUSES, displayClusterStatus)}
          onChange={(status) => list.setFilters({ status })}
        />
        <MultiSelectFilter
          label="Provider"
          width={150}
          value={list.filters.provider}
          options={options(CLOUD_PROVIDERS)}
          onChange={(provider) => list.setFilters({ provider })}
        />
        <MultiSelectFilter
          label="Cluster type"
          value={list.filters.cluster_type}
          options={options(CLUSTER_TYPES)}
          onChange={(cluster_type) => list.setFilters({ cluster_type })}
        />
      </ListToolbar>
      <DataTable<Cluster>
        aria-label="Clusters"
        columns={columns}
        query={query}
        list={list}
        emptyText={filtered ? 'No clusters match these filters' : 'No clusters'}
      />
    </>
  );
}
