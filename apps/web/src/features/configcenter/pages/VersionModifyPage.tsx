import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Release } from '@portal/contract';
import { approvalKeys } from '../../../shared/api/approvals';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { ApprovalView } from '../../../shared/ui/ApprovalView';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { Panel } from '../../../shared/ui/Panel';
import { Paragraph } from '../../../shared/ui/Typography';
import { configcenterKeys } from '../keys';
import { useChangeReleases, useDefaultConfigChange, useRefreshOnReleaseMoves } from '../api/changes';
import { changeFacts } from '../components/changes/ChangeOverview';
import { ChangePhaseTag, changePath } from '../components/changes/display';
import { ReleasesTable } from '../components/changes/ReleasesTable';
import { VersionItemsTable } from '../components/changes/VersionInformationJob';

/** The release whose approval shows: the one chosen (`?release=`), else the latest. */
function shownRelease(releases: readonly Release[] | undefined, chosen: string | null): Release | undefined {
  if (!releases?.length) return undefined;
  return (
    releases.find((r) => r.id === chosen) ??
    releases.reduce((latest, r) => (r.created_at > latest.created_at ? r : latest))
  );
}

/**
 * /version/modify/:changeId (spec §2 New TiDB Version): the version change's items — cluster type, source and target
 * version, covering instance types as `provider:instance type` — its releases with the approval of the chosen one
 * (the latest by default), and its audit logs; the full change page is one link away.
 */
export function VersionModifyPage() {
  const id = useParams().changeId ?? '';
  const client = useQueryClient();
  const [search, updateSearch] = useSearchUpdate();
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const query = useDefaultConfigChange(id);
  const releases = useChangeReleases(id, (items) => awaitingApproval && items.some((r) => r.phase === 'approving'));
  useRefreshOnReleaseMoves(id, releases.data);
  const change = query.data;
  const shown = shownRelease(releases.data, search.get('release'));

  return (
    <DetailLayout
      title={`Version Change ${id}`}
      tags={change ? <ChangePhaseTag phase={change.phase} /> : null}
      loading={query.isLoading}
      error={change ? undefined : query.error}
      onRetry={() => void query.refetch()}
      extra={
        <Link to={changePath(id)}>
          <Button>Open the Default Config Change</Button>
        </Link>
      }
      descriptions={change && changeFacts(change)}
      tabs={[
        {
          key: 'approval',
          label: 'Approval Info',
          children: (
            <>
              {shown ? (
                <Paragraph type="secondary">{`Approval of the ${shown.environment} release #${shown.release_number}`}</Paragraph>
              ) : null}
              <ApprovalView
                approvalId={shown?.approval_id}
                onDecided={() => {
                  setAwaitingApproval(true);
                  void client.invalidateQueries({ queryKey: configcenterKeys.releases(id) });
                  void client.invalidateQueries({ queryKey: approvalKeys.all });
                }}
              />
            </>
          ),
        },
        {
          key: 'audit',
          label: 'Audit Logs',
          children: <AuditLogTab type="cloud_config_default_config_change" instanceId={id} />,
        },
      ]}
    >
      <Panel title="Versions">
        <VersionItemsTable changeId={id} />
      </Panel>
      <Panel title="Releases">
        <ReleasesTable
          showEnvironment
          releases={releases.data}
          loading={releases.isFetching}
          error={releases.error}
          onRetry={() => void releases.refetch()}
          action={{
            title: 'Approval',
            render: (r) =>
              r.id === shown?.id ? (
                <Tag color="blue">shown</Tag>
              ) : (
                <Button
                  size="small"
                  type="link"
                  onClick={() => updateSearch((next) => next.set('release', r.id), true)}
                >
                  Show
                </Button>
              ),
          }}
        />
      </Panel>
    </DetailLayout>
  );
}
