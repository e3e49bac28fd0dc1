import { CLOUD_PROVIDERS, COMPONENT_DIFF_KINDS, COMPONENTS } from '@portal/contract';
import type {
  CloudProvider,
  Component,
  ComponentDiffKind,
  ComponentDiffRow,
  ComponentDiffRowListQuery,
} from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { ClusterHoverCard } from '../../../shared/ui/ClusterHoverCard';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { Text } from '../../../shared/ui/Typography';
import { useReportRows } from '../api';
import { DiffKindTag, VersionImage } from './display';

const SOURCES: Record<string, string> = {
  rule: 'a version rule',
  cluster: "the cluster's version",
  released: 'the default released to prod',
  staged: 'the staged default (not released to prod)',
  version: 'no default image: the version as tag',
};

const columns: DataColumns<ComponentDiffRow> = [
  {
    title: 'Tenant',
    dataIndex: 'tenant_name',
    key: 'tenant',
    sorter: true,
    render: (name: string, r) => <TenantHoverCard tenantId={r.tenant_id}>{name}</TenantHoverCard>,
  },
  {
    title: 'Cluster',
    dataIndex: 'cluster_name',
    key: 'cluster',
    sorter: true,
    render: (name: string, r) => (
      <span>
        <ClusterHoverCard clusterId={r.cluster_id} tenantId={r.tenant_id}>
          {name}
        </ClusterHoverCard>
        <br />
        <Text type="secondary" style={{ fontSize: 12 }}>
          {`${r.cluster_type} · ${r.cluster_version}`}
        </Text>
      </span>
    ),
  },
  {
    title: 'Provider',
    dataIndex: 'provider',
    key: 'provider',
    render: (provider: string, r) => `${provider} ${r.region}`,
  },
  { title: 'Component', dataIndex: 'component', key: 'component' },
  {
    title: 'Difference',
    dataIndex: 'difference',
    key: 'difference',
    render: (kind: string) => <DiffKindTag kind={kind} />,
  },
  {
    title: 'Expected',
    key: 'expected',
    render: (_: unknown, r) => (
      <span
        title={`Version from ${SOURCES[r.expected_version_source]}; image from ${SOURCES[r.expected_image_source]}`}
      >
        <VersionImage
          version={r.expected_version}
          image={r.base_image ? `${r.base_image}:${r.expected_image_tag}` : r.expected_image_tag}
        />
      </span>
    ),
  },
  {
    title: 'Actual',
    key: 'actual',
    render: (_: unknown, r) => <VersionImage version={r.actual_version} image={r.actual_image_tag} />,
  },
];

/** A report's diff rows: filters (tenant, provider, component, difference, cluster), sort and page in the URL. */
export function DiffRowsTable({ reportId, live }: { reportId: string; live: boolean }) {
  const list = useListParams({
    tenant_id: '',
    provider: [] as CloudProvider[],
    component: [] as Component[],
    difference: [] as ComponentDiffKind[],
    search: '',
    sort: 'tenant',
  });
  const { tenant_id, search, ...rest } = list.request;
  const query = useReportRows(
    reportId,
    {
      ...rest,
      sort: rest.sort as ComponentDiffRowListQuery['sort'],
      tenant_id: tenant_id || undefined,
      search: search || undefined,
    },
    live,
  );
  const { filters } = list;
  const filtered = Boolean(
    filters.tenant_id ||
    filters.search ||
    filters.provider.length ||
    filters.component.length ||
    filters.difference.length,
  );
  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
        <SearchInput
          value={filters.tenant_id}
          onSearch={(value) => list.setFilters({ tenant_id: value }, { replace: true })}
          placeholder="Tenant ID"
          aria-label="Tenant ID"
          width={200}
        />
        <MultiSelectFilter
          label="Provider"
          width={180}
          value={filters.provider}
          options={CLOUD_PROVIDERS.map((value) => ({ value, label: value }))}
          onChange={(provider) => list.setFilters({ provider })}
        />
        <MultiSelectFilter
          label="Component"
          width={200}
          value={filters.component}
          options={COMPONENTS.map((value) => ({ value, label: value }))}
          onChange={(component) => list.setFilters({ component })}
        />
        <MultiSelectFilter
          label="Difference"
          width={200}
          value={filters.difference}
          options={COMPONENT_DIFF_KINDS.map((value) => ({ value, label: value.replace(/_/g, ' ') }))}
          onChange={(difference) => list.setFilters({ difference })}
        />
        <SearchInput
          value={filters.search}
          onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
          placeholder="Cluster name or ID"
          aria-label="Cluster"
          width={220}
        />
      </ListToolbar>
      <DataTable<ComponentDiffRow>
        aria-label="Diff rows"
        columns={columns}
        data={query.data}
        loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
        error={query.error}
        onRetry={() => void query.refetch()}
        list={list}
        emptyText={filtered ? 'No diff rows match these filters' : 'Every component runs what its version expects'}
      />
    </>
  );
}
