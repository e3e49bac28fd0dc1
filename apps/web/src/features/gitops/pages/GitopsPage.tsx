import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Input, Tag } from 'antd';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { CloudUploadOutlined, DiffOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { DEFAULT_GITOPS_BRANCH, gitopsApi } from '@portal/contract';
import type { GitopsDiffItem, GitopsItem } from '@portal/contract';
import { clusterDetailQuery } from '../../../shared/api/entities';
import { ApiError, errorMessage } from '../../../shared/lib/ApiError';
import { showOperationError } from '../../../shared/lib/errorNotices';
import { useCan } from '../../../shared/lib/useCan';
import { AuditLogTab } from '../../../shared/ui/AuditLogTabLazy';
import { ClusterHoverCard } from '../../../shared/ui/ClusterHoverCard';
import { useConfirmAndRetry } from '../../../shared/ui/ConfirmAndRetry';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { ResultMessage } from '../../../shared/ui/ResultMessage';
import { DateText } from '../../../shared/ui/Formatted';
import { OperationSubmitted, operationPath } from '../../../shared/ui/OperationSubmitted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatusTag } from '../../../shared/ui/StatusTag';
import { auditsKeys } from '../../audits';
import type { GitopsView } from '../api';
import { useGitopsApply, useGitopsDiff, useGitopsList } from '../api';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { Panel } from '../../../shared/ui/Panel';
import { TabSet } from '../../../shared/ui/TabSet';
import { Text } from '../../../shared/ui/Typography';

export const APPLY_CONFIRM_TITLE = 'Apply the desired state to the cluster?';

const Value = ({ value }: { value: string | null }) =>
  value === null ? <Text type="secondary">(none)</Text> : <Text code>{value}</Text>;

const listColumns: DataColumns<GitopsItem> = [
  { title: 'Path', dataIndex: 'path', key: 'path', render: (p: string) => <Text code>{p}</Text> },
  { title: 'Kind', dataIndex: 'kind', key: 'kind', render: (k: string) => <Tag>{k}</Tag> },
  {
    title: 'Revision',
    dataIndex: 'revision',
    key: 'revision',
    render: (r: string) => <Text code>{r.slice(0, 10)}</Text>,
  },
  { title: 'Author', dataIndex: 'author', key: 'author' },
  { title: 'Message', dataIndex: 'message', key: 'message' },
  {
    title: 'Updated At',
    dataIndex: 'updated_at',
    key: 'updated_at',
    render: (v: string) => <DateText value={v} withTime />,
  },
];

const diffColumns: DataColumns<GitopsDiffItem> = [
  { title: 'Path', dataIndex: 'path', key: 'path', render: (p: string) => <Text code>{p}</Text> },
  { title: 'Kind', dataIndex: 'kind', key: 'kind', render: (k: string) => <Tag>{k}</Tag> },
  { title: 'Current', dataIndex: 'current', key: 'current', render: (v: string | null) => <Value value={v} /> },
  { title: 'Desired', dataIndex: 'desired', key: 'desired', render: (v: string) => <Value value={v} /> },
  {
    title: 'Revision',
    dataIndex: 'revision',
    key: 'revision',
    render: (r: string) => <Text code>{r.slice(0, 10)}</Text>,
  },
];

/**
 * /orgs/:orgId/:clusterId/gitops: a branch of the gitops repository (default 3layer-prod) holds the
 * cluster's desired state. List shows the items waiting for a secondary confirmation, Diff compares them
 * with the cluster, Apply applies them after that confirmation and answers the operation doing it.
 */
export function GitopsPage() {
  const clusterId = useParams().clusterId ?? '';
  const [search, updateSearch] = useSearchUpdate();
  const branch = search.get('branch') || DEFAULT_GITOPS_BRANCH;
  const view: GitopsView = search.get('view') === 'list' ? 'list' : 'diff';
  const [branchText, setBranchText] = useState(branch);
  const [selected, setSelected] = useState<string[]>([]);
  const [operationId, setOperationId] = useState<string | null>(null);
  const cluster = useQuery({ ...clusterDetailQuery(clusterId), retry: false });
  const list = useGitopsList(clusterId, branch, view === 'list');
  const diff = useGitopsDiff(clusterId, branch, view === 'diff');
  const apply = useGitopsApply();
  const can = useCan();
  const current = view === 'list' ? list : diff;
  const applying = current.data?.applying ?? null;
  const client = useQueryClient();
  // Each List and Diff is audited: show the new entry.
  const readAt = current.dataUpdatedAt;
  useEffect(() => {
    if (readAt) void client.invalidateQueries({ queryKey: auditsKeys.all });
  }, [client, readAt]);

  const show = (next: GitopsView) => {
    const trimmed = branchText.trim() || DEFAULT_GITOPS_BRANCH;
    setBranchText(trimmed);
    setSelected([]);
    updateSearch((sp) => {
      if (trimmed === DEFAULT_GITOPS_BRANCH) sp.delete('branch');
      else sp.set('branch', trimmed);
      if (next === 'diff') sp.delete('view');
      else sp.set('view', next);
    }, true);
    // The same view and branch again: read them again.
    if (next === view && trimmed === branch) void (next === 'list' ? list.refetch() : diff.refetch());
  };

  const confirmAndRetry = useConfirmAndRetry();
  const runApply = () => {
    const paths = selected.length ? selected : undefined;
    void confirmAndRetry({
      send: (confirm) => apply.mutateAsync({ cluster_id: clusterId, branch, paths, confirm: confirm || undefined }),
      title: APPLY_CONFIRM_TITLE,
      okText: 'Apply',
      onSuccess: (out) => {
        setOperationId(out.instance_id);
        setSelected([]);
      },
      onError: showOperationError,
    });
  };

  const title = cluster.data ? `Gitops: ${cluster.data.name}` : `Gitops ${clusterId}`;

  return (
    <>
      <PageHeader
        title={title}
        tags={cluster.data ? <StatusTag status={cluster.data.status} /> : null}
        description={
          cluster.data ? (
            <span>
              Cluster <ClusterHoverCard clusterId={clusterId} tenantId={cluster.data.tenant_id} />: the desired state
              waiting for a secondary confirmation.
            </span>
          ) : cluster.error ? (
            <Text type="danger">{errorMessage(cluster.error)}</Text>
          ) : null
        }
      />
      <Panel>
        <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <Text>Branch</Text>
          <Input
            aria-label="Branch"
            style={{ width: 240 }}
            value={branchText}
            onChange={(e) => setBranchText(e.target.value)}
            onPressEnter={() => show(view)}
          />
          <Button
            icon={<UnorderedListOutlined />}
            type={view === 'list' ? 'primary' : 'default'}
            onClick={() => show('list')}
          >
            List
          </Button>
          <Button icon={<DiffOutlined />} type={view === 'diff' ? 'primary' : 'default'} onClick={() => show('diff')}>
            Diff
          </Button>
          <Button
            danger
            icon={<CloudUploadOutlined />}
            loading={apply.isPending}
            disabled={Boolean(applying) || !current.data?.total || !can(gitopsApi.apply)}
            onClick={runApply}
          >
            {selected.length ? `Apply ${selected.length} selected` : 'Apply'}
          </Button>
        </Flex>
        {operationId ? <OperationSubmitted operationId={operationId} /> : null}
        {applying ? (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 8, marginBottom: 8 }}
            title={
              <span>
                An apply of this cluster is running: operation{' '}
                <Link to={operationPath(applying.instance_id)}>{applying.instance_id}</Link>
              </span>
            }
          />
        ) : null}
        {current.error instanceof ApiError && current.error.code === 'gitops.notTracked' ? (
          // Not an error of the page: most clusters are simply not managed through this branch.
          <ResultMessage
            status="info"
            compact
            title={`Not tracked on ${branch}`}
            subTitle={`${errorMessage(current.error)}. Pick another branch above to look there.`}
          />
        ) : current.error ? (
          <ErrorState compact error={current.error} onRetry={() => void current.refetch()} />
        ) : view === 'list' ? (
          <DataTable<GitopsItem>
            aria-label="Pending items"
            size="small"
            rowKey="path"
            loading={list.isFetching}
            columns={listColumns}
            data={list.data?.items ?? []}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            emptyText={`Nothing waits for a confirmation on ${branch}`}
          />
        ) : (
          <DataTable<GitopsDiffItem>
            aria-label="Diff"
            size="small"
            rowKey="path"
            loading={diff.isFetching}
            columns={diffColumns}
            data={diff.data?.items ?? []}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            emptyText={`The cluster matches ${branch}`}
          />
        )}
      </Panel>
      <Panel>
        <TabSet
          items={[
            {
              key: 'audit',
              label: 'Audit Logs',
              children: <AuditLogTab type="gitops_secondary_confirm" instanceId={clusterId} />,
            },
          ]}
        />
      </Panel>
    </>
  );
}
