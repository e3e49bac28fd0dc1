import { useState } from 'react';
import { Alert } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { canCancelRelease, CONFIG_CENTER_MESSAGES, configcenterApi } from '@portal/contract';
import { approvalKeys } from '../../../shared/api/approvals';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ApprovalView } from '../../../shared/ui/ApprovalView';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { operationPath } from '../../../shared/ui/OperationSubmitted';
import { Panel } from '../../../shared/ui/Panel';
import { Text } from '../../../shared/ui/Typography';
import { LiveOperation } from '../../operations/lazy';
import { configcenterKeys } from '../keys';
import { useCancelRelease, useRelease } from '../api/changes';
import { changePath, ReleasePhaseTag } from '../components/changes/display';
import {
  ReleasedComponentsTable,
  ReleasedTemplatesTable,
  ReleasedVersionsTable,
} from '../components/changes/ReleasedItems';

/**
 * /defaultconfig/change/:changeId/release/:releaseId (spec §2): basic info, released templates, components and
 * versions, the approval (Approve / Reject for the current step's approvers) and Cancel, enabled only while the
 * release is approving. While it is releasing (or a decision is settling) it is re-read every second.
 */
export function ReleasePage() {
  const { changeId = '', releaseId = '' } = useParams();
  const client = useQueryClient();
  const can = useCan();
  // After a decision here the release's phase follows the approval a moment later: watch for it.
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const query = useRelease(
    changeId,
    releaseId,
    (r) => r.phase === 'releasing' || (awaitingApproval && r.phase === 'approving'),
  );
  const cancel = useCancelRelease(changeId, releaseId);
  const release = query.data;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: configcenterKeys.release(changeId, releaseId) });
    void client.invalidateQueries({ queryKey: configcenterKeys.releases(changeId) });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
  };

  return (
    <DetailLayout
      title={release ? `${release.environment} Release #${release.release_number}` : `Release ${releaseId}`}
      tags={release ? <ReleasePhaseTag phase={release.phase} /> : null}
      loading={query.isLoading}
      error={release ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        release && can(configcenterApi.cancelRelease) ? (
          <ConfirmButton
            danger
            icon={<StopOutlined />}
            disabled={!canCancelRelease(release.phase)}
            loading={cancel.isPending}
            confirmTitle={`Cancel ${release.environment} release #${release.release_number}?`}
            confirmContent="Its pending approval is cancelled too. What the change staged stays as it is."
            okText="Cancel the release"
            onConfirm={() =>
              cancel
                .mutateAsync()
                .then(() => {
                  feedback().message.success(CONFIG_CENTER_MESSAGES.cancelled);
                })
                .catch(() => undefined)
            }
          >
            Cancel
          </ConfirmButton>
        ) : null
      }
      descriptions={
        release && [
          { key: 'id', label: 'ID', children: <Text copyable>{release.id}</Text> },
          {
            key: 'change',
            label: 'Default Config Change',
            children: <Link to={changePath(release.change_id)}>{release.change_id}</Link>,
          },
          { key: 'environment', label: 'Environment', children: release.environment },
          { key: 'number', label: 'Release Number', children: release.release_number },
          { key: 'phase', label: 'Phase', children: <ReleasePhaseTag phase={release.phase} /> },
          { key: 'applicant', label: 'Applicant', children: release.applicant },
          { key: 'created', label: 'Created At', children: <DateText value={release.created_at} withTime /> },
          { key: 'released', label: 'Released At', children: <DateText value={release.released_at} withTime /> },
          {
            key: 'operation',
            label: 'Operation',
            children: release.operation_id ? (
              <Link to={operationPath(release.operation_id)}>{release.operation_id}</Link>
            ) : (
              '-'
            ),
          },
          { key: 'description', label: 'Description', span: 3, children: release.description || '-' },
        ]
      }
      tabs={
        release
          ? [
              {
                key: 'approval',
                label: 'Approval Info',
                children: (
                  <ApprovalView
                    approvalId={release.approval_id}
                    onDecided={() => {
                      setAwaitingApproval(true);
                      refresh();
                    }}
                  />
                ),
              },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="cloud_config_default_config_change" instanceId={release.change_id} />,
              },
            ]
          : undefined
      }
    >
      {release?.phase === 'releasing' && release.operation_id ? (
        <LiveOperation operationId={release.operation_id} what="Releasing" />
      ) : null}
      {release && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the release failed; showing the last known state." />
      ) : null}
      {release ? (
        <>
          <Panel title="Released Templates">
            <ReleasedTemplatesTable rows={release.released_templates} />
          </Panel>
          <Panel title="Released Components">
            <ReleasedComponentsTable rows={release.released_components} />
          </Panel>
          {release.released_versions.length ? (
            <Panel title="Released Versions">
              <ReleasedVersionsTable rows={release.released_versions} />
            </Panel>
          ) : null}
        </>
      ) : null}
    </DetailLayout>
  );
}
