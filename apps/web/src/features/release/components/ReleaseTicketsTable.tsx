import { Link } from 'react-router';
import type { ReleaseTicket, ReleaseTicketStatus } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { useReleaseTickets } from '../api';
import { changePath, ticketPath } from '../lib/paths';
import { TicketStatusTag } from './tags';

const columns: DataColumns<ReleaseTicket> = [
  {
    title: 'Name',
    dataIndex: 'name',
    key: 'name',
    render: (name: string, t) => <Link to={ticketPath(t.release_id, name)}>{name}</Link>,
  },
  { title: 'Title', dataIndex: 'title', key: 'title' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: ReleaseTicketStatus) => <TicketStatusTag status={status} />,
  },
  {
    title: 'Change',
    dataIndex: 'change_title',
    key: 'change',
    render: (title: string, t) => <Link to={changePath(t.release_id, t.change_id)}>{title}</Link>,
  },
  {
    title: 'Updated At',
    dataIndex: 'updated_at',
    key: 'updated_at',
    render: (v: string) => <DateText value={v} withTime />,
  },
];

/** The tickets of a release (every change's): name (to the ticket page), title, status, change. */
export function ReleaseTicketsTable({ releaseId }: { releaseId: string }) {
  const query = useReleaseTickets(releaseId);
  return (
    <DataTable<ReleaseTicket>
      aria-label="Release tickets"
      size="small"
      rowKey="name"
      columns={columns}
      data={query.data}
      loading={query.isLoading}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText="No tickets yet"
    />
  );
}
