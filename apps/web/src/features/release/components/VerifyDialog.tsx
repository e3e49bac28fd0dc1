import { Form, Input, Radio } from 'antd';
import { RELEASE_MESSAGES, VERIFY_RESULTS, verifyChangeBody } from '@portal/contract';
import type { VerifyResult } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useVerifyChange } from '../api';

interface Values {
  result: VerifyResult;
  notes: string;
}

export interface VerifyDialogProps {
  open: boolean;
  releaseId: string;
  changeId: string;
  title: string;
  onClose(): void;
}

/** Verify a deployed change: passed or failed, with notes (required when it failed). */
export function VerifyDialog({ open, releaseId, changeId, title, onClose }: VerifyDialogProps) {
  const [form] = Form.useForm<Values>();
  const verify = useVerifyChange(releaseId, changeId);
  return (
    <FormModal<Values>
      title={`Verify ${title}`}
      okText="Verify"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ notes: '' }}
      onSubmit={async (values) => {
        await verify.mutateAsync({ result: values.result, notes: (values.notes ?? '').trim() });
        feedback().message.success(RELEASE_MESSAGES.verified);
      }}
    >
      <Form.Item
        name="result"
        label="Result"
        required
        rules={[{ required: true, message: RELEASE_MESSAGES.resultRequired }]}
      >
        <Radio.Group
          aria-label="Result"
          optionType="button"
          buttonStyle="solid"
          options={VERIFY_RESULTS.map((value) => ({ value, label: value }))}
        />
      </Form.Item>
      <Form.Item
        name="notes"
        label="Notes"
        dependencies={['result']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_: unknown, notes: string | undefined) => {
              const result = verifyChangeBody.safeParse({ result: getFieldValue('result') ?? 'passed', notes });
              const issue = result.error?.issues.find((i) => i.path[0] === 'notes');
              if (issue) throw new Error(issue.message);
            },
          }),
        ]}
      >
        <Input.TextArea aria-label="Notes" autoSize={{ minRows: 3, maxRows: 8 }} maxLength={2000} />
      </Form.Item>
    </FormModal>
  );
}
