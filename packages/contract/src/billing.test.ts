import { describe, expect, it } from 'vitest';
import {
  arMonthAllowed,
  BILLING_MESSAGES,
  BOUND_PLAN_STATUS_ACTIONS,
  canBoundPlan,
  canCredit,
  canDiscount,
  canInvoice,
  CREDIT_STATUS_ACTIONS,
  DISCOUNT_STATUS_ACTIONS,
  fractionOfAmount,
  INVOICE_STATUS_ACTIONS,
  lastMonth,
  monthRange,
  percentOffOf,
  rateUsage,
  roundDiv,
  toPpm,
  utcToday,
} from './billing.js';
import {
  addBoundPlanBody,
  createRiskLevelBody,
  setFxRateBody,
  updateCostQuotaBody,
  updateSupportPlanBody,
} from './billing-plans.js';
import { createDiscountBody } from './billing-invoices.js';
import { billingApi } from './billing-api.js';
import { discountFromPercentOff } from './index.js';
import { AUDIT_TYPES } from './constants.js';
import { errorCatalogue } from './errors.js';

/** The messages a schema answers for a body, by field path. */
function issues(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, body: unknown) {
  const r = schema.safeParse(body);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of (r.error as { issues: { path: PropertyKey[]; message: string }[] }).issues)
    (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('billing messages (spec §5, §8, verbatim)', () => {
  it('pins the quoted messages', () => {
    expect(BILLING_MESSAGES).toMatchObject({
      required: 'required',
      limitPositive: 'Limit should be greater than 0',
      lastTierToEmpty: 'The to value for last tier should be empty',
      startDateRequired: 'Start Date is required.',
      supportEndAfterStart: 'End Date should be greater than Start Date.',
      discountEndAfterStart: 'End Date should be greater than Start Date',
      noteTooLong: 'Should be less than 128 characters',
      cancelFailed: 'Cancel Failed',
      created: 'Create successful!',
      saved: 'Save successful!',
    });
  });

  it('risk level: the name is required and a limit that is not unlimited (-1) must be greater than 0', () => {
    expect(issues(createRiskLevelBody, { credit_risk_level_name: '', cost_quota: { cost_quota_limit: -1 } })).toEqual({
      credit_risk_level_name: ['required'],
    });
    expect(issues(createRiskLevelBody, { cost_quota: { cost_quota_limit: 100 } })).toEqual({
      credit_risk_level_name: ['required'],
    });
    for (const bad of [0, -2, -100])
      expect(issues(updateCostQuotaBody, { cost_quota_limit: bad })).toEqual({
        cost_quota_limit: ['Limit should be greater than 0'],
      });
    expect(issues(updateCostQuotaBody, { cost_quota_limit: -1 })).toEqual({});
    expect(issues(updateCostQuotaBody, { cost_quota_limit: 1 })).toEqual({});
  });

  const terms = { level: 'enterprise', type: 'tiered_price', fixed_charge_price: 0 };
  it('support plan tiers: the last tier’s to value is empty, the others are set and above their from value', () => {
    const tiers = (...t: [number, number | null][]) =>
      t.map(([lower_bound, upper_bound]) => ({ lower_bound, upper_bound, support_price_percentage: 0.1 }));
    expect(issues(updateSupportPlanBody, { ...terms, tiered_price_rules: tiers([0, 1000], [1000, null]) })).toEqual({});
    expect(issues(updateSupportPlanBody, { ...terms, tiered_price_rules: tiers([0, 1000], [1000, 5000]) })).toEqual({
      'tiered_price_rules.1.upper_bound': ['The to value for last tier should be empty'],
    });
    expect(issues(updateSupportPlanBody, { ...terms, tiered_price_rules: tiers([0, null], [0, null]) })).toEqual({
      'tiered_price_rules.0.upper_bound': [BILLING_MESSAGES.tierToRequired],
    });
    expect(
      issues(updateSupportPlanBody, { ...terms, tiered_price_rules: tiers([0, 1000], [1000, 900], [900, null]) }),
    ).toEqual({ 'tiered_price_rules.1.upper_bound': [BILLING_MESSAGES.tierToAboveFrom] });
    expect(issues(updateSupportPlanBody, { ...terms, tiered_price_rules: tiers([0, 1000], [1200, null]) })).toEqual({
      'tiered_price_rules.1.lower_bound': [BILLING_MESSAGES.tierFromFixed],
    });
    expect(issues(updateSupportPlanBody, { ...terms, tiered_price_rules: [] })).toEqual({
      tiered_price_rules: [BILLING_MESSAGES.tiersRequired],
    });
    expect(issues(updateSupportPlanBody, { ...terms, type: 'percentage_price', fixed_charge_price: -1 })).toEqual({
      fixed_charge_price: [BILLING_MESSAGES.minimumCostMin],
      support_price_percentage: [BILLING_MESSAGES.percentageRequired],
    });
    expect(
      issues(updateSupportPlanBody, { ...terms, type: 'percentage_price', support_price_percentage: 1.5 }),
    ).toEqual({ support_price_percentage: [BILLING_MESSAGES.percentageRange] });
  });

  it('support plan dates: start required and not in the past, end after start', () => {
    const base = { tenant_id: 't1', ...terms, type: 'fixed_price', fixed_charge_price: 50_000 };
    expect(issues(addBoundPlanBody, base)).toEqual({ active_date: ['Start Date is required.'] });
    expect(issues(addBoundPlanBody, { ...base, active_date: '' })).toEqual({
      active_date: ['Start Date is required.'],
    });
    expect(issues(addBoundPlanBody, { ...base, active_date: `${yesterday}T00:00:00Z` })).toEqual({
      active_date: [BILLING_MESSAGES.startDateInPast],
    });
    expect(
      issues(addBoundPlanBody, {
        ...base,
        active_date: `${tomorrow}T00:00:00Z`,
        expired_date: `${yesterday}T23:59:59Z`,
      }),
    ).toEqual({ expired_date: ['End Date should be greater than Start Date.'] });
    expect(issues(addBoundPlanBody, { ...base, active_date: `${utcToday()}T00:00:00Z` })).toEqual({});
    // Binding a public plan ignores the terms given.
    expect(
      issues(addBoundPlanBody, {
        ...base,
        type: 'tiered_price',
        support_plan_id: '1',
        active_date: `${tomorrow}T00:00:00Z`,
        expired_date: `${tomorrow}T23:59:59Z`,
      }),
    ).toEqual({});
  });

  const discount = {
    customers: ['t1'],
    unit_filters: ['dedicated.compute.tidb'],
    usage: 'commitment_plan',
    discount: 0.85,
    started_at: '2026-10-01T00:00:00Z',
    expired_at: '2026-12-31T23:59:59Z',
  };
  it('Add Discount: required fields, end after start, note ≤ 128, discount with 4 significant digits', () => {
    expect(issues(createDiscountBody, discount)).toEqual({});
    expect(issues(createDiscountBody, { ...discount, expired_at: '2026-09-30T23:59:59Z' })).toEqual({
      expired_at: ['End Date should be greater than Start Date'],
    });
    expect(issues(createDiscountBody, { ...discount, note: 'x'.repeat(129) })).toEqual({
      note: ['Should be less than 128 characters'],
    });
    expect(issues(createDiscountBody, { ...discount, note: 'x'.repeat(128) })).toEqual({});
    expect(issues(createDiscountBody, { ...discount, unit_filters: [], usage: undefined, started_at: '' })).toEqual({
      unit_filters: [BILLING_MESSAGES.unitFiltersRequired],
      usage: [BILLING_MESSAGES.usageRequired],
      started_at: [BILLING_MESSAGES.startRequired],
    });
    expect(issues(createDiscountBody, { ...discount, discount: 0.87654 })).toEqual({
      discount: [BILLING_MESSAGES.discountDigits],
    });
    expect(discountFromPercentOff(33.333)).toBe(0.6667);
    expect(discountFromPercentOff(15)).toBe(0.85);
    expect(percentOffOf(0.85)).toBe(15);
  });

  it('exchange rate: at least 0.0001, 4 decimals, a date not in the future', () => {
    const fx = { value: 1.3512, date: yesterday };
    expect(issues(setFxRateBody, fx)).toEqual({});
    expect(issues(setFxRateBody, { ...fx, value: 0 })).toEqual({ value: [BILLING_MESSAGES.fxRateMin] });
    expect(issues(setFxRateBody, { ...fx, value: 1.23456 })).toEqual({ value: [BILLING_MESSAGES.fxRateDecimals] });
    expect(issues(setFxRateBody, { ...fx, date: tomorrow })).toEqual({ date: [BILLING_MESSAGES.fxDateFuture] });
    expect(setFxRateBody.parse({ ...fx, base: 'usd', target: 'sgd' })).toMatchObject({ base: 'USD', target: 'SGD' });
  });
});

describe('billing state machines (spec §4)', () => {
  it('invoices: confirm or suspend an unconfirmed one, confirm a suspended one; nothing for the others', () => {
    expect(INVOICE_STATUS_ACTIONS).toEqual({
      draft: [],
      unconfirmed: ['confirm', 'suspend'],
      confirmed: [],
      suspended: ['confirm'],
    });
    expect(canInvoice('unconfirmed', 'confirm')).toBe(true);
    expect(canInvoice('confirmed', 'suspend')).toBe(false);
    expect(canInvoice('bogus', 'confirm')).toBe(false);
  });

  it('support plans: only an active or to_be_activated plan can be disabled or cancelled', () => {
    for (const [status, actions] of Object.entries(BOUND_PLAN_STATUS_ACTIONS))
      expect(actions.length > 0).toBe(status === 'active' || status === 'to_be_activated');
    expect(canBoundPlan('active', 'disable')).toBe(true);
    expect(canBoundPlan('expired', 'cancel')).toBe(false);
  });

  it('discounts and credits: only a valid one can be reclaimed', () => {
    for (const [status, actions] of Object.entries(DISCOUNT_STATUS_ACTIONS))
      expect(actions).toEqual(status === 'valid' ? ['reclaim'] : []);
    for (const [status, actions] of Object.entries(CREDIT_STATUS_ACTIONS))
      expect(actions).toEqual(status === 'valid' ? ['reclaim'] : []);
    expect(canDiscount('valid', 'reclaim')).toBe(true);
    expect(canCredit('used_up', 'reclaim')).toBe(false);
  });

  it('has an audit type per billing object and the billing error codes', () => {
    for (const t of ['billing_invoice', 'billing_discount', 'billing_credit', 'billing_support_plan'])
      expect(AUDIT_TYPES).toContain(t);
    expect(errorCatalogue['billing.invoiceActionNotAllowed'].status).toBe(409);
    expect(errorCatalogue['billing.discountActionNotAllowed'].message).toBe('Only a valid discount can be reclaimed');
  });
});

describe('money (the rounding rule)', () => {
  it('rounds half away from zero, once', () => {
    expect(roundDiv(5n, 2n)).toBe(3n);
    expect(roundDiv(4n, 3n)).toBe(1n);
    expect(roundDiv(-5n, 2n)).toBe(-3n);
    expect(roundDiv(149n, 100n)).toBe(1n);
    expect(roundDiv(150n, 100n)).toBe(2n);
    expect(rateUsage(3, 1240, 100)).toBe(37); // 37.2
    expect(rateUsage(25, 2, 100)).toBe(1); // 0.5 → 1
    expect(fractionOfAmount(999, 150_000)).toBe(150); // 149.85
  });

  it('reads fractions as exact parts per million', () => {
    expect(toPpm(0.15)).toBe(150_000);
    expect(toPpm('0.090000')).toBe(90_000);
    expect(toPpm(0.1 + 0.2)).toBe(300_000);
    expect(toPpm(1)).toBe(1_000_000);
  });

  it('keeps the §9 month range and the AR month rule', () => {
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' });
    const now = Date.UTC(2026, 0, 15);
    expect(lastMonth(now)).toEqual({ year: 2025, month: 12 });
    expect(arMonthAllowed(2025, 12, now)).toBe(true);
    expect(arMonthAllowed(2026, 1, now)).toBe(false);
  });
});

describe('billing routes (spec §7)', () => {
  it('are all under the billing proxy prefix', () => {
    for (const d of Object.values(billingApi))
      expect(d.path.startsWith('/api/v1/devops/billing-proxy/api/v1/billing/')).toBe(true);
  });
});
