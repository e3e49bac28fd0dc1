import { Form, Input } from 'antd';
import { K8S_MESSAGES } from '@portal/contract';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph } from '../../../shared/ui/Typography';
import { useExcludeCluster } from '../api';

interface ExcludeValues {
  reason: string;
}

export interface ExcludeDialogProps {
  open: boolean;
  taskId: string;
  /** The k8s cluster to exclude; the dialog renders nothing without one. */
  k8sName: string | null;
  onClose(): void;
}

/** Exclude a k8s cluster whose upgrade has not started from a task, with a reason (a refusal opens the §8 dialog). */
export function ExcludeDialog({ open, taskId, k8sName, onClose }: ExcludeDialogProps) {
  const [form] = Form.useForm<ExcludeValues>();
  const exclude = useExcludeCluster(taskId);
  return (
    <FormModal<ExcludeValues>
      title={`Exclude ${k8sName ?? ''} from the task`}
      okText="Exclude"
      open={open && k8sName !== null}
      onClose={onClose}
      form={form}
      inlineErrors={false}
      onSubmit={(v) => exclude.mutateAsync({ k8s_name: k8sName!, reason: v.reason.trim() })}
    >
      <Paragraph type="secondary">
        It will not be upgraded by this task; the other clusters of its batch still are.
      </Paragraph>
      <Form.Item
        name="reason"
        label="Reason"
        required
        rules={[{ required: true, whitespace: true, message: K8S_MESSAGES.excludeReasonRequired }]}
      >
        <Input.TextArea aria-label="Reason" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}
