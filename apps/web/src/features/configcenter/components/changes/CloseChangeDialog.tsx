import { Form, Input, Modal, Radio } from 'antd';
import { CLOSE_RESULTS, CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { CloseResult } from '@portal/contract';
import { feedback } from '../../../../shared/lib/feedback';
import { Paragraph } from '../../../../shared/ui/Typography';
import { useCloseChange } from '../../api/changes';

interface CloseValues {
  result?: CloseResult;
  reason?: string;
}

export interface CloseChangeDialogProps {
  open: boolean;
  changeId: string;
  onClose(): void;
}

/**
 * Close a default-config change (spec §4): the result (success keeps what the change staged, terminated puts back
 * what was never released) is required, and a reason too when terminated. A refusal opens the §8 dialog.
 */
export function CloseChangeDialog({ open, changeId, onClose }: CloseChangeDialogProps) {
  const [form] = Form.useForm<CloseValues>();
  const close = useCloseChange(changeId);
  const result = Form.useWatch('result', form);

  const submit = async () => {
    let values: CloseValues;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    const reason = values.reason?.trim();
    try {
      await close.mutateAsync({ result: values.result!, ...(reason ? { reason } : {}) });
    } catch {
      return; // the operation-failure dialog shows why; the form stays open
    }
    feedback().message.success(CONFIG_CENTER_MESSAGES.closed);
    onClose();
  };

  return (
    <Modal
      title={`Close the Default Config Change ${changeId}`}
      open={open}
      okText="Close the Change"
      okButtonProps={{ danger: result === 'terminated' }}
      confirmLoading={close.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Paragraph type="secondary">
        After closing, nothing of this change can be modified or released. Success keeps what it staged; terminated puts
        back everything it staged that was never released.
      </Paragraph>
      <Form<CloseValues> form={form} layout="vertical" preserve={false} onFinish={() => void submit()}>
        <Form.Item
          name="result"
          label="Result"
          required
          rules={[{ required: true, message: CONFIG_CENTER_MESSAGES.closeResultRequired }]}
        >
          <Radio.Group
            aria-label="Result"
            optionType="button"
            options={CLOSE_RESULTS.map((r) => ({ value: r, label: r }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label="Reason"
          required={result === 'terminated'}
          dependencies={['result']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (getFieldValue('result') !== 'terminated') return;
                if (typeof value !== 'string' || !value.trim())
                  throw new Error(CONFIG_CENTER_MESSAGES.terminateReasonRequired);
              },
            }),
            { max: 1000 },
          ]}
        >
          <Input.TextArea aria-label="Reason" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
