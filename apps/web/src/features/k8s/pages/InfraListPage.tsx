import { Link } from 'react-router';
import { CLOUD_PROVIDERS, K8S_ENVIRONMENTS, K8S_VERSIONS } from '@portal/contract';
import type { CloudProvider, K8sEnvironment, K8sInfo, K8sInfoListQuery } from '@portal/contract';
import { useListParams } from '../../../shared/lib/useListParams';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ListToolbar } from '../../../shared/ui/ListToolbar';
import { MultiSelectFilter } from '../../../shared/ui/MultiSelectFilter';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { Text } from '../../../shared/ui/Typography';
import { useK8sInfos } from '../api';
import { ClusterStatusTag, HealthTag } from '../components/display';
import { infraPath, taskPath } from '../paths';

const columns: DataColumns<K8sInfo> = [
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    sorter: true,
    render: (name: string) => <Link to={infraPath(name)}>{name}</Link>,
  },
  { title: 'Provider', dataIndex: 'provider', key: 'provider' },
  { title: 'Region', dataIndex: 'region', key: 'region' },
  { title: 'Environment', dataIndex: 'environment', key: 'environment' },
  {
    title: 'Version',
    dataIndex: 'version',
    key: 'version',
    sorter: true,
    render: (version: string) => <Text code>{version}</Text>,
  },
  { title: 'Health', dataIndex: 'health', key: 'health', render: (h: K8sInfo['health']) => <HealthTag health={h} /> },
  { title: 'Pools', dataIndex: 'node_pool_count', key: 'node_pool_count', align: 'right' },
  { title: 'Nodes', dataIndex: 'node_count', key: 'node_count', align: 'right' },
  { title: 'Hosted', dataIndex: 'hosted_cluster_count', key: 'hosted_cluster_count', align: 'right' },
  {
    title: 'Open Upgrade Task',
    dataIndex: 'open_task',
    key: 'open_task',
    render: (task: K8sInfo['open_task']) =>
      task ? (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Link to={taskPath(task.task_id)}>
            <Text style={{ maxWidth: 160 }} ellipsis={{ tooltip: task.name }}>
              {task.name}
            </Text>
          </Link>{' '}
          <ClusterStatusTag status={task.cluster_status} />
        </span>
      ) : (
        '-'
      ),
  },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    sorter: true,
    render: (value: string) => <DateText value={value} />,
  },
];

/** /infraInformation: the Kubernetes clusters the tenant clusters run on, filtered from the URL. */
export function InfraListPage() {
  const list = useListParams({
    search: '',
    provider: [] as CloudProvider[],
    environment: [] as K8sEnvironment[],
    version: [] as string[],
    region: '',
    sort: 'name',
  });
  const { search, region, ...rest } = list.request;
  const query = useK8sInfos({
    ...rest,
    sort: rest.sort as K8sInfoListQuery['sort'],
    search: search || undefined,
    region: region || undefined,
  });
  const { filters } = list;
  const filtered = Boolean(
    filters.search || filters.region || filters.provider.length || filters.environment.length || filters.version.length,
  );

  return (
    <>
      <PageHeader
        title="Infrastructure Information"
        description="The Kubernetes clusters the tenant clusters run on: versions, node pools and what they host."
      />
      <Panel>
        <ListToolbar filtered={filtered} onReset={list.reset} onReload={query.refetch} reloading={query.isFetching}>
          <SearchInput
            value={filters.search}
            onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
            placeholder="Search by k8s name"
          />
          <MultiSelectFilter
            label="Provider"
            value={filters.provider}
            width={160}
            options={CLOUD_PROVIDERS.map((value) => ({ value, label: value }))}
            onChange={(provider) => list.setFilters({ provider })}
          />
          <SearchInput
            value={filters.region}
            onSearch={(value) => list.setFilters({ region: value }, { replace: true })}
            placeholder="Region"
            width={180}
          />
          <MultiSelectFilter
            label="Environment"
            value={filters.environment}
            width={180}
            options={K8S_ENVIRONMENTS.map((value) => ({ value, label: value }))}
            onChange={(environment) => list.setFilters({ environment })}
          />
          <MultiSelectFilter
            label="Version"
            value={filters.version}
            width={160}
            options={K8S_VERSIONS.map((value) => ({ value, label: value }))}
            onChange={(version) => list.setFilters({ version })}
          />
        </ListToolbar>
        <DataTable<K8sInfo>
          aria-label="Kubernetes clusters"
          rowKey="name"
          columns={columns}
          data={query.data}
          loading={query.isFetching && (query.isLoading || query.isPlaceholderData)}
          error={query.error}
          onRetry={() => void query.refetch()}
          list={list}
          emptyText={filtered ? 'No Kubernetes clusters match these filters' : 'No Kubernetes clusters'}
        />
      </Panel>
    </>
  );
}
