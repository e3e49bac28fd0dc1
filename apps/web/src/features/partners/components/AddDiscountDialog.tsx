import { DatePicker, Flex, Form, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import {
  BILLING_MESSAGES,
  cppoBillingConfigBody,
  discountFromPercentOff,
  PARTNER_BILLING_MESSAGES as M,
} from '@portal/contract';
import type { DiscountUsage, PartnerCustomer } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { fetchAllUnitFilters, useAddDiscount } from '../api';
import { messageAt } from '../lib/customerBody';
import type { Issue } from '../lib/customerBody';
import { DAY, sendEnd, sendStart } from '../lib/dates';
import type { PartnerConfig } from '../lib/types';
import { discountUsages, USAGE_LABELS } from './AddCustomerDialog';

interface Values {
  usage?: DiscountUsage;
  percent_off?: number | null;
  effective?: Dayjs | null;
  end?: Dayjs | null;
}

/** The §5 discount problems of the values: the partner billing config's own rules (as the server checks them). */
function discountIssues(v: Values): Issue[] {
  const issues: Issue[] = [];
  if (!v.effective) issues.push({ path: ['effective'], message: M.effectiveRequired });
  if (!v.end) issues.push({ path: ['end'], message: BILLING_MESSAGES.endRequired });
  const parsed = cppoBillingConfigBody.safeParse({
    tenant_id: '-',
    reseller_id: '-',
    payment_code: 'x',
    payment_sub_code: 'x',
    effective_date: v.effective ? sendStart(v.effective) : '2000-01-01T00:00:00Z',
    discounts: [
      {
        usage: v.usage,
        percent_off: v.percent_off ?? undefined,
        ...(v.end && v.effective ? { end_date: sendEnd(v.end) } : {}),
      },
    ],
  });
  if (!parsed.success)
    for (const i of parsed.error.issues)
      if (i.path[0] === 'discounts') {
        const field = String(i.path[2]);
        issues.push({ path: [field === 'end_date' ? 'end' : field], message: i.message });
      }
  return issues;
}

export interface AddDiscountDialogProps {
  open: boolean;
  onClose(): void;
  config: PartnerConfig;
  customer: PartnerCustomer;
}

/**
 * Add discount (spec §2 Partner dialogs) for a partner's customer: the discount type (required; the reseller's usage in
 * place of program, §9), the percentage (required, 0–100, 2 decimals; sent as 1 − percent off), from an Effective Date
 * until a Discount End Date after it ("Discount End Date should be greater than Effective Date."), on every billing
 * item of the customer.
 */
export function AddDiscountDialog({ open, onClose, config, customer }: AddDiscountDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useAddDiscount();
  const at = (field: string): Rule => ({
    validator: async () => {
      const message = messageAt(discountIssues(form.getFieldsValue(true) as Values), [field]);
      if (message) throw new Error(message);
    },
  });
  return (
    <FormModal<Values>
      title={`Add Discount for ${customer.name}`}
      okText="Add"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (v) => {
        const unitFilters = await fetchAllUnitFilters();
        const discount = await create.mutateAsync({
          customers: [customer.customer_org_id],
          unit_filters: unitFilters,
          usage: v.usage!,
          provider: 'all',
          description: `${config.noun} customer discount`,
          discount: discountFromPercentOff(v.percent_off ?? 0),
          started_at: sendStart(v.effective!),
          expired_at: sendEnd(v.end!),
          note: '',
        });
        feedback().message.success(
          discount.status === 'approving'
            ? `Discount ${discount.discount_code} waits for an approval`
            : `Discount ${discount.discount_code} added`,
        );
      }}
    >
      <Flex gap={16} wrap>
        <Form.Item name="usage" label="Discount Type" required rules={[at('usage')]} style={{ flex: 1, minWidth: 180 }}>
          <Select
            aria-label="Discount Type"
            options={discountUsages(config.type).map((value) => ({ value, label: USAGE_LABELS[value] }))}
          />
        </Form.Item>
        <Form.Item
          name="percent_off"
          label="Discount Percentage (%)"
          required
          rules={[at('percent_off')]}
          style={{ flex: 1, minWidth: 180 }}
        >
          <InputNumber aria-label="Discount Percentage" step={1} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
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
          label="Discount End Date (UTC)"
          required
          dependencies={['effective']}
          rules={[at('end')]}
          style={{ flex: 1, minWidth: 180 }}
        >
          <DatePicker aria-label="Discount End Date" format={DAY} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
    </FormModal>
  );
}
