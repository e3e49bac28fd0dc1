import { Button, Checkbox, DatePicker, Flex, Form, Input, InputNumber, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SUPPORT_LEVEL_LABELS } from '@portal/contract';
import type { DiscountUsage } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreatePartnerCustomer, usePublicSupportPlans } from '../api';
import { customerBody, customerIssues, messageAt } from '../lib/customerBody';
import type { CustomerValues } from '../lib/customerBody';
import { DAY } from '../lib/dates';
import type { PartnerConfig } from '../lib/types';
import { CustomerSelect } from './CustomerSelect';

export const USAGE_LABELS: Record<DiscountUsage, string> = {
  cppo: 'CPPO',
  mcpo: 'MCPO',
  commitment_plan: 'Commitment Plan',
  pre_paid: 'Pre-paid',
  program: 'Program',
};

/** Spec §9: commitment_plan, pre_paid and program — the reseller's own usage (cppo, mcpo) in place of program. */
export function discountUsages(type: PartnerConfig['type']): DiscountUsage[] {
  const own: DiscountUsage = type === 'mcpo' ? 'mcpo' : type === 'cppo' ? 'cppo' : 'program';
  return ['commitment_plan', 'pre_paid', own];
}

export interface AddCustomerDialogProps {
  open: boolean;
  onClose(): void;
  config: PartnerConfig;
  /** The partner's org id. */
  orgId: string;
}

/**
 * Add a CPPO, MCPO, MSP or reseller customer (spec §2, §3 Partner-customer link, §5 Customer linking): the customer
 * org and the Effective Date (at least tomorrow in UTC) are required. A CPPO or MCPO customer is billed through the
 * reseller: its payment code (and for CPPO the payment sub code) are required, the active check may be skipped, and
 * it may get discounts (type and percentage required, 0–100 with 2 decimals, ending after the Effective Date) and a
 * support plan (ending after the Effective Date, at least tomorrow). Checked with the contract's rules.
 */
export function AddCustomerDialog({ open, onClose, config, orgId }: AddCustomerDialogProps) {
  const [form] = Form.useForm<CustomerValues>();
  const create = useCreatePartnerCustomer();
  const plans = usePublicSupportPlans();
  const partner = { type: config.linkType, orgId, billed: config.billed };
  const planChosen = Boolean(Form.useWatch('support_plan_id', form));

  /** A rule showing the first §5 problem at `path` of the whole form's values. */
  const at = (...path: (string | number)[]): Rule => ({
    validator: async () => {
      const message = messageAt(customerIssues(form.getFieldsValue(true) as CustomerValues, partner), path);
      if (message) throw new Error(message);
    },
  });

  return (
    <FormModal<CustomerValues>
      title={`Add ${config.linkType === 'RESELLER' ? 'Reseller' : config.linkType} Customer`}
      okText="Add"
      open={open}
      onClose={onClose}
      form={form}
      width={config.billed ? 720 : 520}
      initialValues={{ skip_partner_active_check: false, discounts: [] }}
      onSubmit={async (values) => {
        const customer = await create.mutateAsync(customerBody(values, partner));
        feedback().message.success(`${customer.name} was added`);
      }}
    >
      <Form.Item name="customer_org_id" label="Customer Org" required rules={[at('customer_org_id')]}>
        <CustomerSelect exclude={orgId} />
      </Form.Item>
      <Flex gap={16} align="start" wrap>
        <Form.Item
          name="effected"
          label="Effective Date (UTC)"
          required
          dependencies={['skip_partner_active_check']}
          rules={[at('effected_at')]}
          style={{ flex: 1, minWidth: 200 }}
        >
          <DatePicker aria-label="Effective Date" format={DAY} style={{ width: '100%' }} />
        </Form.Item>
        {config.billed ? (
          <Form.Item
            name="skip_partner_active_check"
            valuePropName="checked"
            label=" "
            style={{ flex: 1, minWidth: 200 }}
          >
            <Checkbox>Skip the partner active check</Checkbox>
          </Form.Item>
        ) : null}
      </Flex>
      {config.billed ? (
        <>
          <Flex gap={16} wrap>
            <Form.Item
              name="payment_code"
              label="Payment Code"
              required
              rules={[at('payment_code')]}
              style={{ flex: 1, minWidth: 200 }}
            >
              <Input aria-label="Payment Code" />
            </Form.Item>
            {config.linkType === 'CPPO' ? (
              <Form.Item
                name="payment_sub_code"
                label="Payment Sub Code"
                required
                rules={[at('payment_sub_code')]}
                style={{ flex: 1, minWidth: 200 }}
              >
                <Input aria-label="Payment Sub Code" />
              </Form.Item>
            ) : null}
          </Flex>
          <Form.List name="discounts">
            {(fields, { add, remove }) => (
              <div role="group" aria-label="Discounts">
                <div className="ant-form-item-label">
                  <label>Discounts</label>
                </div>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} align="start" wrap>
                    <Form.Item
                      name={[field.name, 'usage']}
                      rules={[at('discounts', index, 'usage')]}
                      style={{ flex: 1, minWidth: 150 }}
                    >
                      <Select
                        aria-label={`Discount ${index + 1} type`}
                        placeholder="Discount type"
                        options={discountUsages(config.type).map((value) => ({ value, label: USAGE_LABELS[value] }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'percent_off']}
                      rules={[at('discounts', index, 'percent_off')]}
                      style={{ flex: 1, minWidth: 150 }}
                    >
                      <InputNumber
                        aria-label={`Discount ${index + 1} percentage`}
                        placeholder="Percentage (%)"
                        step={1}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'end']}
                      dependencies={['effected']}
                      rules={[at('discounts', index, 'end_date')]}
                      style={{ flex: 1, minWidth: 150 }}
                    >
                      <DatePicker
                        aria-label={`Discount ${index + 1} end date`}
                        placeholder="Discount End Date"
                        format={DAY}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Button
                      aria-label={`Remove discount ${index + 1}`}
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ percent_off: null })} style={{ marginBottom: 16 }}>
                  Add Discount
                </Button>
              </div>
            )}
          </Form.List>
          <Flex gap={16} wrap>
            <Form.Item name="support_plan_id" label="Support Plan" style={{ flex: 1, minWidth: 200 }}>
              <Select
                aria-label="Support Plan"
                allowClear
                loading={plans.isFetching}
                placeholder="None"
                options={(plans.data ?? []).map((p) => ({
                  value: p.support_plan_id,
                  label: `${p.name} (${SUPPORT_LEVEL_LABELS[p.level]})`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="support_end"
              label="Support Plan End Date (UTC)"
              dependencies={['effected', 'support_plan_id']}
              rules={[at('support_plan', 'end_date')]}
              style={{ flex: 1, minWidth: 200 }}
            >
              <DatePicker aria-label="End Date" format={DAY} disabled={!planChosen} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
        </>
      ) : null}
    </FormModal>
  );
}
