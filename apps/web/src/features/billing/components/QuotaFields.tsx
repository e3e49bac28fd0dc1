import { Checkbox, Form, InputNumber } from 'antd';
import type { FormInstance } from 'antd';
import { UNLIMITED_QUOTA, updateCostQuotaBody } from '@portal/contract';
import { toCents, toDollars } from '../lib/money';
import { sentRule } from '../lib/rules';

/** A cost quota as the form holds it: unlimited, or a limit in dollars. */
export interface QuotaValues {
  unlimited?: boolean;
  limit?: number | null;
}

/** §5/§9: unlimited is sent as -1; a limit in cents. */
export const quotaLimitOf = (v: QuotaValues): number => (v.unlimited ? UNLIMITED_QUOTA : toCents(v.limit ?? 0));

export const quotaValues = (limitCents: number): QuotaValues =>
  limitCents === UNLIMITED_QUOTA
    ? { unlimited: true, limit: null }
    : { unlimited: false, limit: toDollars(limitCents) };

/**
 * The cost quota: Unlimited, or a monthly limit that is required and greater than 0 (§5: "Limit should be greater
 * than 0"), checked with the contract's rule on the cents it sends.
 */
export function QuotaFields({ form }: { form: FormInstance }) {
  const unlimited = Form.useWatch('unlimited', form) as boolean | undefined;
  return (
    <>
      <Form.Item name="unlimited" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox onChange={() => void form.validateFields(['limit']).catch(() => undefined)}>Unlimited</Checkbox>
      </Form.Item>
      <Form.Item
        name="limit"
        label="Cost Quota Limit ($ a month)"
        required={!unlimited}
        dependencies={['unlimited']}
        rules={unlimited ? [] : [sentRule<number>(updateCostQuotaBody.shape.cost_quota_limit, toCents)]}
      >
        <InputNumber aria-label="Cost Quota Limit" disabled={unlimited} step={100} style={{ width: 240 }} />
      </Form.Item>
    </>
  );
}
