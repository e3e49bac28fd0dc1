import { Form, Input, Select } from 'antd';
import { useQueries } from '@tanstack/react-query';
import {
  BILLING_MESSAGES,
  billingAccountsApi,
  createDiscountBody,
  DISCOUNT_PRESETS,
  DISCOUNT_USAGE_OPTIONS,
} from '@portal/contract';
import type { DiscountUsage, UnitFilterQuickSelection } from '@portal/contract';
import { api } from '../../../shared/lib/api';
import { errorMessage } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { fetchQuickSelection, useCreateDiscount } from '../api/discounts';
import { billingKeys } from '../keys';
import { sentRule } from '../lib/rules';
import {
  DiscountDates,
  discountBody,
  NoteField,
  PercentOffField,
  ProviderField,
  UnitFiltersField,
} from './DiscountFields';
import type { DiscountValues } from './DiscountFields';
import { TenantSelect } from './TenantSelect';

const fields = createDiscountBody.shape;

type Values = DiscountValues & {
  customers?: string[];
  preset?: string;
  description?: string;
  usage?: DiscountUsage;
};

export const USAGE_LABELS: Record<DiscountUsage, string> = {
  cppo: 'CPPO',
  mcpo: 'MCPO',
  commitment_plan: 'Commitment Plan',
  pre_paid: 'Pre-paid',
  program: 'Program',
};

/**
 * §9: the usages offered — commitment_plan, pre_paid and program, or cppo instead of program when every customer
 * chosen is billed through an AWS CPPO reseller now (a billing config of kind cppo in force).
 */
function useUsageOptions(customers: readonly string[]) {
  const configs = useQueries({
    queries: customers.map((id) => ({
      queryKey: [...billingKeys.all, 'tenant-billing-configs', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(billingAccountsApi.tenantBillingConfigs, { params: { id } }, { signal }),
      staleTime: 60_000,
    })),
  });
  const now = new Date().toISOString();
  const cppo =
    customers.length > 0 &&
    configs.every(
      (q) =>
        q.data?.items.some(
          (c) => c.kind === 'cppo' && c.effective_date <= now && (!c.expired_date || c.expired_date > now),
        ) ?? false,
    );
  const usages: DiscountUsage[] = DISCOUNT_USAGE_OPTIONS.map((u) => (u === 'program' && cppo ? 'cppo' : u));
  return usages.map((value) => ({ value, label: USAGE_LABELS[value] }));
}

export interface AddDiscountDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * Add Discount (§2, §5, §9): customers, unit filters from the unit-filter tree (a preset description fills them from
 * its quick selection), usage, cloud provider, the percent off (sent as 1 − percent off, 4 significant digits), start
 * and end, a note of at most 128 characters. The request times out after 15 s. A discount worth more than the
 * approval threshold waits for an approval.
 */
export function AddDiscountDialog({ open, onClose }: AddDiscountDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateDiscount();
  const customers = (Form.useWatch('customers', form) as string[] | undefined) ?? [];
  const usages = useUsageOptions(customers);

  const applyPreset = async (description: string) => {
    const preset = DISCOUNT_PRESETS.find((p) => p.description === description);
    if (!preset) return;
    form.setFieldsValue({ description });
    try {
      const selection = await fetchQuickSelection(preset.quick_selection as UnitFilterQuickSelection);
      form.setFieldsValue({ unit_filters: selection.filter_ids });
      void form.validateFields(['unit_filters']).catch(() => undefined);
    } catch (error) {
      feedback().message.error(errorMessage(error, 'Could not load the preset’s unit filters'));
    }
  };

  return (
    <FormModal<Values>
      title="Add Discount"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      width={680}
      initialValues={{ customers: [], unit_filters: [], provider: 'all', note: '' }}
      onSubmit={async (values) => {
        const discount = await create.mutateAsync({
          customers: values.customers ?? [],
          usage: values.usage!,
          description: values.description?.trim() ?? '',
          ...discountBody(values),
        });
        if (discount.status === 'approving')
          feedback().message.info(
            `Discount ${discount.discount_code} waits for an approval (approval ${discount.approval_id})`,
          );
        else feedback().message.success(BILLING_MESSAGES.created);
      }}
    >
      <Form.Item name="customers" label="Customers" required rules={[sentRule(fields.customers, (v) => v)]}>
        <TenantSelect multiple aria-label="Customers" />
      </Form.Item>
      <Form.Item name="preset" label="Preset">
        <Select
          aria-label="Preset"
          allowClear
          placeholder="A preset description fills in its unit filters"
          options={DISCOUNT_PRESETS.map((p) => ({ value: p.description, label: p.description }))}
          onChange={(value: string | undefined) => void (value ? applyPreset(value) : undefined)}
        />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input aria-label="Description" maxLength={256} />
      </Form.Item>
      <UnitFiltersField />
      <Form.Item name="usage" label="Usage" required rules={[sentRule(fields.usage, (v) => v)]}>
        <Select aria-label="Usage" options={usages} />
      </Form.Item>
      <ProviderField />
      <PercentOffField />
      <DiscountDates form={form} />
      <NoteField />
    </FormModal>
  );
}
