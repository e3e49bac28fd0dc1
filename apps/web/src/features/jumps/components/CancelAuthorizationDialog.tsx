import { Form, Input } from 'antd';
import { cancelJumpBody, JUMP_MESSAGES, JUMP_REASON_MAX } from '@portal/contract';
import type { JumpAuthorization } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph } from '../../../shared/ui/Typography';
import { useCancelAuthorization } from '../api';

interface Values {
  reason?: string;
}

const reasonField = cancelJumpBody.unwrap().shape.reason;

/** The confirmation of Cancel (spec §4), with an optional reason; what it does depends on the status. */
export function CancelAuthorizationDialog({
  authorization,
  open,
  onClose,
}: {
  authorization: JumpAuthorization;
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const cancel = useCancelAuthorization(authorization.id);
  const hosts = authorization.hosts.length;
  return (
    <FormModal<Values>
      title={`Cancel jump authorization ${authorization.id}?`}
      okText="Cancel the authorization"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (values) => {
        const reason = values.reason?.trim();
        await cancel.mutateAsync(reason ? { reason } : {});
        feedback().message.success(JUMP_MESSAGES.cancelled);
      }}
    >
      <Paragraph>
        {authorization.status === 'active'
          ? `The jump server revokes ${authorization.jumpserver_user}'s access to the ${hosts} host${hosts === 1 ? '' : 's'} of ${authorization.cluster_name} at once.`
          : 'The request and its pending approval are cancelled; nothing is granted.'}
      </Paragraph>
      <Form.Item name="reason" label="Reason" rules={[schemaRule(reasonField.unwrap())]}>
        <Input.TextArea rows={2} showCount maxLength={JUMP_REASON_MAX} placeholder="Optional" />
      </Form.Item>
    </FormModal>
  );
}
