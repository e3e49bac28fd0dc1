import { DatePicker, Flex, Form, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import {
  MSP_SUPPORT_TYPES,
  PARTNER_BILLING_MESSAGES as M,
  PARTNER_MESSAGES,
  SUPPORT_LEVEL_LABELS,
  tomorrowUtc,
} from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useChangeSupportPlan, usePublicSupportPlans } from '../api';
import { DAY, pickerDay, sendEnd, sendStart } from '../lib/dates';

interface Values {
  support_plan_id?: string;
  effective?: Dayjs | null;
  end?: Dayjs | null;
}

/** Spec §5: the Effective Date at least tomorrow (UTC); the End Date after it and at least tomorrow. */
export function supportPlanProblem(field: 'effective' | 'end', v: Values, now = new Date()): string | undefined {
  const tomorrow = tomorrowUtc(now);
  if (field === 'effective') {
    if (!v.effective) return M.effectiveRequired;
    return pickerDay(v.effective) < tomorrow ? M.effectiveNotTomorrow : undefined;
  }
  if (!v.end) return undefined;
  if (v.effective && !(Date.parse(sendEnd(v.end)) > Date.parse(sendStart(v.effective))))
    return M.supportEndAfterEffective;
  return pickerDay(v.end) < tomorrow ? M.supportEndNotTomorrow : undefined;
}

export interface ChangeSupportPlanDialogProps {
  open: boolean;
  onClose(): void;
  tenantId: string;
  tenantName: string;
  /** The MSP's own plan: spec §9, only fixed and percentage types. */
  msp?: boolean;
}

/**
 * Change support plan (spec §2 Partner dialogs): a plan of the public catalogue bound to the org from an Effective
 * Date (at least tomorrow in UTC) until an optional End Date (after the Effective Date, at least tomorrow); its
 * current plan ends where this one starts. An MSP is offered fixed and percentage plans only.
 */
export function ChangeSupportPlanDialog({ open, onClose, tenantId, tenantName, msp }: ChangeSupportPlanDialogProps) {
  const [form] = Form.useForm<Values>();
  const plans = usePublicSupportPlans();
  const change = useChangeSupportPlan();
  const offered = (plans.data ?? []).filter((p) => !msp || (MSP_SUPPORT_TYPES as readonly string[]).includes(p.type));
  const at = (field: 'effective' | 'end'): Rule => ({
    validator: async () => {
      const message = supportPlanProblem(field, form.getFieldsValue(true) as Values);
      if (message) throw new Error(message);
    },
  });
  return (
    <FormModal<Values>
      title={`Change Support Plan of ${tenantName}`}
      okText="Change"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (v) => {
        const plan = offered.find((p) => p.support_plan_id === v.support_plan_id)!;
        await change.mutateAsync({
          tenant_id: tenantId,
          support_plan_id: plan.support_plan_id,
          level: plan.level,
          type: plan.type,
          fixed_charge_price: plan.fixed_charge_price,
          support_price_percentage: plan.support_price_percentage,
          tiered_price_rules: plan.tiered_price_rules,
          active_date: sendStart(v.effective!),
          expired_date: v.end ? sendEnd(v.end) : null,
        });
        feedback().message.success(`The support plan of ${tenantName} was changed`);
      }}
    >
      <Form.Item
        name="support_plan_id"
        label="Support Plan"
        required
        rules={[{ required: true, message: PARTNER_MESSAGES.required }]}
      >
        <Select
          aria-label="Support Plan"
          loading={plans.isFetching}
          options={offered.map((p) => ({
            value: p.support_plan_id,
            label: `${p.name} (${SUPPORT_LEVEL_LABELS[p.level]})`,
          }))}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="effective"
          label="Effective Date (UTC)"
          required
          rules={[at('effective')]}
          style={{ flex: 1, minWidth: 180 }}
        >
          <DatePicker aria-label="Effective Date" format={DAY} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="end"
          label="End Date (UTC)"
          dependencies={['effective']}
          rules={[at('end')]}
          extra="Empty: until another plan replaces it."
          style={{ flex: 1, minWidth: 180 }}
        >
          <DatePicker aria-label="End Date" format={DAY} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
    </FormModal>
  );
}
