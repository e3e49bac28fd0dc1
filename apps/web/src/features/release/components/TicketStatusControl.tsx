import { useState } from 'react';
import { Button } from 'antd';
// The plain field alone: antd's `Input` export carries TextArea, Password and OTP with it.
import Input from 'antd/es/input/Input';
import { RELEASE_MESSAGES, RELEASE_TICKET_TRANSITIONS, releaseApi } from '@portal/contract';
import type { ReleaseTicketDetail, ReleaseTicketStatus } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { Text } from '../../../shared/ui/Typography';
import { useUpdateTicketStatus } from '../api';

/**
 * Moves a ticket to one of the statuses the contract allows from its current one (a button each), with an optional
 * note kept in its history.
 */
export function TicketStatusControl({ ticket }: { ticket: ReleaseTicketDetail }) {
  const can = useCan();
  const update = useUpdateTicketStatus(ticket.release_id, ticket.name);
  const [note, setNote] = useState('');
  if (!can(releaseApi.updateTicketStatus)) return <Text type="secondary">You may not change the status.</Text>;
  const move = (status: ReleaseTicketStatus) =>
    update
      .mutateAsync({ status, note: note.trim() })
      .then(() => {
        feedback().message.success(RELEASE_MESSAGES.ticketUpdated);
        setNote('');
      })
      .catch(() => undefined);
  return (
    <div className="toolbar" role="group" aria-label="Change the status">
      <Input
        aria-label="Note"
        placeholder="Note (optional)"
        style={{ width: 320 }}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {RELEASE_TICKET_TRANSITIONS[ticket.status].map((status) => (
        <Button
          key={status}
          loading={update.isPending && update.variables?.status === status}
          disabled={update.isPending && update.variables?.status !== status}
          onClick={() => void move(status)}
        >
          {`Move to ${status}`}
        </Button>
      ))}
    </div>
  );
}
