import { Form, Input, Modal } from 'antd';
import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { ConfigEnvironment } from '@portal/contract';
import { feedback } from '../../../../shared/lib/feedback';
import { Paragraph } from '../../../../shared/ui/Typography';
import { useCreateRelease } from '../../api/changes';

export interface CreateReleaseDialogProps {
  open: boolean;
  changeId: string;
  environment: ConfigEnvironment;
  /** How many unreleased items the release will carry. */
  itemCount: number;
  onClose(): void;
}

/** Create a release of a change's unreleased items to one environment: it waits for approval before it runs. */
export function CreateReleaseDialog({ open, changeId, environment, itemCount, onClose }: CreateReleaseDialogProps) {
  const [form] = Form.useForm<{ description?: string }>();
  const create = useCreateRelease(changeId);

  const submit = async () => {
    let values: { description?: string };
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    try {
      await create.mutateAsync({ environment, description: values.description?.trim() ?? '' });
    } catch {
      return; // the operation-failure dialog shows why; the form stays open
    }
    feedback().message.success(CONFIG_CENTER_MESSAGES.releaseCreated(environment));
    onClose();
  };

  return (
    <Modal
      title={`Create a ${environment} Release`}
      open={open}
      okText="Create"
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Paragraph type="secondary">
        {`The release carries the ${itemCount} unreleased item${itemCount === 1 ? '' : 's'} of this change. Nothing is ` +
          `released to ${environment} until its approval is granted.`}
      </Paragraph>
      <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit()}>
        <Form.Item name="description" label="Description" rules={[{ max: 1000 }]}>
          <Input.TextArea aria-label="Description" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
