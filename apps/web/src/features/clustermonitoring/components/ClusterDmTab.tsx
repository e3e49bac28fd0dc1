import { Empty, Tag } from 'antd';
import { DM_STATUS_COLORS } from '@portal/contract';
import type { DmNamespace, DmTask } from '@portal/contract';
import type { ClusterSlotProps } from '../../../shared/lib/feature';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { DateText } from '../../../shared/ui/Formatted';
import { Spinner } from '../../../shared/ui/Spinner';
import { Text } from '../../../shared/ui/Typography';
import { useDmNamespaces } from '../api';
import { taskProgress } from '../lib/dm';
import '../clustermonitoring.css';

function DmTag({ status }: { status: keyof typeof DM_STATUS_COLORS }) {
  return (
    <Tag color={DM_STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}

const taskColumns: DataColumns<DmTask> = [
  {
    title: 'Task',
    dataIndex: 'name',
    key: 'name',
    render: (name: string, row) => (
      <>
        <div className="cm-rule">{name}</div>
        {row.error ? (
          <Text type="danger" ellipsis={{ rows: 2, tooltip: row.error }} style={{ maxWidth: 480 }}>
            {row.error}
          </Text>
        ) : null}
      </>
    ),
  },
  { title: 'Mode', dataIndex: 'task_mode', key: 'task_mode' },
  { title: 'Stage', dataIndex: 'stage', key: 'stage', render: (s: DmTask['stage']) => <DmTag status={s} /> },
  { title: 'Unit', dataIndex: 'unit', key: 'unit' },
  { title: 'Progress', key: 'progress', render: (_: never, row) => taskProgress(row) },
  {
    title: 'Sources',
    dataIndex: 'sources',
    key: 'sources',
    render: (sources: string[]) => sources.join(', '),
  },
  { title: 'Target Database', dataIndex: 'target_database', key: 'target_database' },
  {
    title: 'Updated (UTC)',
    dataIndex: 'updated_at',
    key: 'updated_at',
    render: (v: string) => <DateText value={v} withTime />,
  },
];

function NamespaceView({ ns }: { ns: DmNamespace }) {
  return (
    <section className="cm-zone" aria-label={`DM namespace ${ns.name}`} style={{ marginBottom: 12 }}>
      <div className="cm-zone-name" style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <span className="cm-rule">{ns.name}</span>
        <DmTag status={ns.status} />
        <Text type="secondary">
          {`DM ${ns.dm_version} · masters ${ns.master_ready}/${ns.master_replicas} · workers ${ns.worker_ready}/${ns.worker_replicas} · created `}
          <DateText value={ns.created_at} />
        </Text>
      </div>
      <DataTable<DmTask>
        aria-label={`Tasks of ${ns.name}`}
        rowKey="name"
        columns={taskColumns}
        data={ns.tasks}
        pagination={false}
        size="small"
        emptyText="No tasks"
      />
    </section>
  );
}

/** The cluster page's DM Namespaces tab: the data-migration deployments of the cluster and the tasks each runs. */
export function ClusterDmTab({ cluster }: ClusterSlotProps) {
  const { data, error, isLoading, refetch } = useDmNamespaces(cluster.id);
  if (isLoading) return <Spinner />;
  if (error || !data)
    return <ErrorState title="Failed to load the DM namespaces" error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No DM namespaces: no data migration runs into this cluster"
      />
    );
  return (
    <>
      {data.items.map((ns) => (
        <NamespaceView key={ns.name} ns={ns} />
      ))}
    </>
  );
}
