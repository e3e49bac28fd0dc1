import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { canDoChangeAction } from '@portal/contract';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { OperationSubmitted, operationPath } from '../../../shared/ui/OperationSubmitted';
import { Text } from '../../../shared/ui/Typography';
import { LiveOperation } from '../../operations/lazy';
import { releaseKeys, useCodehostLabels, useRelease, useReleaseChange } from '../api';
import { ChangeActions } from '../components/ChangeActions';
import { ReadyCheckResult, VerificationResult } from '../components/ChangeChecks';
import { ChangeTickets } from '../components/ChangeTickets';
import { PullRequests } from '../components/PullRequests';
import { ChangeStatusTag, LabelTags } from '../components/tags';
import { deployGate } from '../lib/actions';
import { releasePath } from '../lib/paths';
import '../release.css';

function Clusters({ ids }: { ids: readonly string[] }) {
  if (!ids.length) return <span>-</span>;
  return (
    <span className="release-tags">
      {ids.map((id) => (
        <ObjectLink key={id} kind="cluster" id={id} />
      ))}
    </span>
  );
}

/**
 * /release/:releaseId/change/:changeId (spec §2, §4): a release change — its fields, Edit / Submit / Check for Ready /
 * Deploy / Verify / Cancel / Close from the contract's state table, the ready check and verification, the deploy's
 * operation with live progress, its pull requests from the code host (labels, files, diff), its tickets and the
 * release's Audit Logs. While it deploys it is re-read every second.
 */
export function ReleaseChangePage() {
  const { releaseId = '', changeId = '' } = useParams();
  const client = useQueryClient();
  const release = useRelease(releaseId).data;
  const query = useReleaseChange(releaseId, changeId);
  const change = query.data;
  const labels = useCodehostLabels();
  const [operationId, setOperationId] = useState<string | null>(null);

  // A change's status moves its release (phase, counts): read the release again when it moves (e.g. deployed).
  const status = change?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (status && seen.current && seen.current !== status)
      void client.invalidateQueries({ queryKey: releaseKeys.detail(releaseId) });
    seen.current = status;
  }, [client, releaseId, status]);

  const gate = change && canDoChangeAction(change.status, 'deploy') ? deployGate(release) : null;

  return (
    <DetailLayout
      title={change ? change.title : `Release Change ${changeId}`}
      tags={change ? <ChangeStatusTag status={change.status} /> : null}
      loading={query.isLoading}
      error={change ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={change ? <ChangeActions change={change} release={release} onDeployed={setOperationId} /> : null}
      descriptions={
        change && [
          { key: 'id', label: 'ID', children: <Text copyable>{change.id}</Text> },
          {
            key: 'release',
            label: 'Release',
            children: (
              <Link to={releasePath(change.release_id)}>
                {release ? `${release.environment} ${release.release_number}` : change.release_id}
              </Link>
            ),
          },
          { key: 'status', label: 'Status', children: <ChangeStatusTag status={change.status} /> },
          { key: 'component', label: 'Component', children: <Text code>{change.component}</Text> },
          { key: 'repository', label: 'Repository', children: change.repository || '-' },
          {
            key: 'pulls',
            label: 'Pull Requests',
            children: change.pull_requests.length ? change.pull_requests.map((n) => `#${n}`).join(', ') : '-',
          },
          { key: 'labels', label: 'Labels', children: <LabelTags names={change.labels} labels={labels.data} /> },
          { key: 'targets', label: 'Target Clusters', children: <Clusters ids={change.target_cluster_ids} /> },
          { key: 'canary', label: 'Canary Clusters', children: <Clusters ids={change.canary_cluster_ids} /> },
          {
            key: 'operation',
            label: 'Deploy Operation',
            children: change.deploy_operation_id ? (
              <Link to={operationPath(change.deploy_operation_id)}>{change.deploy_operation_id}</Link>
            ) : (
              '-'
            ),
          },
          { key: 'deployed', label: 'Deployed At', children: <DateText value={change.deployed_at} withTime /> },
          { key: 'created_by', label: 'Created By', children: change.created_by },
          { key: 'created', label: 'Created At', children: <DateText value={change.created_at} withTime /> },
          { key: 'updated', label: 'Updated At', children: <DateText value={change.updated_at} withTime /> },
          {
            key: 'description',
            label: 'Description',
            span: 3,
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{change.description || '-'}</span>,
          },
        ]
      }
      tabs={
        change
          ? [
              {
                key: 'pulls',
                label: 'Pull Requests',
                children: <PullRequests releaseId={change.release_id} changeId={change.id} />,
              },
              { key: 'tickets', label: 'Tickets', children: <ChangeTickets change={change} /> },
              {
                key: 'audit',
                // The trail is the release's (each row's details name its change): say so.
                label: 'Release Audit Logs',
                children: <AuditLogTab type="release" instanceId={change.release_id} />,
              },
            ]
          : undefined
      }
    >
      {gate ? <Alert type="warning" showIcon aria-label="Approval required" title={gate} /> : null}
      {operationId ? <OperationSubmitted operationId={operationId} /> : null}
      {change?.status === 'deploying' && change.deploy_operation_id ? (
        <LiveOperation operationId={change.deploy_operation_id} what="Deploying" />
      ) : null}
      {change && query.error ? (
        <Alert type="warning" showIcon title="Refreshing the change failed; showing the last known state." />
      ) : null}
      {change?.ready_check ? <ReadyCheckResult check={change.ready_check} /> : null}
      {change?.verification ? <VerificationResult verification={change.verification} /> : null}
    </DetailLayout>
  );
}
