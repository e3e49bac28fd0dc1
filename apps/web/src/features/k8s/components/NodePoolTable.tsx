import type { NodePool } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { VersionMove } from './display';

const statusCell = (pool: Pick<NodePool, 'status' | 'message'>) => (
  <span>
    <StatusTag status={pool.status} color={pool.status === 'healthy' ? 'success' : 'error'} />
    {pool.message ? (
      <Text type="secondary" style={{ marginInlineStart: 8 }}>
        {pool.message}
      </Text>
    ) : null}
  </span>
);

const poolColumns: DataColumns<NodePool> = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Instance Type', dataIndex: 'instance_type', key: 'instance_type' },
  { title: 'Nodes', dataIndex: 'node_count', key: 'node_count', align: 'right' },
  { title: 'Version', dataIndex: 'version', key: 'version', render: (v: string) => <Text code>{v}</Text> },
  { title: 'Status', key: 'status', render: (_: unknown, pool) => statusCell(pool) },
];

/** A k8s cluster's node pools. */
export function NodePoolTable({ pools, 'aria-label': label }: { pools: readonly NodePool[]; 'aria-label': string }) {
  return (
    <DataTable<NodePool>
      aria-label={label}
      rowKey="name"
      size="small"
      columns={poolColumns}
      data={pools}
      pagination={false}
      emptyText="No node pools"
    />
  );
}

interface PoolChange {
  name: string;
  before: NodePool | undefined;
  after: NodePool | undefined;
}

const changeColumns: DataColumns<PoolChange> = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  {
    title: 'Instance Type',
    key: 'instance_type',
    render: (_: unknown, row) => (row.after ?? row.before)?.instance_type ?? '-',
  },
  {
    title: 'Nodes',
    key: 'nodes',
    align: 'right',
    render: (_: unknown, row) =>
      row.after && row.before && row.after.node_count !== row.before.node_count
        ? `${row.before.node_count} → ${row.after.node_count}`
        : ((row.after ?? row.before)?.node_count ?? '-'),
  },
  {
    title: 'Version Before',
    key: 'before',
    render: (_: unknown, row) => (row.before ? <Text code>{row.before.version}</Text> : '-'),
  },
  {
    title: 'Version After',
    key: 'after',
    render: (_: unknown, row) =>
      row.after ? <VersionMove from={row.before?.version ?? row.after.version} to={row.after.version} /> : '-',
  },
  {
    title: 'Status',
    key: 'status',
    render: (_: unknown, row) => {
      const pool = row.after ?? row.before;
      return pool ? statusCell(pool) : '-';
    },
  },
];

/** The node pools when an upgrade started beside what they were when it ended (null: not ended yet). */
export function NodePoolChanges({ before, after }: { before: readonly NodePool[]; after: readonly NodePool[] | null }) {
  const names = [...new Set([...before.map((p) => p.name), ...(after ?? []).map((p) => p.name)])];
  const rows: PoolChange[] = names.map((name) => ({
    name,
    before: before.find((p) => p.name === name),
    after: after?.find((p) => p.name === name),
  }));
  return (
    <DataTable<PoolChange>
      aria-label="Node pools before and after"
      rowKey="name"
      size="small"
      columns={changeColumns}
      data={rows}
      pagination={false}
      emptyText="No node pools"
    />
  );
}
