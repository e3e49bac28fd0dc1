import { Form, Input, Select } from 'antd';
import { CLOSING_MESSAGES, CLOSING_NOTE_MAX, formatDate } from '@portal/contract';
import type { ClosingReason, Tenant } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph, Text } from '../../../shared/ui/Typography';
import { useClosingReasons, useReasonPolicies, useRunClosing } from '../api';

interface Values {
  reason?: ClosingReason;
  note?: string;
}

const DAY_MS = 86_400_000;

/**
 * Run the tenant's closing with a chosen reason (spec §4): the reasons and, for the one chosen, its grace period and
 * policies come from the server; the confirmation says when the tenant closes and what happens then.
 */
export function RunClosingDialog({
  tenant,
  open,
  onClose,
}: {
  tenant: Pick<Tenant, 'id' | 'name'>;
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const reason = Form.useWatch('reason', form);
  const reasons = useClosingReasons(tenant.id, open);
  const policies = useReasonPolicies(tenant.id, reason);
  const run = useRunClosing(tenant.id);
  const chosen = reasons.data?.items.find((r) => r.reason === reason);
  return (
    <FormModal<Values>
      title={`Close tenant ${tenant.name}?`}
      okText="Run the closing"
      open={open}
      onClose={onClose}
      form={form}
      width={560}
      onSubmit={async (values) => {
        const note = values.note?.trim();
        await run.mutateAsync({ reason: values.reason!, body: note ? { note } : {} });
        feedback().message.success(`Closing ${tenant.name}`);
      }}
    >
      <Paragraph>
        The tenant becomes CLOSING now and is closed when its grace period ends; until then the closing can be
        cancelled.
      </Paragraph>
      <Form.Item name="reason" label="Reason" rules={[{ required: true, message: 'Choose a reason' }]}>
        <Select
          aria-label="Reason"
          loading={reasons.isLoading}
          placeholder="Why the tenant is closed"
          options={(reasons.data?.items ?? []).map((r) => ({ value: r.reason, label: r.label }))}
        />
      </Form.Item>
      {chosen ? (
        <div aria-label="Closing policies" style={{ marginBottom: 16 }}>
          <Paragraph>
            {chosen.description}.{' '}
            <Text strong>
              {chosen.grace_days
                ? `Closes on ${formatDate(Date.now() + chosen.grace_days * DAY_MS)} (${chosen.grace_days} days)`
                : 'Closes at once'}
            </Text>
            ; data kept {chosen.data_retention_days} days after.
          </Paragraph>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {(policies.data?.items ?? []).map((p) => (
              <li key={p.key}>
                <Text strong>{p.title}</Text> ({p.when === 'run' ? 'now' : 'at the close'}): {p.description}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form.Item name="note" label="Note" rules={[{ max: CLOSING_NOTE_MAX, message: CLOSING_MESSAGES.noteTooLong }]}>
        <Input.TextArea rows={2} showCount maxLength={CLOSING_NOTE_MAX} placeholder="Optional" />
      </Form.Item>
    </FormModal>
  );
}
