import { useState } from 'react';
import { Alert } from 'antd';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { canApplyChange, canCancelChange, configchangeApi, objectKindOf } from '@portal/contract';
import type { ConfigChange } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { approvalKeys } from '../../../shared/api/approvals';
import { auditsKeys } from '../../audits';
import { ApprovalView } from '../../../shared/ui/ApprovalView';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { OperationSubmitted, operationPath } from '../../../shared/ui/OperationSubmitted';
import { TenantHoverCard } from '../../../shared/ui/TenantHoverCard';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { configchangeKeys, useApplyChange, useCancelChange, useConfigChange } from '../api';
import { ComponentsScope, FilesScope, VersionScope } from '../components/ChangeScope';
import { ChangeTarget } from '../components/ChangeTarget';
import { TemplateScope } from '../components/TemplateScope';
import { PhaseTag } from '../components/ConfigTags';
import '../configchange.css';
import { LiveOperation } from '../../operations/lazy';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { Panel } from '../../../shared/ui/Panel';
import { TabSet } from '../../../shared/ui/TabSet';
import { Paragraph, Text, Title } from '../../../shared/ui/Typography';

type SnapshotRow = ConfigChange['snapshot'][number];

const snapshotColumns: DataColumns<SnapshotRow> = [
  { title: 'Filename', dataIndex: 'filename', key: 'filename' },
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    render: (name: string) => <Text code>{name}</Text>,
  },
  {
    title: 'Value',
    dataIndex: 'value',
    key: 'value',
    render: (value: string) => (
      <Text style={{ maxWidth: 420 }} ellipsis={{ tooltip: value }}>
        {value === '' ? '""' : value}
      </Text>
    ),
  },
];

function ConfigurationFiles({ change }: { change: ConfigChange }) {
  // A template change: the template's parameters per config type (with their comments) and its INIT_SQL.
  if (change.scope.template) return <TemplateScope template={change.scope.template} />;
  return (
    <>
      <Title level={5}>Changes</Title>
      <FilesScope scope={change.scope} />
      <Title level={5}>Snapshot</Title>
      <Paragraph type="secondary">The configuration files as they were when the change was made.</Paragraph>
      <DataTable<SnapshotRow>
        aria-label="Snapshot"
        size="small"
        rowKey={(r) => `${r.filename}:${r.name}`}
        columns={snapshotColumns}
        data={change.snapshot}
        pagination={{ showTotal: (total) => `${total} parameters` }}
      />
    </>
  );
}

/** Spec §8 success messages, verbatim. */
export const APPLY_SUCCESS = 'Successfully Apply';
export const CANCEL_SUCCESS = 'Successfully Cancel';

/**
 * /confighistories/:historyId: one configuration change — facts, its scope (Version, Components,
 * Configuration Files), Approval Info and Audit Logs; Apply (only in wait_for_apply), Cancel and Refresh.
 * While it is applying (or its approval settles) it is re-read every second.
 */
export function ConfigHistoryPage() {
  const id = useParams().historyId ?? '';
  const client = useQueryClient();
  const [search, updateSearch] = useSearchUpdate();
  // After a decision on this page the change's phase follows the approval a moment later: watch for it.
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const [operationId, setOperationId] = useState<string | null>(null);
  const query = useConfigChange(id, (c) => c.phase === 'applying' || (awaitingApproval && c.phase === 'approving'));
  const change = query.data;
  const apply = useApplyChange(id);
  const cancel = useCancelChange(id);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: configchangeKeys.detail(id) });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
    void client.invalidateQueries({ queryKey: auditsKeys.all });
  };

  // Open on what the change is about: its version, else its images, else its files (a template: its files).
  const firstScope =
    change?.scope.template || (change && !change.scope.version && !change.scope.components.length)
      ? 'files'
      : !change || change.scope.version
        ? 'version'
        : 'components';
  const scopeTab = search.get('scope') ?? firstScope;
  const setScopeTab = (key: string) =>
    updateSearch((next) => {
      if (key === firstScope) next.delete('scope');
      else next.set('scope', key);
    }, true);

  const targetKind = change ? objectKindOf(change.cluster_type) : 'cluster';
  const can = useCan();

  return (
    <DetailLayout
      title={`Configuration Change ${id}`}
      tags={change ? <PhaseTag phase={change.phase} /> : null}
      loading={query.isLoading}
      error={change ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        change ? (
          <>
            <ConfirmButton
              type="primary"
              icon={<CheckCircleOutlined />}
              disabled={!canApplyChange(change.phase) || !can(configchangeApi.apply)}
              loading={apply.isPending}
              confirmTitle={`Apply configuration change ${change.id}?`}
              confirmContent={`It will be applied to ${change.target_id} with ${change.apply_policy}.`}
              okText="Apply"
              onConfirm={() =>
                apply
                  .mutateAsync()
                  .then((out) => {
                    setOperationId(out.instance_id);
                    feedback().message.success(APPLY_SUCCESS);
                  })
                  .catch(() => undefined)
              }
            >
              Apply
            </ConfirmButton>
            <ConfirmButton
              danger
              icon={<StopOutlined />}
              disabled={!canCancelChange(change.phase) || !can(configchangeApi.cancel)}
              loading={cancel.isPending}
              confirmTitle={`Cancel configuration change ${change.id}?`}
              confirmContent={change.phase === 'approving' ? 'Its pending approval is cancelled too.' : undefined}
              okText="Cancel the change"
              onConfirm={() =>
                cancel
                  .mutateAsync()
                  .then(() => {
                    feedback().message.success(CANCEL_SUCCESS);
                  })
                  .catch(() => undefined)
              }
            >
              Cancel
            </ConfirmButton>
            <ReloadButton loading={query.isFetching && change.phase !== 'applying'} onReload={refresh}>
              Refresh
            </ReloadButton>
          </>
        ) : null
      }
      descriptions={
        change && [
          { key: 'id', label: 'ID', children: <Text copyable>{change.id}</Text> },
          { key: 'target_type', label: 'Target Type', children: `${change.target_type} (${change.cluster_type})` },
          { key: 'change_type', label: 'Change Type', children: change.change_type },
          change.target_type === 'cluster'
            ? {
                key: 'target',
                label:
                  targetKind === 'ticdc_cluster'
                    ? 'TiCDC Cluster ID'
                    : targetKind === 'changefeed'
                      ? 'Changefeed ID'
                      : 'Cluster ID',
                children: <ObjectLink kind={targetKind} id={change.target_id} tenantId={change.tenant_id} />,
              }
            : {
                key: 'target',
                label: change.target_type === 'template' ? 'Template' : 'Init Config',
                children: <ChangeTarget change={change} />,
              },
          {
            key: 'tenant',
            label: 'Tenant ID',
            children: change.tenant_id ? <TenantHoverCard tenantId={change.tenant_id} /> : '-',
          },
          { key: 'applicant', label: 'Applicant', children: change.applicant },
          { key: 'policy', label: 'Apply Policy', children: change.apply_policy },
          {
            key: 'phase',
            label: 'Phase',
            children: (
              <span>
                <PhaseTag phase={change.phase} />
                {change.phase_reason ? <Text type="secondary">{` ${change.phase_reason}`}</Text> : null}
              </span>
            ),
          },
          { key: 'created', label: 'Created At', children: <DateText value={change.created_at} withTime /> },
          { key: 'closed', label: 'Closed At', children: <DateText value={change.closed_at} withTime /> },
          {
            key: 'operation',
            label: 'Operation',
            children: change.operation_id ? (
              <Link to={operationPath(change.operation_id)}>{change.operation_id}</Link>
            ) : (
              '-'
            ),
          },
          { key: 'reason', label: 'Reason', span: 3, children: change.reason },
        ]
      }
      tabs={
        change
          ? [
              {
                key: 'approval',
                label: 'Approval Info',
                children: (
                  <ApprovalView
                    approvalId={change.approval_id}
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
                children: <AuditLogTab type="cloud_config_change" instanceId={change.id} />,
              },
            ]
          : undefined
      }
    >
      {operationId ? <OperationSubmitted operationId={operationId} /> : null}
      {change?.phase === 'applying' && change.operation_id ? (
        <LiveOperation operationId={change.operation_id} what="Applying" />
      ) : null}
      {change && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the change failed; showing the last known state." />
      ) : null}
      {change ? (
        <Panel>
          <TabSet
            activeKey={scopeTab}
            onChange={setScopeTab}
            items={[
              { key: 'version', label: 'Version', children: <VersionScope scope={change.scope} /> },
              { key: 'components', label: 'Components', children: <ComponentsScope scope={change.scope} /> },
              { key: 'files', label: 'Configuration Files', children: <ConfigurationFiles change={change} /> },
            ]}
          />
        </Panel>
      ) : null}
    </DetailLayout>
  );
}
