import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { canDoChangeAction, releaseApi } from '@portal/contract';
import type { ReleaseChange, ReleaseTicketStatus } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { ticketPath } from '../lib/paths';
import { TicketStatusTag } from './tags';

const AddTicketDialog = lazyDialog(() => import('./AddTicketDialog').then((m) => m.AddTicketDialog));

type TicketRef = ReleaseChange['tickets'][number];

/** A change's tickets (name → ticket page, title, status, link) and Add Ticket. */
export function ChangeTickets({ change }: { change: ReleaseChange }) {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const columns: DataColumns<TicketRef> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <Link to={ticketPath(change.release_id, name)}>{name}</Link>,
    },
    { title: 'Title', dataIndex: 'title', key: 'title' },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: ReleaseTicketStatus) => <TicketStatusTag status={status} />,
    },
    {
      title: 'Link',
      dataIndex: 'link',
      key: 'link',
      render: (link: string | null) =>
        link ? (
          <a href={link} target="_blank" rel="noreferrer">
            {link}
          </a>
        ) : (
          '-'
        ),
    },
  ];
  return (
    <>
      {can(releaseApi.createTicket) ? (
        <div className="toolbar">
          <Button
            icon={<PlusOutlined />}
            disabled={!canDoChangeAction(change.status, 'add_ticket')}
            onPointerEnter={AddTicketDialog.preload}
            onClick={() => setAdding(true)}
          >
            Add Ticket
          </Button>
        </div>
      ) : null}
      <DataTable<TicketRef>
        aria-label="Change tickets"
        size="small"
        rowKey="name"
        columns={columns}
        data={change.tickets}
        pagination={false}
        emptyText="No tickets"
      />
      <AddTicketDialog
        open={adding}
        releaseId={change.release_id}
        changeId={change.id}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
