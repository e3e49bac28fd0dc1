import { Form, Input } from 'antd';
import { cancelRemediationBody, REMEDIATION_MESSAGES, REMEDIATION_REASON_MAX } from '@portal/contract';
import type { RemediationTicket } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph } from '../../../shared/ui/Typography';
import { useCancelTicket } from '../api';

interface Values {
  reason?: string;
}

const reasonField = cancelRemediationBody.unwrap().shape.reason;

/** What cancelling does, by status. */
function consequence(ticket: RemediationTicket): string {
  switch (ticket.status) {
    case 'approving':
      return 'The ticket and its pending approval are cancelled; nothing runs on the cluster.';
    case 'approved':
      return 'The ticket is cancelled before its remediation runs; nothing runs on the cluster.';
    default:
      return 'The draft is cancelled; nothing runs on the cluster.';
  }
}

/** The confirmation of Cancel (spec §4), with an optional reason. */
export function CancelTicketDialog({
  ticket,
  open,
  onClose,
}: {
  ticket: RemediationTicket;
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const cancel = useCancelTicket(ticket.id);
  return (
    <FormModal<Values>
      title={`Cancel remediation ticket ${ticket.id}?`}
      okText="Cancel the ticket"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (values) => {
        const reason = values.reason?.trim();
        await cancel.mutateAsync(reason ? { reason } : {});
        feedback().message.success(REMEDIATION_MESSAGES.cancelled);
      }}
    >
      <Paragraph>{consequence(ticket)}</Paragraph>
      <Form.Item name="reason" label="Reason" rules={[schemaRule(reasonField.unwrap())]}>
        <Input.TextArea rows={2} showCount maxLength={REMEDIATION_REASON_MAX} placeholder="Optional" />
      </Form.Item>
    </FormModal>
  );
}
