import { Button, Flex, Form, InputNumber, Select } from 'antd';
import type { FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BILLING_MESSAGES as M,
  formatMoney,
  SELECTABLE_SUPPORT_LEVELS,
  SUPPORT_LEVEL_LABELS,
  SUPPORT_TYPES,
  supportTermsProblems,
  updateSupportPlanBody,
} from '@portal/contract';
import type { SupportLevel, SupportPlan, SupportType, TieredPriceRule } from '@portal/contract';
import { toCents, toDollars, toFraction, toPercent } from '../lib/money';
import { messageAt, problemRule, sentRule } from '../lib/rules';

/** A support plan's terms as the form holds them: dollars and percents; a tier's lower bound is derived. */
export interface TermsValues {
  level?: SupportLevel;
  type?: SupportType;
  /** Minimum monthly cost, dollars. */
  minimum?: number | null;
  /** Percentage of the month's usage (percentage_price), 0–100. */
  percentage?: number | null;
  /** Tiered price rules: each tier's upper bound in dollars (empty: unlimited) and its percentage. */
  tiers?: { to?: number | null; percentage?: number | null }[];
}

export const SUPPORT_TYPE_LABELS: Record<SupportType, string> = {
  fixed_price: 'Fixed Price',
  percentage_price: 'Percentage Price',
  tiered_price: 'Tiered Price',
};

const fields = updateSupportPlanBody.shape;

/** The tiers with their lower bounds (§5: fixed — 0 for the first, the previous tier's upper bound after), in cents. */
export function tiersOf(values: TermsValues): TieredPriceRule[] {
  let from = 0;
  return (values.tiers ?? []).map((t) => {
    const upper = t.to === null || t.to === undefined ? null : toCents(t.to);
    const rule = {
      lower_bound: from,
      upper_bound: upper,
      support_price_percentage: t.percentage === null || t.percentage === undefined ? NaN : toFraction(t.percentage),
    };
    from = upper ?? from;
    return rule;
  });
}

/** The terms as the API takes them (cents, fractions). */
export function termsBody(values: TermsValues) {
  const type = values.type!;
  return {
    level: values.level!,
    type,
    fixed_charge_price: toCents(values.minimum ?? 0),
    support_price_percentage:
      type === 'percentage_price' && values.percentage !== null && values.percentage !== undefined
        ? toFraction(values.percentage)
        : null,
    tiered_price_rules: type === 'tiered_price' ? tiersOf(values) : [],
  };
}

/** A plan's terms as the form's initial values. */
export function termsValues(
  plan: Pick<SupportPlan, 'level' | 'type' | 'fixed_charge_price' | 'support_price_percentage' | 'tiered_price_rules'>,
): TermsValues {
  return {
    level: plan.level,
    type: plan.type,
    minimum: toDollars(plan.fixed_charge_price),
    percentage: plan.support_price_percentage === null ? null : toPercent(plan.support_price_percentage),
    tiers: plan.tiered_price_rules.map((t) => ({
      to: t.upper_bound === null ? null : toDollars(t.upper_bound),
      percentage: toPercent(t.support_price_percentage),
    })),
  };
}

/** §5: the percentage is 0 to 100 (required where the type needs it). */
const percentRule = sentRule<number>(fields.support_price_percentage, toFraction);

function TiersEditor({ form }: { form: FormInstance }) {
  // The lower bounds shown follow the upper bounds as they are typed.
  const watched = Form.useWatch('tiers', form) as TermsValues['tiers'];
  const problems = () =>
    supportTermsProblems({
      type: 'tiered_price',
      tiered_price_rules: tiersOf(form.getFieldsValue(true) as TermsValues),
    });
  return (
    <Form.List
      name="tiers"
      rules={[
        {
          validator: async (_rule, tiers: unknown[] | undefined) => {
            if (!tiers?.length) throw new Error(M.tiersRequired);
          },
        },
      ]}
    >
      {(items, { add, remove }, { errors }) => {
        const tiers = tiersOf({ tiers: watched ?? [] });
        return (
          <div role="group" aria-label="Tiers">
            {items.map((item, index) => {
              const last = index === items.length - 1;
              return (
                <Flex key={item.key} gap={8} align="start">
                  <Form.Item label={index === 0 ? 'From' : undefined} style={{ width: 130 }}>
                    <span aria-label={`Tier ${index + 1} from`}>{formatMoney(tiers[index]?.lower_bound ?? 0)}</span>
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'to']}
                    label={index === 0 ? 'To ($)' : undefined}
                    dependencies={items.map((other) => ['tiers', other.name, 'to'])}
                    rules={[problemRule(() => messageAt(problems(), ['tiered_price_rules', index, 'upper_bound']))]}
                    style={{ width: 170 }}
                  >
                    <InputNumber
                      aria-label={`Tier ${index + 1} to`}
                      min={0}
                      step={0.01}
                      placeholder={last ? 'Unlimited' : undefined}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'percentage']}
                    label={index === 0 ? 'Percentage (%)' : undefined}
                    rules={[
                      {
                        validator: async (_rule, value: number | null | undefined) => {
                          if (value === null || value === undefined) throw new Error(M.percentageRequired);
                          const sent = fields.support_price_percentage.safeParse(toFraction(value));
                          if (!sent.success) throw new Error(sent.error.issues[0]?.message ?? M.percentageRange);
                        },
                      },
                    ]}
                    style={{ width: 150 }}
                  >
                    <InputNumber aria-label={`Tier ${index + 1} percentage`} step={0.1} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item label={index === 0 ? ' ' : undefined}>
                    <Button
                      aria-label={`Remove tier ${index + 1}`}
                      icon={<DeleteOutlined />}
                      onClick={() => remove(item.name)}
                    />
                  </Form.Item>
                </Flex>
              );
            })}
            <Button icon={<PlusOutlined />} onClick={() => add({ to: null, percentage: null })}>
              Add Tier
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        );
      }}
    </Form.List>
  );
}

/**
 * The §5 support plan fields: level (Developer, Enterprise, Premium), type (fixed, percentage, tiered), the minimum
 * monthly cost (dollars, min 0, step 0.01), the percentage (0–100) or the tiers (the lower bound fixed, each upper
 * bound above it, the last one empty: unlimited). Checked with the contract's rules, as the server checks them.
 */
export function SupportTermsFields({ form, currentLevel }: { form: FormInstance; currentLevel?: SupportLevel }) {
  const type = Form.useWatch('type', form) as SupportType | undefined;
  const levels: SupportLevel[] = [...SELECTABLE_SUPPORT_LEVELS];
  if (currentLevel && !levels.includes(currentLevel)) levels.unshift(currentLevel);
  return (
    <>
      <Flex gap={16}>
        <Form.Item name="level" label="Level" required rules={[sentRule(fields.level, (v) => v)]} style={{ flex: 1 }}>
          <Select
            aria-label="Level"
            options={levels.map((value) => ({
              value,
              label: SUPPORT_LEVEL_LABELS[value],
              disabled: !(SELECTABLE_SUPPORT_LEVELS as readonly string[]).includes(value),
            }))}
          />
        </Form.Item>
        <Form.Item name="type" label="Type" required rules={[sentRule(fields.type, (v) => v)]} style={{ flex: 1 }}>
          <Select
            aria-label="Type"
            options={SUPPORT_TYPES.map((value) => ({ value, label: SUPPORT_TYPE_LABELS[value] }))}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        name="minimum"
        label="Minimum Monthly Cost ($)"
        required
        rules={[sentRule<number>(fields.fixed_charge_price, toCents)]}
      >
        <InputNumber aria-label="Minimum Monthly Cost" step={0.01} style={{ width: 220 }} />
      </Form.Item>
      {type === 'percentage_price' ? (
        <Form.Item
          name="percentage"
          label="Percentage (%)"
          required
          rules={[
            problemRule(() =>
              form.getFieldValue('percentage') === null || form.getFieldValue('percentage') === undefined
                ? messageAt(supportTermsProblems({ type, support_price_percentage: null }), [
                    'support_price_percentage',
                  ])
                : undefined,
            ),
            percentRule,
          ]}
        >
          <InputNumber aria-label="Percentage" step={0.1} style={{ width: 220 }} />
        </Form.Item>
      ) : null}
      {type === 'tiered_price' ? <TiersEditor form={form} /> : null}
    </>
  );
}
