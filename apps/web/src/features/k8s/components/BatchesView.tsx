import { Button, Flex } from 'antd';
import { MinusCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { canExcludeK8sCluster } from '@portal/contract';
import type { K8sBatch, K8sTaskCluster, K8sUpgradeTaskDetail } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { Text } from '../../../shared/ui/Typography';
import { taskClusterPath } from '../paths';
import { BatchStatusTag, ClusterStatusTag, OperationLink, VersionMove } from './display';

export interface BatchesViewProps {
  task: K8sUpgradeTaskDetail;
  /** Offer Exclude on the clusters that allow it (absent: the user may not exclude). */
  onExclude?: (k8sName: string) => void;
}

function columnsFor(task: K8sUpgradeTaskDetail, onExclude: BatchesViewProps['onExclude']) {
  const columns: DataColumns<K8sTaskCluster> = [
    {
      title: 'K8s Cluster',
      dataIndex: 'k8s_name',
      key: 'k8s_name',
      render: (name: string) => <Link to={taskClusterPath(task.id, name)}>{name}</Link>,
    },
    {
      title: 'Provider / Region',
      key: 'where',
      render: (_: unknown, c) => `${c.provider} ${c.region} · ${c.environment}`,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: string) => <ClusterStatusTag status={status} />,
    },
    {
      title: 'Version',
      key: 'version',
      render: (_: unknown, c) => <VersionMove from={c.from_version} to={c.current_version} />,
    },
    { title: 'Nodes', dataIndex: 'node_count', key: 'node_count', align: 'right' },
    { title: 'Hosted', dataIndex: 'hosted_cluster_count', key: 'hosted', align: 'right' },
    {
      title: 'Operation',
      dataIndex: 'operation_id',
      key: 'operation',
      render: (id: string | null) => <OperationLink id={id} />,
    },
    {
      title: 'Reason',
      dataIndex: 'reason',
      key: 'reason',
      render: (r: string | null) =>
        r ? (
          <Text style={{ maxWidth: 200 }} ellipsis={{ tooltip: r }}>
            {r}
          </Text>
        ) : (
          '-'
        ),
    },
    {
      // One column, two lines: the batch tables stay narrow enough for the page (the cluster's page has both too).
      title: 'Started / Finished',
      key: 'times',
      render: (_: unknown, c) =>
        c.started_at ? (
          <Flex vertical>
            <DateText value={c.started_at} withTime />
            <Text type="secondary">
              <DateText value={c.finished_at} withTime />
            </Text>
          </Flex>
        ) : (
          '-'
        ),
    },
  ];
  if (onExclude)
    columns.push({
      title: 'Action',
      key: 'action',
      render: (_: unknown, c) => (
        <Button
          size="small"
          icon={<MinusCircleOutlined />}
          aria-label={`Exclude ${c.k8s_name}`}
          disabled={!canExcludeK8sCluster(task.status, c.status)}
          onClick={() => onExclude(c.k8s_name)}
        >
          Exclude
        </Button>
      ),
    });
  return columns;
}

/** The batches of a task in order, each with its clusters, their statuses and upgrade operations. */
export function BatchesView({ task, onExclude }: BatchesViewProps) {
  const columns = columnsFor(task, onExclude);
  return (
    <Flex vertical gap={20}>
      {task.batches.map((batch: K8sBatch) => (
        <section key={batch.index} aria-label={`Batch ${batch.index}`}>
          <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
            <strong>{`Batch ${batch.index}`}</strong>
            <BatchStatusTag status={batch.status} />
            {task.current_batch === batch.index && task.status === 'running' ? (
              <Text type="secondary">current batch</Text>
            ) : null}
            <Text type="secondary">{`${batch.clusters.length} k8s cluster${batch.clusters.length === 1 ? '' : 's'}`}</Text>
          </Flex>
          <DataTable<K8sTaskCluster>
            aria-label={`Batch ${batch.index} clusters`}
            rowKey="k8s_name"
            size="small"
            columns={columns}
            data={batch.clusters}
            pagination={false}
            emptyText="No k8s clusters"
          />
        </section>
      ))}
      {task.batches.length === 0 ? <Text type="secondary">No batches</Text> : null}
    </Flex>
  );
}
