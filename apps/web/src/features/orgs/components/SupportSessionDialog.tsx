import { Form, Input, Select } from 'antd';
import {
  SUPPORT_SESSION_DEFAULT_MINUTES,
  SUPPORT_SESSION_MAX_MINUTES,
  SUPPORT_SESSION_MIN_MINUTES,
  startSupportSessionBody,
} from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useStartSupportSession } from '../tenantOps';

interface Values {
  reason: string;
  minutes: number;
}

export const SESSION_STARTED = 'Support session started';
const DURATIONS = [15, 30, 60, 120, 240, 480];

const durationLabel = (m: number) => (m < 60 ? `${m} minutes` : m === 60 ? '1 hour' : `${m / 60} hours`);

/**
 * Start a support session in a tenant (spec §7 POST tenants/{id}/impersonate): why, and for how long. The session
 * ends by hand or at its time limit; both are audited on the tenant.
 */
export function SupportSessionDialog({
  open,
  tenantId,
  tenantName,
  maxMinutes = SUPPORT_SESSION_MAX_MINUTES,
  onClose,
}: {
  open: boolean;
  tenantId: string;
  tenantName: string;
  maxMinutes?: number;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const start = useStartSupportSession(tenantId);
  const durations = DURATIONS.filter((m) => m >= SUPPORT_SESSION_MIN_MINUTES && m <= maxMinutes);
  return (
    <FormModal<Values>
      title={`Start support session in ${tenantName}`}
      okText="Start session"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ minutes: Math.min(SUPPORT_SESSION_DEFAULT_MINUTES, maxMinutes) }}
      onSubmit={async (v) => {
        await start.mutateAsync({ reason: v.reason, minutes: v.minutes });
        feedback().message.success(SESSION_STARTED);
      }}
    >
      <p>
        You act in this tenant on the customer&apos;s behalf until you end the session or its time runs out. The reason
        is recorded in the tenant&apos;s audit log.
      </p>
      <Form.Item
        name="reason"
        label="Reason"
        required
        rules={[schemaRule(startSupportSessionBody.shape.reason)]}
        extra="10 to 500 characters, e.g. the ticket you work on"
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="Ticket OPS-123: customer cannot connect" />
      </Form.Item>
      <Form.Item name="minutes" label="Duration" required>
        <Select aria-label="Duration" options={durations.map((m) => ({ value: m, label: durationLabel(m) }))} />
      </Form.Item>
    </FormModal>
  );
}
