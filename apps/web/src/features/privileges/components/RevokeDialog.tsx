import { Form, Input } from 'antd';
import { GRANT_MESSAGES, GRANT_REASON_MAX } from '@portal/contract';
import type { Grant } from '@portal/contract';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph } from '../../../shared/ui/Typography';
import { useRevokeGrant } from '../api';

export interface RevokeDialogProps {
  open: boolean;
  grant: Pick<Grant, 'id' | 'user_email' | 'privilege' | 'status'>;
  onClose(): void;
}

/** Revoke a pending or active grant, with a reason: an active one stops counting at once. */
export function RevokeDialog({ open, grant, onClose }: RevokeDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const revoke = useRevokeGrant(grant.id);
  return (
    <FormModal<{ reason: string }>
      title={`Revoke ${grant.privilege} from ${grant.user_email}?`}
      okText="Revoke"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={(v) => revoke.mutateAsync(v.reason.trim())}
    >
      <Paragraph type="secondary">
        {grant.status === 'active'
          ? 'The user loses the privilege at once.'
          : 'The request ends; it can no longer be approved.'}
      </Paragraph>
      <Form.Item
        name="reason"
        label="Reason"
        rules={[
          { required: true, whitespace: true, message: GRANT_MESSAGES.revokeReasonRequired },
          { max: GRANT_REASON_MAX, message: GRANT_MESSAGES.reasonTooLong },
        ]}
      >
        <Input.TextArea aria-label="Revoke reason" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={GRANT_REASON_MAX} />
      </Form.Item>
    </FormModal>
  );
}
