import { lazy, Suspense } from 'react';
import { Alert, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { aiopsApi } from '@portal/contract';
import type { AiopsIssue } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import type { DetailTab } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { Text } from '../../../shared/ui/Typography';
import { aiopsKeys, useAiopsIssue } from '../api';
import { AiopsSeverityTag, AiopsStatusTag } from '../components/AiopsTags';
import { EvidencePanel } from '../components/EvidencePanel';
import { IssueActions } from '../components/IssueActions';
import { RuleFacts } from '../components/RuleFacts';

// Loaded when its tab opens (the list and its table are not part of the page's first paint).
const AuditLogTab = lazy(() => import('../../../shared/ui/AuditLogTab').then((m) => ({ default: m.AuditLogTab })));

const none = <Text type="secondary">-</Text>;
const value = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{Number(v.toPrecision(4))}</span>;

function by(at: string | null, who: string | null) {
  if (!at) return none;
  return (
    <span>
      <DateText value={at} withTime />
      {who ? <Text type="secondary">{` by ${who}`}</Text> : null}
    </span>
  );
}

function tabsOf(issue: AiopsIssue): DetailTab[] {
  return [
    { key: 'rule', label: 'Rule', children: <RuleFacts issue={issue} /> },
    {
      key: 'audit',
      label: 'Audit Logs',
      children: (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <AuditLogTab type="aiops_issue" instanceId={issue.key} />
        </Suspense>
      ),
    },
  ];
}

/**
 * /aiops/issues/:issueKey: the issue — rule, cluster, severity, status, first and last seen — with Acknowledge and
 * Resolve as its status allows (contract AIOPS_ISSUE_STATUS_ACTIONS), the evidence chart with "Open in Playground",
 * and tabs: the rule and the audit logs.
 */
export function AiopsIssuePage() {
  const key = useParams().issueKey ?? '';
  const query = useAiopsIssue(key);
  const issue = query.data;
  const can = useCan();
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: aiopsKeys.issue(key) });
    void client.invalidateQueries({ queryKey: aiopsKeys.evidence(key) });
  };
  const operate = can(aiopsApi.acknowledge);

  return (
    <DetailLayout
      title={issue ? `${issue.key} ${issue.rule_name}` : `Issue ${key}`}
      tags={
        issue ? (
          <>
            <AiopsSeverityTag severity={issue.severity} />
            <AiopsStatusTag status={issue.status} />
          </>
        ) : null
      }
      loading={query.isLoading}
      error={issue ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        issue ? (
          <>
            {operate ? <IssueActions issue={issue} /> : null}
            <ReloadButton loading={query.isFetching} onReload={refresh}>
              Refresh
            </ReloadButton>
          </>
        ) : null
      }
      descriptions={
        issue && [
          { key: 'key', label: 'Issue', children: <Text copyable>{issue.key}</Text> },
          { key: 'status', label: 'Status', children: <AiopsStatusTag status={issue.status} /> },
          { key: 'severity', label: 'Severity', children: <AiopsSeverityTag severity={issue.severity} /> },
          {
            key: 'cluster',
            label: 'Cluster',
            children: (
              <span>
                <ObjectLink kind="cluster" id={issue.cluster_id} tenantId={issue.tenant_id} />{' '}
                <Text type="secondary">{issue.cluster_name}</Text>
              </span>
            ),
          },
          {
            key: 'tenant',
            label: 'Tenant',
            children: (
              <span>
                <ObjectLink kind="tenant" id={issue.tenant_id} /> <Text type="secondary">{issue.tenant_name}</Text>
              </span>
            ),
          },
          { key: 'metric', label: 'Metric', children: <Text code>{issue.metric}</Text> },
          { key: 'first', label: 'First Seen', children: <DateText value={issue.first_seen} withTime /> },
          {
            key: 'last',
            label: 'Last Seen',
            children: (
              <span>
                <DateText value={issue.last_seen} withTime />
                <Text type={issue.firing ? 'danger' : 'secondary'}>{issue.firing ? ' · firing' : ' · quiet'}</Text>
              </span>
            ),
          },
          { key: 'occurrences', label: 'Detector Runs', children: issue.occurrences },
          { key: 'peak', label: 'Peak Value', children: value(issue.peak_value) },
          { key: 'reference', label: 'Reference', children: value(issue.reference_value) },
          { key: 'acknowledged', label: 'Acknowledged', children: by(issue.acknowledged_at, issue.acknowledged_by) },
          { key: 'resolved', label: 'Resolved', children: by(issue.resolved_at, issue.resolved_by) },
          { key: 'summary', label: 'Summary', span: 3, children: issue.summary },
          ...(issue.resolution_note
            ? [{ key: 'note', label: 'Resolution Note', span: 3, children: issue.resolution_note }]
            : []),
        ]
      }
      tabs={issue ? tabsOf(issue) : undefined}
    >
      {issue && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the issue failed; showing the last known state." />
      ) : null}
      {issue ? <EvidencePanel issue={issue} /> : null}
    </DetailLayout>
  );
}
