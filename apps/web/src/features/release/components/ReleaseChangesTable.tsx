import { Link } from 'react-router';
import { canDoChangeAction } from '@portal/contract';
import type { ReleaseChange, ReleaseChangeStatus } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { Text } from '../../../shared/ui/Typography';
import { useReleaseChanges } from '../api';
import { changePath, changeUpdatePath } from '../lib/paths';
import { ChangeStatusTag } from './tags';

const columns: DataColumns<ReleaseChange> = [
  {
    title: 'Title',
    dataIndex: 'title',
    key: 'title',
    render: (title: string, c) => <Link to={changePath(c.release_id, c.id)}>{title}</Link>,
  },
  { title: 'Component', dataIndex: 'component', key: 'component', render: (v: string) => <Text code>{v}</Text> },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: ReleaseChangeStatus) => <ChangeStatusTag status={status} />,
  },
  {
    title: 'Pull Requests',
    dataIndex: 'pull_requests',
    key: 'pull_requests',
    render: (prs: number[]) => (prs.length ? prs.map((n) => `#${n}`).join(', ') : '-'),
  },
  {
    title: 'Tickets',
    dataIndex: 'tickets',
    key: 'tickets',
    align: 'right',
    render: (tickets: ReleaseChange['tickets']) => tickets.length,
  },
  { title: 'Created By', dataIndex: 'created_by', key: 'created_by' },
  {
    title: 'Created At',
    dataIndex: 'created_at',
    key: 'created_at',
    render: (v: string) => <DateText value={v} withTime />,
  },
  {
    title: 'Actions',
    key: 'actions',
    render: (_: unknown, c) => (
      <span className="release-tags">
        <Link to={changePath(c.release_id, c.id)}>Detail</Link>
        {canDoChangeAction(c.status, 'update') ? <Link to={changeUpdatePath(c.release_id, c.id)}>Edit</Link> : null}
      </span>
    ),
  },
];

/** The changes of a release: title (to the change page), component, status, pull requests, tickets, actions. */
export function ReleaseChangesTable({ releaseId }: { releaseId: string }) {
  const query = useReleaseChanges(releaseId);
  return (
    <DataTable<ReleaseChange>
      aria-label="Release changes"
      size="small"
      columns={columns}
      data={query.data}
      loading={query.isLoading}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText="No changes yet"
    />
  );
}
