import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  canRemediation,
  REMEDIATION_ACTION_INFO,
  REMEDIATION_MESSAGES,
  remediationApi,
  remediationSteps,
} from '@portal/contract';
import type { RemediationTicket, RemediationTicketAction } from '@portal/contract';
import { approvalKeys } from '../../../shared/api/approvals';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { operationPath } from '../../../shared/ui/OperationSubmitted';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { Text } from '../../../shared/ui/Typography';
import { auditsKeys } from '../../audits';
import { LiveOperation } from '../../operations/lazy';
import { remediationKeys, useTicket, useTicketCommand } from '../api';
import { RiskTag, TicketStatusTag } from '../components/display';

const TicketFormDialog = lazyDialog(() => import('../components/TicketFormDialog').then((m) => m.TicketFormDialog));
const CancelTicketDialog = lazyDialog(() =>
  import('../components/CancelTicketDialog').then((m) => m.CancelTicketDialog),
);
// Each tab's code loads when it is opened: the approval's timeline, the issues' table and dialogs.
const ApprovalView = lazy(() => import('../../../shared/ui/ApprovalView').then((m) => ({ default: m.ApprovalView })));
const TrackerIssuesPanel = lazy(() =>
  import('../../../shared/ui/TrackerIssuesPanel').then((m) => ({ default: m.TrackerIssuesPanel })),
);

/** When and by whom, in one cell. */
function When({ at, by }: { at: string | null; by?: string | null }) {
  return (
    <span>
      <DateText value={at} withTime />
      {at && by ? <Text type="secondary">{` by ${by}`}</Text> : null}
    </span>
  );
}

function facts(t: RemediationTicket) {
  const info = REMEDIATION_ACTION_INFO[t.action];
  return [
    { key: 'id', label: 'ID', children: <Text copyable>{t.id}</Text> },
    {
      key: 'status',
      label: 'Status',
      children: (
        <span>
          <TicketStatusTag status={t.status} />
          {t.status_reason ? <Text type="secondary">{` ${t.status_reason}`}</Text> : null}
        </span>
      ),
    },
    {
      key: 'cluster',
      label: 'Cluster',
      children: (
        <span>
          <ObjectLink kind="cluster" id={t.cluster_id} tenantId={t.tenant_id} />{' '}
          <Text type="secondary">{t.cluster_name}</Text>
        </span>
      ),
    },
    { key: 'action', label: 'Action', children: info?.label ?? t.action },
    { key: 'summary', label: 'Remediation', children: t.summary },
    { key: 'risk', label: 'Risk', children: <RiskTag risk={t.risk_level} /> },
    {
      key: 'incident',
      label: 'Incident',
      children: t.incident_id ? <ObjectLink kind="incident" id={t.incident_id} /> : '-',
    },
    { key: 'applicant', label: 'Applicant', children: t.applicant },
    {
      key: 'operation',
      label: 'Operation',
      children: t.operation_id ? <Link to={operationPath(t.operation_id)}>{t.operation_id}</Link> : '-',
    },
    { key: 'created', label: 'Created At', children: <DateText value={t.created_at} withTime /> },
    { key: 'submitted', label: 'Submitted At', children: <DateText value={t.submitted_at} withTime /> },
    { key: 'decided', label: 'Decided At', children: <When at={t.decided_at} by={t.decided_by} /> },
    { key: 'started', label: 'Started At', children: <DateText value={t.started_at} withTime /> },
    { key: 'finished', label: 'Finished At', children: <DateText value={t.finished_at} withTime /> },
    {
      key: 'steps',
      label: 'Steps',
      children: remediationSteps(t.action, t.risk_level)
        .map((s) => s.title)
        .join(' → '),
    },
    { key: 'reason', label: 'Reason', span: 3, children: t.reason },
  ];
}

/** What the operation's notice says while and after it runs. */
const OPERATION_TEXT: Partial<Record<RemediationTicket['status'], string>> = {
  running: 'Running the remediation',
  succeeded: 'The remediation succeeded',
  failed: 'The remediation failed',
};

/**
 * /remediation_tickets/:ticketId: one ticket — its facts, Edit / Submit / Run / Cancel enabled from the contract's
 * REMEDIATION_STATUS_ACTIONS (each confirmed), its approval (Approve / Reject there, for the current step's approvers),
 * the operation's live progress once it runs, the linked incident, its tracker issues and its audit logs. Re-read
 * while approving, approved or running (TICKET_POLL_MS), so the approval and the operation show by themselves.
 */
export function TicketDetailPage() {
  const id = useParams().ticketId ?? '';
  const query = useTicket(id);
  const t = query.data;
  const client = useQueryClient();
  const can = useCan();
  const command = useTicketCommand(id);
  const [dialog, setDialog] = useState<'edit' | 'cancel' | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: remediationKeys.detail(id) });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
    void client.invalidateQueries({ queryKey: auditsKeys.all });
  };
  const allowed = (action: RemediationTicketAction) => (t ? canRemediation(t.status, action) : false);
  const busy = (c: 'submit' | 'run') => command.isPending && command.variables === c;

  const actions = t ? (
    <>
      {can(remediationApi.update) ? (
        <Button
          disabled={!allowed('update')}
          onPointerEnter={TicketFormDialog.preload}
          onClick={() => setDialog('edit')}
        >
          Edit
        </Button>
      ) : null}
      {can(remediationApi.submit) ? (
        <ConfirmButton
          type="primary"
          disabled={!allowed('submit')}
          loading={busy('submit')}
          confirmTitle={`Submit remediation ticket ${t.id}?`}
          confirmContent={`"${t.summary}" on ${t.cluster_name} goes to the on-call reviewers; it runs once approved.`}
          okText="Submit"
          onConfirm={() =>
            command
              .mutateAsync('submit')
              .then(() => {
                feedback().message.success(REMEDIATION_MESSAGES.submitted);
              })
              .catch(() => undefined)
          }
        >
          Submit
        </ConfirmButton>
      ) : null}
      {can(remediationApi.run) && t.status === 'approved' ? (
        <ConfirmButton
          disabled={!allowed('run')}
          loading={busy('run')}
          confirmTitle={`Run remediation ticket ${t.id} now?`}
          confirmContent={`"${t.summary}" starts on ${t.cluster_name} as an operation.`}
          okText="Run"
          onConfirm={() => command.mutateAsync('run').catch(() => undefined)}
        >
          Run
        </ConfirmButton>
      ) : null}
      {can(remediationApi.cancel) ? (
        <Button
          danger
          disabled={!allowed('cancel')}
          onPointerEnter={CancelTicketDialog.preload}
          onClick={() => setDialog('cancel')}
        >
          Cancel
        </Button>
      ) : null}
      <ReloadButton loading={query.isFetching} onReload={refresh}>
        Refresh
      </ReloadButton>
    </>
  ) : null;

  return (
    <DetailLayout
      title={`Remediation Ticket ${id}`}
      tags={t ? <TicketStatusTag status={t.status} /> : null}
      loading={query.isLoading}
      error={t ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={actions}
      descriptions={t && facts(t)}
      tabs={
        t
          ? [
              {
                key: 'approval',
                label: 'Approval Info',
                children: (
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                    <ApprovalView approvalId={t.approval_id} onDecided={refresh} />
                  </Suspense>
                ),
              },
              {
                key: 'issues',
                label: 'Issues',
                children: (
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
                    <TrackerIssuesPanel subjectType="remediation_ticket" subjectId={t.id} />
                  </Suspense>
                ),
              },
              {
                key: 'audit',
                label: 'Audit Logs',
                children: <AuditLogTab type="remediation_ticket" instanceId={t.id} />,
              },
            ]
          : undefined
      }
    >
      {t && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the ticket failed; showing the last known state." />
      ) : null}
      {t?.operation_id ? (
        <div style={{ marginBottom: 16 }} role="region" aria-label="Operation">
          <LiveOperation operationId={t.operation_id} what={OPERATION_TEXT[t.status] ?? 'The remediation'} />
        </div>
      ) : null}
      {t ? (
        <>
          <TicketFormDialog ticket={t} open={dialog === 'edit'} onClose={() => setDialog(null)} />
          <CancelTicketDialog ticket={t} open={dialog === 'cancel'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </DetailLayout>
  );
}
