import { Form, Input, Select } from 'antd';
import { createReleaseTicketBody, RELEASE_MESSAGES, RELEASE_TICKET_STATUSES } from '@portal/contract';
import type { ReleaseTicketStatus } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateTicket } from '../api';

interface Values {
  name: string;
  title: string;
  link: string;
  status: ReleaseTicketStatus;
}

const fields = createReleaseTicketBody.shape;

export interface AddTicketDialogProps {
  open: boolean;
  releaseId: string;
  changeId: string;
  onClose(): void;
}

/** Adds a ticket (name, title, link, status) to a change. */
export function AddTicketDialog({ open, releaseId, changeId, onClose }: AddTicketDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateTicket(releaseId);
  return (
    <FormModal<Values>
      title="Add a Ticket"
      okText="Add"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ status: 'open', link: '' }}
      onSubmit={async (values) => {
        await create.mutateAsync({
          change_id: changeId,
          name: values.name.trim(),
          title: values.title.trim(),
          link: (values.link ?? '').trim(),
          status: values.status,
        });
        feedback().message.success(RELEASE_MESSAGES.created);
      }}
    >
      <Form.Item name="name" label="Name" required rules={[schemaRule(fields.name)]} extra="e.g. OPS-1234">
        <Input aria-label="Name" autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item name="title" label="Title" required rules={[schemaRule(fields.title)]}>
        <Input aria-label="Title" autoComplete="off" maxLength={300} />
      </Form.Item>
      <Form.Item name="link" label="Link" rules={[schemaRule(fields.link)]}>
        <Input aria-label="Link" autoComplete="off" maxLength={500} placeholder="https://…" />
      </Form.Item>
      <Form.Item
        name="status"
        label="Status"
        rules={[{ required: true, message: RELEASE_MESSAGES.ticketStatusRequired }]}
      >
        <Select aria-label="Status" options={RELEASE_TICKET_STATUSES.map((value) => ({ value, label: value }))} />
      </Form.Item>
    </FormModal>
  );
}
