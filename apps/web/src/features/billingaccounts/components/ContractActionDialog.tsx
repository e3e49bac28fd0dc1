import { Form, Input } from 'antd';
import { CONTRACT_ACTION_LABELS, CONTRACT_MESSAGES, CONTRACT_REASON_MAX } from '@portal/contract';
import type { Contract, ContractAction } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph } from '../../../shared/ui/Typography';
import { useContractActionInDialog } from '../api';

interface Values {
  reason?: string;
  signed_by?: string;
}

/** What each action that asks for input says it does. */
const EFFECT: Partial<Record<ContractAction, string>> = {
  activate: 'The customer signed: the contract is in force from its start date.',
  suspend: 'The contract stays, but its terms are on hold until it is resumed.',
  terminate: 'The contract ends now, before its end date. This cannot be undone.',
  cancel: 'The contract never comes into force. This cannot be undone.',
};

/**
 * The confirmation of a contract action that needs input: who signed (activate), or why (suspend, terminate,
 * cancel). The server's refusal shows in the dialog, a reason's on its field.
 */
export function ContractActionDialog({
  tenantId,
  contract,
  action,
  open,
  onClose,
}: {
  tenantId: string;
  contract: Contract;
  action: ContractAction;
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const act = useContractActionInDialog(tenantId);
  const label = CONTRACT_ACTION_LABELS[action];
  return (
    <FormModal<Values>
      title={`${label}: ${contract.contract_number}?`}
      okText={label}
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (values) => {
        const body =
          action === 'activate' ? { signed_by: values.signed_by?.trim() } : { reason: values.reason?.trim() };
        await act.mutateAsync({ contract, action, body });
        feedback().message.success(`${contract.contract_number}: ${label} done`);
      }}
    >
      <Paragraph>
        {contract.title} ({contract.tenant_name}). {EFFECT[action]}
      </Paragraph>
      {action === 'activate' ? (
        <Form.Item
          name="signed_by"
          label="Signed by"
          rules={[{ required: true, whitespace: true, message: CONTRACT_MESSAGES.signedByRequired }]}
        >
          <Input placeholder="Name and title, or email, of the customer's signatory" maxLength={200} />
        </Form.Item>
      ) : (
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: CONTRACT_MESSAGES.reasonRequired },
            { max: CONTRACT_REASON_MAX, message: CONTRACT_MESSAGES.reasonTooLong },
          ]}
        >
          <Input.TextArea rows={2} showCount maxLength={CONTRACT_REASON_MAX} />
        </Form.Item>
      )}
    </FormModal>
  );
}
