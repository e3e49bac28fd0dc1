import { Link, useParams } from 'react-router';
import type { O11yComponent, O11yCoveredCluster, O11yCoveredListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { tenantClusterColumns } from '../../../shared/ui/tenantClusterColumns';
import { Text } from '../../../shared/ui/Typography';
import { useCoveredClusters, useO11yCluster } from '../api';
import { HealthTag } from '../components/display';
import { formatCount, formatStorage } from '../model';
import { regionCertificatesPath } from '../paths';

const componentColumns: DataColumns<O11yComponent> = [
  { title: 'Component', dataIndex: 'name', key: 'name', render: (n: string) => <Text code>{n}</Text> },
  { title: 'Version', dataIndex: 'version', key: 'version' },
  { title: 'Replicas', dataIndex: 'replicas', key: 'replicas', align: 'right' },
  {
    title: 'Ready',
    dataIndex: 'ready',
    key: 'ready',
    align: 'right',
    render: (ready: number, c) =>
      ready < c.replicas ? (
        <Text type="danger" strong>
          {`${ready} / ${c.replicas}`}
        </Text>
      ) : (
        `${ready} / ${c.replicas}`
      ),
  },
];

const coveredColumns: DataColumns<O11yCoveredCluster> = [
  ...tenantClusterColumns,
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (v: string) => <DateText value={v} />,
  },
];

function CoveredClusters({ name }: { name: string }) {
  const list = useListParams({ search: '', tenant_id: '', sort: '-created_at' }, { prefix: 'covered_' });
  const { search, tenant_id, ...rest } = list.request;
  const query = useCoveredClusters(name, {
    ...rest,
    sort: rest.sort as O11yCoveredListQuery['sort'],
    search: search || undefined,
    tenant_id: tenant_id || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(filters.search || filters.tenant_id);
  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SearchInput
          value={filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Cluster name or ID"
          aria-label="Cluster"
          width={240}
        />
        <SearchInput
          value={filters.tenant_id}
          onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
          placeholder="Tenant ID"
          aria-label="Tenant ID"
          width={220}
        />
      </ListToolbar>
      <DataTable<O11yCoveredCluster>
        aria-label="Covered clusters"
        columns={coveredColumns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText={filtered ? 'No covered cluster matches these filters' : 'It covers no tenant cluster'}
      />
    </>
  );
}

/** /o11y/:name: one o11y cluster — health, load, the parts of its stack and the tenant clusters it covers. */
export function O11yDetailPage() {
  const name = useParams().name ?? '';
  const { data: o11y, isLoading, isFetching, error, refetch } = useO11yCluster(name);
  return (
    <DetailLayout
      title={`O11y Cluster ${name}`}
      tags={o11y ? <HealthTag health={o11y.health} /> : null}
      loading={isLoading}
      error={o11y ? undefined : error}
      onRetry={() => void refetch()}
      extra={
        <ReloadButton loading={isFetching} onReload={refetch}>
          Refresh
        </ReloadButton>
      }
      descriptions={
        o11y && [
          { key: 'name', label: 'Name', children: <Text copyable>{o11y.name}</Text> },
          { key: 'provider', label: 'Provider', children: o11y.provider },
          {
            key: 'region',
            label: 'Region',
            children: <Link to={regionCertificatesPath(o11y.region_id)}>{o11y.region_id}</Link>,
          },
          { key: 'health', label: 'Health', children: <HealthTag health={o11y.health} /> },
          { key: 'message', label: 'Health Message', children: o11y.health_message ?? '-' },
          { key: 'endpoint', label: 'Endpoint', children: <Text code>{o11y.endpoint}</Text> },
          { key: 'version', label: 'Version', children: <Text code>{o11y.version}</Text> },
          { key: 'covered', label: 'Clusters Covered', children: o11y.covered_clusters },
          { key: 'tenants', label: 'Tenants Covered', children: o11y.covered_tenants },
          { key: 'rate', label: 'Samples/s', children: formatCount(o11y.ingestion_rate) },
          { key: 'series', label: 'Active Series', children: formatCount(o11y.active_series) },
          {
            key: 'storage',
            label: 'Storage',
            children: formatStorage(o11y.storage_used_gib, o11y.storage_capacity_gib),
          },
          { key: 'retention', label: 'Retention', children: `${o11y.retention_days} days` },
          { key: 'checked', label: 'Checked At', children: <DateText value={o11y.checked_at} withTime /> },
          { key: 'created', label: 'Created At', children: <DateText value={o11y.created_at} /> },
        ]
      }
      tabs={
        o11y
          ? [
              {
                key: 'clusters',
                label: `Covered Clusters (${o11y.covered_clusters})`,
                children: <CoveredClusters name={o11y.name} />,
              },
              {
                key: 'components',
                label: 'Stack',
                children: (
                  <DataTable<O11yComponent>
                    aria-label="Stack components"
                    rowKey="name"
                    columns={componentColumns}
                    data={o11y.components}
                    pagination={false}
                  />
                ),
              },
            ]
          : undefined
      }
    />
  );
}
