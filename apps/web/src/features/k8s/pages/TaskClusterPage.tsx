import { useState } from 'react';
import { Alert, Button } from 'antd';
import { MinusCircleOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { canExcludeK8sCluster, k8sApi } from '@portal/contract';
import type { K8sTaskCluster, OperationDetail, OperationStep } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { operationPath } from '../../../shared/ui/OperationSubmitted';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { useK8sTaskCluster } from '../api';
import { BatchStatusTag, ClusterStatusTag, OperationLink, TaskStatusTag, VersionMove } from '../components/display';
import { NodePoolChanges } from '../components/NodePoolTable';
import { infraPath, taskClusterPath, taskPath } from '../paths';

const ExcludeDialog = lazyDialog(() => import('../components/ExcludeDialog').then((m) => m.ExcludeDialog));

const stepColumns: DataColumns<OperationStep> = [
  { title: '#', dataIndex: 'seq', key: 'seq', align: 'right' },
  { title: 'Step', dataIndex: 'title', key: 'title' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string, step) => (
      <span>
        <StatusTag status={status} /> {step.manual ? <Text type="secondary">manual</Text> : null}
      </span>
    ),
  },
  {
    title: 'Message',
    dataIndex: 'message',
    key: 'message',
    render: (m: string | null) =>
      m ? (
        <Text style={{ maxWidth: 420 }} ellipsis={{ tooltip: m }}>
          {m}
        </Text>
      ) : (
        '-'
      ),
  },
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

function OperationStepsTable({ operation }: { operation: OperationDetail | null }) {
  if (!operation) return <Text type="secondary">Its upgrade has not started: no operation yet.</Text>;
  const waiting = operation.steps.find((s) => s.status === 'waiting' && s.manual);
  return (
    <>
      <p>
        Operation <Link to={operationPath(operation.id)}>{operation.id}</Link> <StatusTag status={operation.status} />{' '}
        <Text type="secondary">{`${operation.progress.done}/${operation.progress.total} steps done`}</Text>
      </p>
      {waiting ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <span>
              {`Waiting for an operator: "${waiting.title}". Finish the step on `}
              <Link to={operationPath(operation.id)}>the operation&apos;s page</Link>.
            </span>
          }
        />
      ) : null}
      <DataTable<OperationStep>
        aria-label="Operation steps"
        rowKey="seq"
        size="small"
        columns={stepColumns}
        data={operation.steps}
        pagination={false}
        emptyText="No steps"
      />
    </>
  );
}

const batchColumns = (taskId: string): DataColumns<K8sTaskCluster> => [
  {
    title: 'K8s Cluster',
    dataIndex: 'k8s_name',
    key: 'k8s_name',
    render: (name: string) => <Link to={taskClusterPath(taskId, name)}>{name}</Link>,
  },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (s: string) => <ClusterStatusTag status={s} /> },
  {
    title: 'Version',
    key: 'version',
    render: (_: unknown, c) => <VersionMove from={c.from_version} to={c.current_version} />,
  },
  {
    title: 'Operation',
    dataIndex: 'operation_id',
    key: 'operation',
    render: (id: string | null) => <OperationLink id={id} />,
  },
];

/**
 * /k8sUpgradeTask/:taskId/k8sCluster/:k8sName: one k8s cluster's upgrade inside a task — its batch and status, its
 * operation's steps, the node pools before and after; links back to the task and to /infraInformation/{name}.
 * Re-read every second while it is being upgraded.
 */
export function TaskClusterPage() {
  const params = useParams();
  const taskId = params.taskId ?? '';
  const name = params.k8sName ?? '';
  const can = useCan();
  const { data, isLoading, isFetching, error, refetch } = useK8sTaskCluster(taskId, name);
  const [excluding, setExcluding] = useState(false);
  const cluster = data?.cluster;
  const task = data?.task;

  return (
    <>
      <DetailLayout
        title={`${name} in Upgrade Task ${taskId}`}
        tags={cluster ? <ClusterStatusTag status={cluster.status} /> : null}
        loading={isLoading}
        error={data ? undefined : error}
        onRetry={() => void refetch()}
        extra={
          data ? (
            <>
              {can(k8sApi.exclude) ? (
                <Button
                  icon={<MinusCircleOutlined />}
                  disabled={!canExcludeK8sCluster(data.task.status, data.cluster.status)}
                  onPointerEnter={ExcludeDialog.preload}
                  onClick={() => setExcluding(true)}
                >
                  Exclude
                </Button>
              ) : null}
              <ReloadButton loading={isFetching && data.cluster.status !== 'upgrading'} onReload={refetch}>
                Refresh
              </ReloadButton>
            </>
          ) : null
        }
        descriptions={
          data &&
          cluster &&
          task && [
            {
              key: 'task',
              label: 'Upgrade Task',
              children: (
                <span>
                  <Link to={taskPath(task.id)}>{`${task.id}: ${task.name}`}</Link>{' '}
                  <TaskStatusTag status={task.status} />
                </span>
              ),
            },
            {
              key: 'batch',
              label: 'Batch',
              children: (
                <span>
                  {`${data.batch.index} of ${task.batch_count}`} <BatchStatusTag status={data.batch.status} />
                </span>
              ),
            },
            { key: 'status', label: 'Status', children: <ClusterStatusTag status={cluster.status} /> },
            { key: 'target', label: 'Target Version', children: <Text code>{task.target_version}</Text> },
            {
              key: 'version',
              label: 'Version',
              children: <VersionMove from={cluster.from_version} to={cluster.current_version} />,
            },
            {
              key: 'infra',
              label: 'K8s Cluster',
              children: <Link to={infraPath(cluster.k8s_name)}>{cluster.k8s_name}</Link>,
            },
            { key: 'where', label: 'Provider / Region', children: `${cluster.provider} ${cluster.region}` },
            { key: 'environment', label: 'Environment', children: cluster.environment },
            { key: 'operation', label: 'Operation', children: <OperationLink id={cluster.operation_id} /> },
            { key: 'reason', label: 'Reason', children: cluster.reason ?? '-' },
            { key: 'started', label: 'Started At', children: <DateText value={cluster.started_at} withTime /> },
            { key: 'finished', label: 'Finished At', children: <DateText value={cluster.finished_at} withTime /> },
          ]
        }
        tabs={
          data
            ? [
                {
                  key: 'steps',
                  label: 'Operation Steps',
                  children: <OperationStepsTable operation={data.operation} />,
                },
                {
                  key: 'pools',
                  label: 'Node Pools',
                  children: (
                    <>
                      {data.pools_after ? null : (
                        <Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
                          {data.operation
                            ? 'As they were when its upgrade started; the versions after show once it ends.'
                            : 'As they are now; its upgrade has not started.'}
                        </Text>
                      )}
                      <NodePoolChanges before={data.pools_before} after={data.pools_after} />
                    </>
                  ),
                },
                {
                  key: 'batch',
                  label: `Batch ${data.batch.index}`,
                  children: (
                    <DataTable<K8sTaskCluster>
                      aria-label={`Batch ${data.batch.index} clusters`}
                      rowKey="k8s_name"
                      size="small"
                      columns={batchColumns(taskId)}
                      data={data.batch.clusters}
                      pagination={false}
                    />
                  ),
                },
              ]
            : undefined
        }
      />
      <ExcludeDialog open={excluding} taskId={taskId} k8sName={name} onClose={() => setExcluding(false)} />
    </>
  );
}
