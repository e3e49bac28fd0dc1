import { DatePicker, Flex, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { BILLING_MESSAGES, DEFAULT_SUPPORT_LEVEL, SUPPORT_LEVEL_LABELS, supportDatesProblems } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useAddBoundPlan, useSupportPlans } from '../api/plans';
import { beforeToday, DAY, sendEnd, sendStart } from '../lib/dates';
import { messageAt, problemRule } from '../lib/rules';
import { SUPPORT_TYPE_LABELS, SupportTermsFields, termsBody } from './SupportTermsFields';
import type { TermsValues } from './SupportTermsFields';
import { TenantSelect } from './TenantSelect';

/** "Custom terms" in the plan choice: a private plan with the terms typed here. */
const CUSTOM = 'custom';

type Values = TermsValues & { tenant_id?: string; plan?: string; start?: Dayjs; end?: Dayjs | null };

export interface AddBoundPlanDialogProps {
  open: boolean;
  onClose(): void;
  /** The tenant chosen on the tab, if any. */
  tenantId?: string;
}

/**
 * Add a plan to a tenant ("change support plan", §2; §7 binded_support_plan/private): a public plan of the catalogue
 * or custom terms, from a start date (required, not in the past; sent at T00:00:00Z) until an optional end date
 * (after the start; sent at T23:59:59Z). The tenant's current plan ends where this one starts.
 */
export function AddBoundPlanDialog({ open, onClose, tenantId }: AddBoundPlanDialogProps) {
  const [form] = Form.useForm<Values>();
  const add = useAddBoundPlan();
  const catalogue = useSupportPlans({ is_public: 'true', per_page: 100 });
  const plan = Form.useWatch('plan', form) as string | undefined;
  const dates = () => {
    const v = form.getFieldsValue(['start', 'end']) as Pick<Values, 'start' | 'end'>;
    return supportDatesProblems({
      active_date: v.start ? sendStart(v.start) : null,
      expired_date: v.end ? sendEnd(v.end) : null,
    });
  };
  const plans = (catalogue.data?.items ?? []).map((p) => ({
    value: p.support_plan_id,
    label: `${p.name} (${SUPPORT_LEVEL_LABELS[p.level]}, ${SUPPORT_TYPE_LABELS[p.type]})`,
  }));
  return (
    <FormModal<Values>
      title="Add Support Plan"
      okText="Add"
      open={open}
      onClose={onClose}
      form={form}
      width={640}
      initialValues={{ tenant_id: tenantId || undefined, plan: CUSTOM, level: DEFAULT_SUPPORT_LEVEL, tiers: [] }}
      onSubmit={async (values) => {
        const chosen = catalogue.data?.items.find((p) => p.support_plan_id === values.plan);
        await add.mutateAsync({
          tenant_id: values.tenant_id ?? '',
          // A public plan's terms come from the catalogue (sent as they are; the server reads its own).
          ...(chosen
            ? {
                support_plan_id: chosen.support_plan_id,
                level: chosen.level,
                type: chosen.type,
                fixed_charge_price: chosen.fixed_charge_price,
                support_price_percentage: chosen.support_price_percentage,
                tiered_price_rules: chosen.tiered_price_rules,
              }
            : termsBody(values)),
          active_date: sendStart(values.start!),
          expired_date: values.end ? sendEnd(values.end) : null,
        });
        feedback().message.success(BILLING_MESSAGES.created);
      }}
    >
      <Form.Item
        name="tenant_id"
        label="Tenant"
        required
        rules={[{ required: true, message: BILLING_MESSAGES.tenantRequired }]}
      >
        <TenantSelect />
      </Form.Item>
      <Form.Item name="plan" label="Plan">
        <Select aria-label="Plan" options={[{ value: CUSTOM, label: 'Custom terms' }, ...plans]} />
      </Form.Item>
      {plan === CUSTOM || !plan ? <SupportTermsFields form={form} /> : null}
      <Flex gap={16}>
        <Form.Item
          name="start"
          label="Start Date (UTC)"
          required
          rules={[problemRule(() => messageAt(dates(), ['active_date']))]}
          style={{ flex: 1 }}
        >
          <DatePicker aria-label="Start Date" format={DAY} disabledDate={beforeToday} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="end"
          label="End Date (UTC)"
          dependencies={['start']}
          rules={[problemRule(() => messageAt(dates(), ['expired_date']))]}
          extra="Empty: until another plan replaces it."
          style={{ flex: 1 }}
        >
          <DatePicker aria-label="End Date" format={DAY} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
    </FormModal>
  );
}
