import { Form, Input, Select } from 'antd';
import {
  CLUSTER_ALERT_COMMENT_MAX,
  CLUSTER_ALERT_MESSAGES,
  CLUSTER_ALERT_SILENCE_CHOICES,
  formatSilenceDuration,
  silenceClusterAlertBody,
} from '@portal/contract';
import type { ClusterAlert } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph } from '../../../shared/ui/Typography';
import { useAlertAction } from '../api';

interface Values {
  duration_minutes: number;
  comment: string;
}

const fields = silenceClusterAlertBody.shape;

/**
 * Silence an alert for a while (as an Alertmanager silence): it stays firing but is muted — left out of the fleet's
 * critical alerts — until the time is up or the silence is lifted. The comment says why (required).
 */
export function SilenceAlertDialog({
  alert,
  open,
  onClose,
}: {
  alert: ClusterAlert | null;
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const silence = useAlertAction(alert?.cluster_id ?? '', { errorModal: false });
  if (!alert) return null;
  return (
    <FormModal<Values>
      title={`Silence ${alert.rule}`}
      okText="Silence"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ duration_minutes: 240 }}
      onSubmit={async (values) => {
        await silence.mutateAsync({
          alertId: alert.id,
          action: 'silence',
          body: { duration_minutes: values.duration_minutes, comment: values.comment },
        });
        feedback().message.success(CLUSTER_ALERT_MESSAGES.silenced);
      }}
    >
      <Paragraph type="secondary">{alert.summary}</Paragraph>
      <Form.Item name="duration_minutes" label="Duration" rules={[schemaRule(fields.duration_minutes)]}>
        <Select options={CLUSTER_ALERT_SILENCE_CHOICES.map((m) => ({ value: m, label: formatSilenceDuration(m) }))} />
      </Form.Item>
      <Form.Item name="comment" label="Comment" required rules={[schemaRule(fields.comment)]}>
        <Input.TextArea rows={3} showCount maxLength={CLUSTER_ALERT_COMMENT_MAX} placeholder="Why is it silenced?" />
      </Form.Item>
    </FormModal>
  );
}
