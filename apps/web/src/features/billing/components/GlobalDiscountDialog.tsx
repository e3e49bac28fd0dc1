import { Form, Input } from 'antd';
import { BILLING_MESSAGES, createGlobalDiscountBody } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateGlobalDiscount } from '../api/discounts';
import {
  DiscountDates,
  discountBody,
  NoteField,
  PercentOffField,
  ProviderField,
  UnitFiltersField,
} from './DiscountFields';
import type { DiscountValues } from './DiscountFields';

type Values = DiscountValues & { name?: string };

export interface GlobalDiscountDialogProps {
  open: boolean;
  onClose(): void;
}

/** A global discount (every tenant's usage of its unit filters, e.g. a program), admin-only. */
export function GlobalDiscountDialog({ open, onClose }: GlobalDiscountDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateGlobalDiscount();
  return (
    <FormModal<Values>
      title="Add Global Discount"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      width={640}
      initialValues={{ name: '', unit_filters: [], provider: 'all', note: '' }}
      onSubmit={async (values) => {
        await create.mutateAsync({ name: values.name ?? '', ...discountBody(values) });
        feedback().message.success(BILLING_MESSAGES.created);
      }}
    >
      <Form.Item name="name" label="Name" required rules={[schemaRule(createGlobalDiscountBody.shape.name)]}>
        <Input aria-label="Name" />
      </Form.Item>
      <UnitFiltersField />
      <ProviderField />
      <PercentOffField />
      <DiscountDates form={form} />
      <NoteField />
    </FormModal>
  );
}
