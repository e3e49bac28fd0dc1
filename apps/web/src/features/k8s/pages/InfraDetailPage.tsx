import { Link, useParams } from 'react-router';
import type { HostedCluster, K8sUpgradeHistory } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { tenantClusterColumns } from '../../../shared/ui/tenantClusterColumns';
import { Text } from '../../../shared/ui/Typography';
import { useK8sInfo } from '../api';
import { ClusterStatusTag, HealthTag, OperationLink, TaskStatusTag, VersionMove } from '../components/display';
import { NodePoolTable } from '../components/NodePoolTable';
import { taskClusterPath, taskPath } from '../paths';

const historyColumns = (k8sName: string): DataColumns<K8sUpgradeHistory> => [
  {
    title: 'Upgrade Task',
    dataIndex: 'task_name',
    key: 'task',
    render: (name: string, row) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <Link to={taskPath(row.task_id)}>{name}</Link> <TaskStatusTag status={row.task_status} />
      </span>
    ),
  },
  { title: 'Batch', dataIndex: 'batch', key: 'batch', align: 'right' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string, row) => (
      <Link to={taskClusterPath(row.task_id, k8sName)} aria-label={`Upgrade by task ${row.task_id}`}>
        <ClusterStatusTag status={status} />
      </Link>
    ),
  },
  {
    title: 'Version',
    key: 'version',
    render: (_: unknown, row) => <VersionMove from={row.from_version} to={row.to_version} />,
  },
  {
    title: 'Operation',
    dataIndex: 'operation_id',
    key: 'operation',
    render: (id: string | null) => <OperationLink id={id} />,
  },
  { title: 'Reason', dataIndex: 'reason', key: 'reason', render: (r: string | null) => r ?? '-' },
  {
    title: 'Started At',
    dataIndex: 'started_at',
    key: 'started_at',
    render: (v: string | null) => <DateText value={v} withTime />,
  },
  {
    title: 'Finished At',
    dataIndex: 'finished_at',
    key: 'finished_at',
    render: (v: string | null) => <DateText value={v} withTime />,
  },
];

/** /infraInformation/:k8sName: one Kubernetes cluster — facts, node pools, hosted tenant clusters, upgrades. */
export function InfraDetailPage() {
  const name = useParams().k8sName ?? '';
  const { data: info, isLoading, isFetching, error, refetch } = useK8sInfo(name);

  return (
    <DetailLayout
      title={`Kubernetes Cluster ${name}`}
      tags={info ? <HealthTag health={info.health} /> : null}
      loading={isLoading}
      error={info ? undefined : error}
      onRetry={() => void refetch()}
      extra={
        <ReloadButton loading={isFetching} onReload={refetch}>
          Refresh
        </ReloadButton>
      }
      descriptions={
        info && [
          { key: 'name', label: 'Name', children: <Text copyable>{info.name}</Text> },
          { key: 'provider', label: 'Provider', children: info.provider },
          { key: 'region', label: 'Region', children: info.region },
          { key: 'environment', label: 'Environment', children: info.environment },
          { key: 'version', label: 'Version', children: <Text code>{info.version}</Text> },
          { key: 'health', label: 'Health', children: <HealthTag health={info.health} /> },
          { key: 'pools', label: 'Node Pools', children: info.node_pool_count },
          { key: 'nodes', label: 'Nodes', children: info.node_count },
          { key: 'hosted', label: 'Hosted Clusters', children: info.hosted_cluster_count },
          {
            key: 'open',
            label: 'Open Upgrade Task',
            children: info.open_task ? (
              <span>
                <Link to={taskPath(info.open_task.task_id)}>{info.open_task.name}</Link>{' '}
                <Link to={taskClusterPath(info.open_task.task_id, info.name)} aria-label="Its upgrade in that task">
                  <ClusterStatusTag status={info.open_task.cluster_status} />
                </Link>
              </span>
            ) : (
              '-'
            ),
          },
          { key: 'created', label: 'Created At', children: <DateText value={info.created_at} withTime /> },
        ]
      }
      tabs={
        info
          ? [
              {
                key: 'pools',
                label: 'Node Pools',
                children: <NodePoolTable aria-label="Node pools" pools={info.node_pools} />,
              },
              {
                key: 'hosted',
                label: `Hosted Clusters (${info.hosted_clusters.length})`,
                children: (
                  <DataTable<HostedCluster>
                    aria-label="Hosted clusters"
                    columns={tenantClusterColumns}
                    data={info.hosted_clusters}
                    emptyText="It hosts no tenant cluster"
                  />
                ),
              },
              {
                key: 'history',
                label: 'Upgrade History',
                children: (
                  <DataTable<K8sUpgradeHistory>
                    aria-label="Upgrade history"
                    rowKey={(r) => r.task_id}
                    columns={historyColumns(info.name)}
                    data={info.upgrade_history}
                    emptyText="No upgrade task has touched it"
                  />
                ),
              },
            ]
          : undefined
      }
    />
  );
}
