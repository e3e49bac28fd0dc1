import { useState } from 'react';
import { Alert, Button } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { canJump, formatJumpDuration, jumpsApi } from '@portal/contract';
import type { JumpAuthorization } from '@portal/contract';
import { approvalKeys } from '../../../shared/api/approvals';
import { useCan } from '../../../shared/lib/useCan';
import { ApprovalView } from '../../../shared/ui/ApprovalView';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { auditsKeys } from '../../audits';
import { jumpsKeys, useJumpAuthorization } from '../api';
import { TimeLeft } from '../components/TimeLeft';

const CancelAuthorizationDialog = lazyDialog(() =>
  import('../components/CancelAuthorizationDialog').then((m) => m.CancelAuthorizationDialog),
);

interface HostRow {
  host: string;
  component: string;
}
const hostColumns: DataColumns<HostRow> = [
  { title: 'Host', dataIndex: 'host', key: 'host', render: (host: string) => <Text copyable>{host}</Text> },
  { title: 'Component', dataIndex: 'component', key: 'component' },
];
/** `db-tikv-0.db-tikv-peer.tidb1.svc` → `tikv`. */
const componentOf = (host: string) => /^db-(.+)-\d+\./.exec(host)?.[1] ?? '-';

/** What a status means for the hosts, under the facts. */
function accessNote(a: JumpAuthorization): string {
  switch (a.status) {
    case 'approving':
      return `Waiting for approval: nothing is granted yet. Once approved, ${a.jumpserver_user} may reach these hosts for ${formatJumpDuration(a.duration_minutes)}.`;
    case 'active':
      return `Granted: ${a.jumpserver_user} may reach these hosts through the jump server until the expiry.`;
    default:
      return 'Not granted (any more).';
  }
}

/**
 * /jumps/:authorizationId: one jump authorization — its facts, the hosts it covers, its approval (approve/reject
 * there) and its audit logs; Cancel while the contract's state table allows it. Re-read while approving or active
 * (JUMP_POLL_MS), so the approval, a cancel elsewhere and the expiry show by themselves.
 */
export function JumpDetailPage() {
  const id = useParams().authorizationId ?? '';
  const query = useJumpAuthorization(id);
  const a = query.data;
  const client = useQueryClient();
  const can = useCan();
  const [cancelling, setCancelling] = useState(false);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: jumpsKeys.detail(id) });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
    void client.invalidateQueries({ queryKey: auditsKeys.all });
  };
  const hosts = (a?.hosts ?? []).map((host) => ({ host, component: componentOf(host) }));

  return (
    <DetailLayout
      title={`Jump Authorization ${id}`}
      tags={a ? <StatusTag status={a.status} /> : null}
      loading={query.isLoading}
      error={a ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        a ? (
          <>
            {can(jumpsApi.cancel) ? (
              <Button
                danger
                icon={<StopOutlined />}
                disabled={!canJump(a.status, 'cancel')}
                onPointerEnter={CancelAuthorizationDialog.preload}
                onClick={() => setCancelling(true)}
              >
                Cancel
              </Button>
            ) : null}
            <ReloadButton loading={query.isFetching} onReload={refresh}>
              Refresh
            </ReloadButton>
          </>
        ) : null
      }
      descriptions={
        a && [
          { key: 'id', label: 'ID', children: <Text copyable>{a.id}</Text> },
          {
            key: 'status',
            label: 'Status',
            children: (
              <span>
                <StatusTag status={a.status} />
                {a.status_reason ? <Text type="secondary">{` ${a.status_reason}`}</Text> : null}
              </span>
            ),
          },
          {
            key: 'cluster',
            label: 'Cluster',
            children: (
              <span>
                <ObjectLink kind="cluster" id={a.cluster_id} tenantId={a.tenant_id} />{' '}
                <Text type="secondary">{a.cluster_name}</Text>
              </span>
            ),
          },
          { key: 'user', label: 'Jumpserver User', children: <Text code>{a.jumpserver_user}</Text> },
          { key: 'applicant', label: 'Applicant', children: a.applicant },
          { key: 'duration', label: 'Duration', children: formatJumpDuration(a.duration_minutes) },
          { key: 'created', label: 'Created At', children: <DateText value={a.created_at} withTime /> },
          { key: 'starts', label: 'Starts At', children: <DateText value={a.starts_at} withTime /> },
          {
            key: 'expires',
            label: 'Expires At',
            children: (
              <span>
                <DateText value={a.expires_at} withTime />
                {a.status === 'active' && a.expires_at ? (
                  <>
                    {' '}
                    <TimeLeft expiresAt={a.expires_at} />
                  </>
                ) : null}
              </span>
            ),
          },
          {
            key: 'ended',
            label: 'Ended At',
            children: (
              <span>
                <DateText value={a.ended_at} withTime />
                {a.ended_by ? <Text type="secondary">{` by ${a.ended_by}`}</Text> : null}
              </span>
            ),
          },
          { key: 'grant', label: 'Grant', children: a.grant_id ? <Text code>{a.grant_id}</Text> : '-' },
          { key: 'hosts', label: 'Hosts', children: a.hosts.length },
          { key: 'reason', label: 'Reason', span: 3, children: a.reason },
        ]
      }
      tabs={
        a
          ? [
              {
                key: 'approval',
                label: 'Approval Info',
                children: <ApprovalView approvalId={a.approval_id} onDecided={refresh} />,
              },
              {
                key: 'hosts',
                label: `Hosts (${a.hosts.length})`,
                children: (
                  <>
                    <Alert
                      type={a.status === 'active' ? 'success' : 'info'}
                      showIcon
                      title={accessNote(a)}
                      style={{ marginBottom: 12 }}
                    />
                    <DataTable<HostRow>
                      aria-label="Hosts"
                      size="small"
                      rowKey="host"
                      columns={hostColumns}
                      data={hosts}
                      pagination={{ showTotal: (total) => `${total} hosts` }}
                    />
                  </>
                ),
              },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="jump" instanceId={a.id} />,
              },
            ]
          : undefined
      }
    >
      {a && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the authorization failed; showing the last known state." />
      ) : null}
      {a ? (
        <CancelAuthorizationDialog authorization={a} open={cancelling} onClose={() => setCancelling(false)} />
      ) : null}
    </DetailLayout>
  );
}
