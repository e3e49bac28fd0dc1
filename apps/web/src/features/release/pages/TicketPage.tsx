import { Link, useParams } from 'react-router';
import type { ReleaseTicketStatus, TicketHistory } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DetailLayout } from '../../../shared/ui/DetailLayout';
import { DateText } from '../../../shared/ui/Formatted';
import { Panel } from '../../../shared/ui/Panel';
import { useRelease, useTicket } from '../api';
import { TicketStatusControl } from '../components/TicketStatusControl';
import { TicketStatusTag } from '../components/tags';
import { changePath, releasePath } from '../lib/paths';

const historyColumns: DataColumns<TicketHistory> = [
  { title: 'At', dataIndex: 'at', key: 'at', render: (v: string) => <DateText value={v} withTime /> },
  { title: 'By', dataIndex: 'by', key: 'by' },
  {
    title: 'From',
    dataIndex: 'from_status',
    key: 'from',
    render: (s: ReleaseTicketStatus | null) => (s ? <TicketStatusTag status={s} /> : '-'),
  },
  {
    title: 'To',
    dataIndex: 'to_status',
    key: 'to',
    render: (s: ReleaseTicketStatus) => <TicketStatusTag status={s} />,
  },
  { title: 'Note', dataIndex: 'note', key: 'note', render: (n: string) => n || '-' },
];

/**
 * /release/:releaseId/tickets/:name (spec §2): a ticket — name, title, link, status, its change — with a status
 * change (to what the contract allows from its status) and its history, newest first.
 */
export function TicketPage() {
  const { releaseId = '', name = '' } = useParams();
  const query = useTicket(releaseId, name);
  // The release by its environment and number, as the change page names it (its id until it has loaded).
  const release = useRelease(releaseId).data;
  const ticket = query.data;
  return (
    <DetailLayout
      title={`Ticket ${ticket?.name ?? name}`}
      tags={ticket ? <TicketStatusTag status={ticket.status} /> : null}
      loading={query.isLoading}
      error={ticket ? undefined : query.error}
      onRetry={() => void query.refetch()}
      descriptions={
        ticket && [
          { key: 'name', label: 'Name', children: ticket.name },
          { key: 'title', label: 'Title', children: ticket.title },
          { key: 'status', label: 'Status', children: <TicketStatusTag status={ticket.status} /> },
          {
            key: 'link',
            label: 'Link',
            children: ticket.link ? (
              <a href={ticket.link} target="_blank" rel="noreferrer">
                {ticket.link}
              </a>
            ) : (
              '-'
            ),
          },
          {
            key: 'change',
            label: 'Change',
            children: <Link to={changePath(ticket.release_id, ticket.change_id)}>{ticket.change_title}</Link>,
          },
          {
            key: 'release',
            label: 'Release',
            children: (
              <Link to={releasePath(ticket.release_id)}>
                {release ? `${release.environment} ${release.release_number}` : ticket.release_id}
              </Link>
            ),
          },
          { key: 'created_by', label: 'Created By', children: ticket.created_by },
          { key: 'created', label: 'Created At', children: <DateText value={ticket.created_at} withTime /> },
          { key: 'updated', label: 'Updated At', children: <DateText value={ticket.updated_at} withTime /> },
        ]
      }
    >
      {ticket ? (
        <>
          <Panel title="Change the Status">
            <TicketStatusControl ticket={ticket} />
          </Panel>
          <Panel title="History">
            <DataTable<TicketHistory>
              aria-label="Ticket history"
              size="small"
              rowKey={(h) => `${h.at}:${h.from_status}:${h.to_status}`}
              columns={historyColumns}
              data={[...ticket.history].sort((a, b) => b.at.localeCompare(a.at))}
              emptyText="No history"
            />
          </Panel>
        </>
      ) : null}
    </DetailLayout>
  );
}
