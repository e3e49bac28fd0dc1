import { Alert, Skeleton } from 'antd';
import type { CodehostLabel, PullFile, PullState, PullSummary } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { DateText } from '../../../shared/ui/Formatted';
import { Paragraph, Text } from '../../../shared/ui/Typography';
import { useChangePulls, useCodehostLabels, usePull } from '../api';
import { DiffView } from './DiffView';
import { LabelTags, PullStateTag } from './tags';

const fileColumns: DataColumns<PullFile> = [
  { title: 'File', dataIndex: 'filename', key: 'filename', render: (f: string) => <Text code>{f}</Text> },
  { title: 'Status', dataIndex: 'status', key: 'status' },
  {
    title: 'Changes',
    key: 'changes',
    render: (_: unknown, f) => (
      <span>
        <Text type="success">{`+${f.additions}`}</Text> <Text type="danger">{`-${f.deletions}`}</Text>
      </span>
    ),
  },
];

/** One pull request's description, files and diff (loaded when its row opens). */
function PullDetail({ number }: { number: number }) {
  const query = usePull(number);
  const pull = query.data;
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!pull) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="release-pull">
      {pull.body ? <Paragraph style={{ whiteSpace: 'pre-wrap' }}>{pull.body}</Paragraph> : null}
      <Paragraph type="secondary">
        {`${pull.head_ref} (${pull.head_sha.slice(0, 10)}) → ${pull.base_ref} (${pull.base_sha.slice(0, 10)})`}
      </Paragraph>
      <DataTable<PullFile>
        aria-label={`Files of pull request #${number}`}
        size="small"
        rowKey="filename"
        columns={fileColumns}
        data={pull.files}
        pagination={false}
        emptyText="No files changed"
      />
      {pull.diff_truncated ? (
        <Alert type="warning" showIcon title="The diff is too large to show whole; it is cut." />
      ) : null}
      <DiffView diff={pull.diff} label={`Diff of pull request #${number}`} />
    </div>
  );
}

function columns(labels: readonly CodehostLabel[] | undefined): DataColumns<PullSummary> {
  return [
    {
      title: 'Number',
      dataIndex: 'number',
      key: 'number',
      render: (n: number, p) =>
        p.url ? (
          <a href={p.url} target="_blank" rel="noreferrer">
            {`#${n}`}
          </a>
        ) : (
          `#${n}`
        ),
    },
    { title: 'Title', dataIndex: 'title', key: 'title' },
    { title: 'State', dataIndex: 'state', key: 'state', render: (s: PullState) => <PullStateTag state={s} /> },
    { title: 'Author', dataIndex: 'author', key: 'author' },
    {
      title: 'Labels',
      dataIndex: 'labels',
      key: 'labels',
      render: (names: string[]) => <LabelTags names={names} labels={labels} />,
    },
    {
      title: 'Branch',
      key: 'branch',
      render: (_: unknown, p) => <Text type="secondary">{`${p.head_ref} → ${p.base_ref}`}</Text>,
    },
    {
      title: 'Updated At',
      dataIndex: 'updated_at',
      key: 'updated_at',
      render: (v: string) => <DateText value={v} withTime />,
    },
  ];
}

/**
 * A change's pull requests as the code host has them now (state, author, labels, branches); a row opens its files
 * and diff. Numbers the code host does not have are listed above.
 */
export function PullRequests({ releaseId, changeId }: { releaseId: string; changeId: string }) {
  const query = useChangePulls(releaseId, changeId);
  const labels = useCodehostLabels();
  const missing = query.data?.missing ?? [];
  return (
    <>
      {missing.length ? (
        <Alert
          type="warning"
          showIcon
          title={`The code host has no pull request ${missing.map((n) => `#${n}`).join(', ')}`}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <DataTable<PullSummary>
        aria-label="Pull requests"
        size="small"
        rowKey="number"
        columns={columns(labels.data)}
        data={query.data?.items}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText="The change names no pull request"
        expandable={{ expandedRowRender: (p) => <PullDetail number={p.number} /> }}
      />
    </>
  );
}
