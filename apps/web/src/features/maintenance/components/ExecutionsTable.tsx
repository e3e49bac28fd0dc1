import { Button, Space } from 'antd';
import { canExecutionAction, EXECUTION_ACTIONS } from '@portal/contract';
import type { ExecutionAction, MaintenanceDetail, MaintenanceExecution } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';

const LABEL: Record<ExecutionAction, string> = { start: 'Start', finish: 'Finish', cancel: 'Cancel' };

export interface ExecutionsTableProps {
  maintenance: MaintenanceDetail;
  /** Offer the actions (the user may operate); each is enabled from the contract's state tables. */
  actions: boolean;
  /** The action being sent, if any (its button spins, the others wait). */
  busy?: { action: string; executionId?: string } | null;
  onAction(action: ExecutionAction, execution: MaintenanceExecution): void;
}

/** The executions of a maintenance (spec §2: id, cluster id, status, cancel reason) with Start, Finish and Cancel. */
export function ExecutionsTable({ maintenance, actions, busy, onAction }: ExecutionsTableProps) {
  const columns: DataColumns<MaintenanceExecution> = [
    { title: 'ID', dataIndex: 'id', key: 'id' },
    {
      title: 'Cluster ID',
      dataIndex: 'cluster_id',
      key: 'cluster_id',
      // The id (a link to the cluster) over the cluster's name: one column, so the reasons have room.
      render: (id: string, row) => (
        <>
          <ObjectLink kind="cluster" id={id} tenantId={maintenance.tenant_id} />
          <div>
            <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {row.cluster_name || '-'}
            </Text>
          </div>
        </>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (s: string) => <StatusTag status={s} color={s === 'Finished' ? 'success' : undefined} />,
    },
    {
      title: 'Cancel Reason',
      dataIndex: 'cancel_reason',
      key: 'cancel_reason',
      // The whole reason, wrapped: a cut one hides why the execution stopped.
      width: 260,
      render: (reason: string | null) => reason ?? '-',
    },
    {
      title: 'Started At',
      dataIndex: 'started_at',
      key: 'started_at',
      render: (v: string | null) => <DateText value={v} withTime />,
    },
    {
      title: 'Ended At',
      dataIndex: 'ended_at',
      key: 'ended_at',
      render: (v: string | null) => <DateText value={v} withTime />,
    },
    { title: 'Operator', dataIndex: 'operator', key: 'operator', render: (v: string | null) => v ?? '-' },
    ...(actions
      ? [
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: MaintenanceExecution) => (
              <Space size={4}>
                {EXECUTION_ACTIONS.map((action) => (
                  <Button
                    key={action}
                    size="small"
                    danger={action === 'cancel'}
                    aria-label={`${LABEL[action]} execution ${row.id}`}
                    disabled={!canExecutionAction(action, maintenance.status, row.status) || Boolean(busy)}
                    loading={busy?.action === action && busy.executionId === row.id}
                    onClick={() => onAction(action, row)}
                  >
                    {LABEL[action]}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable<MaintenanceExecution>
      aria-label="Executions"
      columns={columns}
      data={maintenance.executions}
      // The box's width: the times and long reasons wrap rather than push Operator under the fixed Actions column.
      scroll={{ x: '100%' }}
      pagination={false}
      emptyText="No executions"
    />
  );
}
