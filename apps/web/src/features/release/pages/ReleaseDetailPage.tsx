import { useState } from 'react';
import { Alert, Button } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { canDoReleaseAction, needsApproval, releaseApi, RELEASE_CHANGE_STATUSES } from '@portal/contract';
import type { DevopsRelease } from '@portal/contract';
import { approvalKeys } from '../../../shared/api/approvals';
import { useCan } from '../../../shared/lib/useCan';
import { ApprovalView } from '../../../shared/ui/ApprovalView';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { Text } from '../../../shared/ui/Typography';
import { releaseKeys, useRelease } from '../api';
import { ReleaseApprovalButtons } from '../components/ReleaseApprovalButtons';
import { ReleaseChangesTable } from '../components/ReleaseChangesTable';
import { ReleaseTicketsTable } from '../components/ReleaseTicketsTable';
import { ChangeStatusTag, ReleasePhaseTag } from '../components/tags';
import { changePath } from '../lib/paths';
import '../release.css';

const CreateChangeDialog = lazyDialog(() =>
  import('../components/CreateChangeDialog').then((m) => m.CreateChangeDialog),
);
const EditDescriptionDialog = lazyDialog(() =>
  import('../components/EditDescriptionDialog').then((m) => m.EditDescriptionDialog),
);

/** The change counts by status, in the state table's order. */
function ChangeCounts({ counts }: { counts: DevopsRelease['changes'] }) {
  if (!counts.total) return <span>0</span>;
  return (
    <span className="release-tags">
      <span>{counts.total}:</span>
      {RELEASE_CHANGE_STATUSES.filter((s) => counts.by_status[s]).map((s) => (
        <span key={s}>
          <ChangeStatusTag status={s} /> {counts.by_status[s]}
        </span>
      ))}
    </span>
  );
}

/** What a release's approval means for its deploys, in one line. */
function approvalNote(release: DevopsRelease): string | null {
  if (!needsApproval(release.environment)) return null;
  switch (release.phase) {
    case 'planning':
      return release.approval_status === 'REJECTED'
        ? 'Its approval was rejected: nothing of it is deployed. Request the approval again once it is fixed.'
        : 'Its changes are deployed only after the release is approved: ' +
            'request the approval once every change is ready.';
    case 'approving':
      return 'Waiting for its approval: its changes are deployed once it is granted.';
    default:
      return null;
  }
}

/**
 * /release/:releaseId (spec §2): the release's facts (description editable), its changes (New Change), its tickets,
 * a prod release's approval (Request Approval, Withdraw, and Approve / Reject for the current step's approvers) and
 * its Audit Logs. While a decision settles it is re-read every second.
 */
export function ReleaseDetailPage() {
  const { releaseId = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const can = useCan();
  // After a decision here the release's phase follows the approval a moment later: watch for it.
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const query = useRelease(releaseId, (r) => awaitingApproval && r.phase === 'approving');
  const release = query.data;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);

  const note = release ? approvalNote(release) : null;
  const canAdd = release ? canDoReleaseAction(release.environment, release.phase, 'add_change') : false;
  const canUpdate = release ? canDoReleaseAction(release.environment, release.phase, 'update') : false;

  return (
    <DetailLayout
      title={release ? `${release.environment} Release ${release.release_number}` : `Release ${releaseId}`}
      tags={release ? <ReleasePhaseTag phase={release.phase} /> : null}
      loading={query.isLoading}
      error={release ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={release ? <ReleaseApprovalButtons release={release} /> : null}
      descriptions={
        release && [
          { key: 'id', label: 'ID', children: <Text copyable>{release.id}</Text> },
          { key: 'number', label: 'Release Number', children: release.release_number },
          { key: 'environment', label: 'Environment', children: release.environment },
          { key: 'phase', label: 'Phase', children: <ReleasePhaseTag phase={release.phase} /> },
          {
            key: 'approval',
            label: 'Approval',
            children: needsApproval(release.environment) ? (
              <StatusTag status={release.approval_status ?? 'not requested'} />
            ) : (
              <Text type="secondary">not needed</Text>
            ),
          },
          { key: 'released', label: 'Released At', children: <DateText value={release.released_at} withTime /> },
          { key: 'created_by', label: 'Created By', children: release.created_by },
          { key: 'created', label: 'Created At', children: <DateText value={release.created_at} withTime /> },
          { key: 'changes', label: 'Changes', children: <ChangeCounts counts={release.changes} /> },
          {
            key: 'description',
            label: 'Description',
            span: 3,
            children: (
              <span>
                {release.description}{' '}
                {can(releaseApi.update) ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label="Edit the description"
                    disabled={!canUpdate}
                    onPointerEnter={EditDescriptionDialog.preload}
                    onClick={() => setEditing(true)}
                  />
                ) : null}
              </span>
            ),
          },
        ]
      }
      tabs={
        release
          ? [
              {
                key: 'changes',
                label: 'Changes',
                children: (
                  <>
                    {can(releaseApi.createChange) ? (
                      <div className="toolbar">
                        <Button
                          type="primary"
                          icon={<PlusOutlined />}
                          disabled={!canAdd}
                          title={
                            canAdd ? undefined : `A ${release.phase} ${release.environment} release takes no new change`
                          }
                          onPointerEnter={CreateChangeDialog.preload}
                          onClick={() => setAdding(true)}
                        >
                          New Change
                        </Button>
                      </div>
                    ) : null}
                    <ReleaseChangesTable releaseId={release.id} />
                  </>
                ),
              },
              { key: 'tickets', label: 'Tickets', children: <ReleaseTicketsTable releaseId={release.id} /> },
              ...(release.approval_id
                ? [
                    {
                      key: 'approval',
                      label: 'Approval Info',
                      children: (
                        <ApprovalView
                          approvalId={release.approval_id}
                          onDecided={() => {
                            setAwaitingApproval(true);
                            void client.invalidateQueries({ queryKey: releaseKeys.detail(release.id) });
                            void client.invalidateQueries({ queryKey: approvalKeys.all });
                          }}
                        />
                      ),
                    },
                  ]
                : []),
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="release" instanceId={release.id} />,
              },
            ]
          : undefined
      }
    >
      {note ? <Alert type="info" showIcon title={note} /> : null}
      {release && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the release failed; showing the last known state." />
      ) : null}
      {release ? (
        <>
          <CreateChangeDialog
            open={adding}
            releaseId={release.id}
            onClose={() => setAdding(false)}
            onCreated={(change) => navigate(changePath(change.release_id, change.id))}
          />
          <EditDescriptionDialog
            open={editing}
            releaseId={release.id}
            description={release.description}
            onClose={() => setEditing(false)}
          />
        </>
      ) : null}
    </DetailLayout>
  );
}
