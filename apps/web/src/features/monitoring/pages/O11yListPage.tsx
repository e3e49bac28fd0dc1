import { Link } from 'react-router';
import { CLOUD_PROVIDERS, O11Y_HEALTH } from '@portal/contract';
import type { CloudProvider, O11yCluster, O11yHealth } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { Text } from '../../../shared/ui/Typography';
import { useO11yClusters } from '../api';
import { HealthTag } from '../components/display';
import { formatCount, formatStorage } from '../model';
import { o11yPath, regionCertificatesPath } from '../paths';

const columns: DataColumns<O11yCluster> = [
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    render: (name: string) => <Link to={o11yPath(name)}>{name}</Link>,
  },
  { title: 'Provider', dataIndex: 'provider', key: 'provider' },
  {
    title: 'Region',
    dataIndex: 'region',
    key: 'region',
    render: (region: string, o) => (
      <Link to={regionCertificatesPath(o.region_id)} title="The region's certificates">
        {region}
      </Link>
    ),
  },
  {
    title: 'Health',
    dataIndex: 'health',
    key: 'health',
    render: (health: string, o) => (
      <span title={o.health_message ?? undefined}>
        <HealthTag health={health} />
      </span>
    ),
  },
  { title: 'Clusters Covered', dataIndex: 'covered_clusters', key: 'covered_clusters', align: 'right' },
  { title: 'Tenants', dataIndex: 'covered_tenants', key: 'covered_tenants', align: 'right' },
  {
    title: 'Samples/s',
    dataIndex: 'ingestion_rate',
    key: 'ingestion_rate',
    align: 'right',
    render: (n: number) => formatCount(n),
  },
  {
    title: 'Active Series',
    dataIndex: 'active_series',
    key: 'active_series',
    align: 'right',
    render: (n: number) => formatCount(n),
  },
  {
    title: 'Storage',
    key: 'storage',
    align: 'right',
    render: (_: unknown, o) => formatStorage(o.storage_used_gib, o.storage_capacity_gib),
  },
  { title: 'Version', dataIndex: 'version', key: 'version', render: (v: string) => <Text code>{v}</Text> },
  {
    title: 'Checked At',
    dataIndex: 'checked_at',
    key: 'checked_at',
    render: (v: string) => <DateText value={v} withTime />,
  },
];

/**
 * /o11y: the observability clusters that collect each region's telemetry (linked from /certification), their health
 * and load, and how many tenant clusters each covers.
 */
export function O11yListPage() {
  const list = useListParams({ provider: [] as CloudProvider[], health: [] as O11yHealth[] });
  const { provider, health } = list.request;
  const query = useO11yClusters({ provider, health });
  const { filters } = list;
  const filtered = Boolean(filters.provider.length || filters.health.length);
  return (
    <>
      <PageHeader
        title="O11y Clusters"
        description="The observability clusters that collect each region's telemetry: every tenant cluster of a region reports to its o11y cluster."
        extra={<Link to="/certification">Certification</Link>}
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <MultiSelectFilter
            label="Provider"
            width={180}
            value={filters.provider}
            options={CLOUD_PROVIDERS.map((value) => ({ value, label: value }))}
            onChange={(next) => list.setFilters({ provider: next })}
          />
          <MultiSelectFilter
            label="Health"
            width={180}
            value={filters.health}
            options={O11Y_HEALTH.map((value) => ({ value, label: value }))}
            onChange={(next) => list.setFilters({ health: next })}
          />
        </ListToolbar>
        <DataTable<O11yCluster>
          aria-label="O11y clusters"
          rowKey="name"
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          pagination={{ pageSize: 20 }}
          emptyText={filtered ? 'No o11y clusters match these filters' : 'No o11y clusters'}
        />
      </Panel>
    </>
  );
}
