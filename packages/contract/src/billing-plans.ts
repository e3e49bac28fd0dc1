import { z } from 'zod';
import { CLOUD_PROVIDERS, UNLIMITED_QUOTA } from './constants.js';
import { listQuery, repeated } from './list.js';
import {
  BILLING_CONFIG_KINDS,
  BILLING_MESSAGES,
  BOUND_PLAN_STATUSES,
  CREDIT_TYPES,
  FX_BASES,
  FX_RATE_MIN,
  FX_TARGETS,
  MEASURE_UNITS,
  SUPPORT_LEVELS,
  SUPPORT_TYPES,
  UNIT_FILTER_QUICK_SELECTIONS,
  dayField,
  isIsoInstant,
  tenantIdField,
  utcToday,
} from './billing.js';

/*
 * Billing (issue 15), part 2 of 3: risk levels, unit filters and units, fx and tax rates, billing configs, support
 * plans and the plans bound to tenants.
 * The money model, messages and state machines are in billing.ts; the routes in billing-api.ts.
 */

// ---- risk levels ----------------------------------------------------------------------------------------------------

/** §3 Risk level: cost_quota.cost_quota_limit in cents, -1 = unlimited. */
export const creditRiskLevelSchema = z.object({
  credit_risk_level_id: z.string(),
  credit_risk_level_name: z.string(),
  description: z.string(),
  cost_quota: z.object({ cost_quota_limit: z.number().int() }),
  /** How many tenants are at this level. */
  tenant_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CreditRiskLevel = z.infer<typeof creditRiskLevelSchema>;

const quotaLimit = z
  .number({ error: BILLING_MESSAGES.limitPositive })
  .int()
  .refine((v) => v === UNLIMITED_QUOTA || v > 0, BILLING_MESSAGES.limitPositive);
const riskLevelName = z
  .string({ error: BILLING_MESSAGES.required })
  .trim()
  .min(1, BILLING_MESSAGES.required)
  .max(64, BILLING_MESSAGES.nameTooLong);
export const createRiskLevelBody = z.object({
  credit_risk_level_name: riskLevelName,
  description: z.string().trim().max(256).default(''),
  cost_quota: z.object({ cost_quota_limit: quotaLimit }),
});
export type CreateRiskLevelBody = z.input<typeof createRiskLevelBody>;
export const updateRiskLevelBody = z.object({
  credit_risk_level_name: riskLevelName,
  description: z.string().trim().max(256).default(''),
});
export type UpdateRiskLevelBody = z.input<typeof updateRiskLevelBody>;
export const updateCostQuotaBody = z.object({ cost_quota_limit: quotaLimit });
export type UpdateCostQuotaBody = z.input<typeof updateCostQuotaBody>;
export const riskLevelListQuery = listQuery(
  { search: z.string().trim().max(64).optional() },
  ['credit_risk_level_name', 'created_at'],
  'credit_risk_level_name',
);

/** A tenant's credit risk level and how its month-to-date cost stands against the level's quota. */
export const tenantRiskLevelSchema = z.object({
  tenant_id: z.string(),
  tenant_name: z.string(),
  credit_risk_level: creditRiskLevelSchema.nullable(),
  /** Rated usage of the running month so far, in cents. */
  month_to_date_cost: z.number().int(),
  /** True when the level's quota is not unlimited and the month-to-date cost exceeds it. */
  over_quota: z.boolean(),
});
export type TenantRiskLevel = z.infer<typeof tenantRiskLevelSchema>;
export const setTenantRiskLevelBody = z.object({
  /** null removes the tenant's level. */
  credit_risk_level_id: z.string().trim().min(1).max(40).nullable(),
});

// ---- unit filters, units, credit types ------------------------------------------------------------------------------

/**
 * One node of the unit-filter tree (the billing items discounts apply to), flat: `parent_id` null at the roots, `leaf`
 * for the categories usage is rated in (antd TreeSelect's simple mode takes it as it is).
 */
export const unitFilterSchema = z.object({
  filter_id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  leaf: z.boolean(),
});
export type UnitFilter = z.infer<typeof unitFilterSchema>;
export const unitFilterTreeResponse = z.object({ items: z.array(unitFilterSchema) });
export const quickSelectionSchema = z.object({
  name: z.enum(UNIT_FILTER_QUICK_SELECTIONS),
  description: z.string(),
  /** The leaf filter ids it selects. */
  filter_ids: z.array(z.string()),
});
export type QuickSelection = z.infer<typeof quickSelectionSchema>;
export const creditTypeSchema = z.object({
  credit_type: z.enum(CREDIT_TYPES),
  name: z.string(),
  description: z.string(),
});
export const creditTypesResponse = z.object({ items: z.array(creditTypeSchema) });

/**
 * A unit of the price list (§3 Unit): usage of `filter_id` on `provider`, priced `price_cents` per `price_per`
 * `measure_unit`s (e.g. 1 240 cents per 100 vCPU-hours = $0.124 per vCPU-hour).
 */
export const billingUnitSchema = z.object({
  unit: z.string(),
  name: z.string(),
  filter_id: z.string(),
  provider: z.enum(CLOUD_PROVIDERS),
  measure_unit: z.enum(MEASURE_UNITS),
  /** A normal unit's price; a threshold unit's first tier. */
  price_cents: z.number().int(),
  price_per: z.number().int(),
  price_type: z.enum(['normal', 'threshold']),
  beta_end_time: z.string().nullable(),
  /** The SKU group it was made from (billing-skus.ts). */
  group_id: z.string().nullable(),
  region: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  /** A threshold unit's tiers (volume pricing per tenant and month); null for a normal unit. */
  tiers: z.array(z.object({ from: z.number().int(), price: z.number().int() })).nullable(),
});
export type BillingUnit = z.infer<typeof billingUnitSchema>;
export const unitListQuery = listQuery(
  {
    provider: z.enum(CLOUD_PROVIDERS).optional(),
    filter_id: z.string().trim().max(100).optional(),
    group_id: z.string().trim().max(40).optional(),
  },
  ['unit'],
  'unit',
);

// ---- fx rates -------------------------------------------------------------------------------------------------------

/** §3 Exchange rate: base, target, value (4 decimals), date (the UTC day it applies from). */
export const fxRateSchema = z.object({
  base: z.enum(FX_BASES),
  target: z.enum(FX_TARGETS),
  value: z.number(),
  date: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type FxRate = z.infer<typeof fxRateSchema>;
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
export const fxRateListQuery = listQuery(
  {
    base: z.preprocess(upper, z.enum(FX_BASES)).default('USD'),
    target: z.preprocess(upper, z.enum(FX_TARGETS)).default('SGD'),
  },
  ['date'],
  '-date',
);
export type FxRateListQuery = z.input<typeof fxRateListQuery>;
/** Whether a rate has at most 4 decimals. */
export const fxRateDecimalsOk = (v: number): boolean => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6;
export const setFxRateBody = z.object({
  base: z.preprocess(upper, z.enum(FX_BASES)).default('USD'),
  target: z.preprocess(upper, z.enum(FX_TARGETS)).default('SGD'),
  value: z
    .number({ error: BILLING_MESSAGES.fxRateRequired })
    .min(FX_RATE_MIN, BILLING_MESSAGES.fxRateMin)
    .max(1_000_000)
    .refine(fxRateDecimalsOk, BILLING_MESSAGES.fxRateDecimals),
  /** The UTC day; not in the future (checked against the server's clock). */
  date: dayField(BILLING_MESSAGES.fxDateRequired).refine((d) => d <= utcToday(), BILLING_MESSAGES.fxDateFuture),
});
export type SetFxRateBody = z.input<typeof setFxRateBody>;

// ---- tax rates and billing configs ----------------------------------------------------------------------------------

/** §3 Invoice tax_rate: the rate as a fraction (0.09) and its display name ("GST 9%"). */
export const taxRateSchema = z.object({ rate: z.number(), display_name: z.string() });
export type TaxRate = z.infer<typeof taxRateSchema>;

/**
 * A billing config (§3 "Billing config for a customer"): how a tenant is billed from its effective date — directly,
 * or through a CPPO/MCPO reseller or an MSP (reseller id, payment codes) — with its tax rate. Invoices are per config
 * and month.
 */
export const billingConfigSchema = z.object({
  billing_config_id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  kind: z.enum(BILLING_CONFIG_KINDS),
  reseller_id: z.string().nullable(),
  payment_code: z.string().nullable(),
  /** CPPO only. */
  payment_sub_code: z.string().nullable(),
  currency: z.literal('USD'),
  effective_date: z.string(),
  expired_date: z.string().nullable(),
  tax_rate: taxRateSchema,
  created_by: z.string(),
  created_at: z.string(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** `POST tax_rates`: sets the tax rate of a tenant's current billing config (open invoices are re-rated). */
export const setTaxRateBody = z.object({
  tenant_id: tenantIdField,
  display_name: z
    .string({ error: BILLING_MESSAGES.displayNameRequired })
    .trim()
    .min(1, BILLING_MESSAGES.displayNameRequired)
    .max(64, BILLING_MESSAGES.nameTooLong),
  rate: z
    .number({ error: BILLING_MESSAGES.taxRateRange })
    .min(0, BILLING_MESSAGES.taxRateRange)
    .max(1, BILLING_MESSAGES.taxRateRange),
});
export type SetTaxRateBody = z.input<typeof setTaxRateBody>;
export const taxRateResponse = z.object({ billing_config: billingConfigSchema });

// ---- support plans --------------------------------------------------------------------------------------------------

/** A tier of a tiered plan: usage cents in [lower_bound, upper_bound) are charged the percentage; null = unlimited. */
export const tieredPriceRuleSchema = z.object({
  lower_bound: z.number().int(),
  upper_bound: z.number().int().nullable(),
  /** A fraction (0.1 = 10 %). */
  support_price_percentage: z.number(),
});
export type TieredPriceRule = z.infer<typeof tieredPriceRuleSchema>;

/**
 * A support plan's terms (§3): the public ones are the catalogue; a private one belongs to one tenant (its custom
 * terms). fixed_charge_price is the minimum monthly cost, in cents. The support charge of a month is:
 * fixed_price → fixed_charge_price; percentage_price → max(fixed_charge_price, percentage × (usage − discounts));
 * tiered_price → max(fixed_charge_price, Σ tier percentage × the part of (usage − discounts) in the tier).
 */
export const supportPlanSchema = z.object({
  support_plan_id: z.string(),
  name: z.string(),
  level: z.enum(SUPPORT_LEVELS),
  type: z.enum(SUPPORT_TYPES),
  fixed_charge_price: z.number().int(),
  support_price_percentage: z.number().nullable(),
  tiered_price_rules: z.array(tieredPriceRuleSchema),
  is_public: z.boolean(),
  /** The tenant of a private plan; null for a public one. */
  tenant_id: z.string().nullable(),
  /** Bound plans using it (not cancelled or disabled, not expired). */
  binding_count: z.number().int(),
  updated_at: z.string(),
});
export type SupportPlan = z.infer<typeof supportPlanSchema>;

/** A tenant's bound plan (§3 binded_support_plan_id, active_date, expired_date, status) with its plan's terms. */
export const boundSupportPlanSchema = supportPlanSchema
  .omit({ binding_count: true, updated_at: true, tenant_id: true })
  .extend({
    binded_support_plan_id: z.string(),
    tenant_id: z.string(),
    tenant_name: z.string(),
    active_date: z.string(),
    expired_date: z.string().nullable(),
    status: z.enum(BOUND_PLAN_STATUSES),
    created_by: z.string(),
    created_at: z.string(),
    /** Who cancelled or disabled it, and when. */
    ended_by: z.string().nullable(),
    ended_at: z.string().nullable(),
  });
export type BoundSupportPlan = z.infer<typeof boundSupportPlanSchema>;
export const boundPlanResponse = z.object({ binded_support_plan: boundSupportPlanSchema.nullable() });

/** The §5 rules of a plan's terms, as field issues (shared by the server's schema and usable by a form). */
export function supportTermsProblems(t: {
  type?: string | null;
  support_price_percentage?: number | null;
  tiered_price_rules?: readonly { lower_bound?: number | null; upper_bound?: number | null }[] | null;
}): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  if (
    t.type === 'percentage_price' &&
    (t.support_price_percentage === null || t.support_price_percentage === undefined)
  )
    out.push({ path: ['support_price_percentage'], message: BILLING_MESSAGES.percentageRequired });
  if (t.type === 'tiered_price') {
    const tiers = t.tiered_price_rules ?? [];
    if (!tiers.length) out.push({ path: ['tiered_price_rules'], message: BILLING_MESSAGES.tiersRequired });
    let from = 0;
    tiers.forEach((tier, i) => {
      const last = i === tiers.length - 1;
      if (tier.lower_bound !== from)
        out.push({ path: ['tiered_price_rules', i, 'lower_bound'], message: BILLING_MESSAGES.tierFromFixed });
      const to = tier.upper_bound;
      if (last && to !== null && to !== undefined)
        out.push({ path: ['tiered_price_rules', i, 'upper_bound'], message: BILLING_MESSAGES.lastTierToEmpty });
      if (!last && (to === null || to === undefined))
        out.push({ path: ['tiered_price_rules', i, 'upper_bound'], message: BILLING_MESSAGES.tierToRequired });
      if (to !== null && to !== undefined && to <= (tier.lower_bound ?? from))
        out.push({ path: ['tiered_price_rules', i, 'upper_bound'], message: BILLING_MESSAGES.tierToAboveFrom });
      from = to ?? from;
    });
  }
  return out;
}

const percentageFraction = z
  .number({ error: BILLING_MESSAGES.percentageRequired })
  .min(0, BILLING_MESSAGES.percentageRange)
  .max(1, BILLING_MESSAGES.percentageRange);
const supportTermsShape = {
  level: z.enum(SUPPORT_LEVELS, { error: BILLING_MESSAGES.levelRequired }),
  type: z.enum(SUPPORT_TYPES, { error: BILLING_MESSAGES.typeRequired }),
  /** Minimum monthly cost in cents (§5: min 0, step 0.01 dollars). */
  fixed_charge_price: z
    .number({ error: BILLING_MESSAGES.minimumCostRequired })
    .int()
    .min(0, BILLING_MESSAGES.minimumCostMin)
    .max(Number.MAX_SAFE_INTEGER),
  support_price_percentage: percentageFraction.nullable().default(null),
  tiered_price_rules: z
    .array(
      z.object({
        lower_bound: z.number().int().min(0),
        upper_bound: z.number().int().nullable().default(null),
        support_price_percentage: percentageFraction,
      }),
    )
    .max(20)
    .default([]),
};
const addIssues = (
  ctx: { addIssue: (i: { code: 'custom'; message: string; path: (string | number)[] }) => void },
  issues: { path: (string | number)[]; message: string }[],
) => issues.forEach((i) => ctx.addIssue({ code: 'custom', message: i.message, path: i.path }));

/** `PUT support_plan/:id`: a plan's terms (a public plan's change reaches every tenant on it). */
export const updateSupportPlanBody = z
  .object({ name: z.string().trim().min(1).max(64).optional(), ...supportTermsShape })
  .superRefine((b, ctx) => addIssues(ctx, supportTermsProblems(b)));
export type UpdateSupportPlanBody = z.input<typeof updateSupportPlanBody>;

/** The §5 date rules of a plan binding: start required and not in the past, end (optional) after the start. */
export function supportDatesProblems(
  d: { active_date?: string | null; expired_date?: string | null },
  now: Date | number = Date.now(),
): { path: string[]; message: string }[] {
  const out: { path: string[]; message: string }[] = [];
  if (!d.active_date) return [{ path: ['active_date'], message: BILLING_MESSAGES.startDateRequired }];
  const start = Date.parse(d.active_date);
  if (Number.isNaN(start)) return out;
  if (d.active_date.slice(0, 10) < utcToday(now))
    out.push({ path: ['active_date'], message: BILLING_MESSAGES.startDateInPast });
  if (d.expired_date && !(Date.parse(d.expired_date) > start))
    out.push({ path: ['expired_date'], message: BILLING_MESSAGES.supportEndAfterStart });
  return out;
}

/**
 * `POST binded_support_plan/private`: binds a plan to a tenant from `active_date` (T00:00:00Z) until `expired_date`
 * (T23:59:59Z, optional: open-ended): a new private plan with these terms, or the public plan `support_plan_id`
 * (its terms then come from the catalogue and the ones given are ignored). The tenant's current plan ends where this
 * one starts; one still to be activated must be cancelled first.
 */
export const addBoundPlanBody = z
  .object({
    tenant_id: tenantIdField,
    support_plan_id: z.string().trim().min(1).max(40).optional(),
    ...supportTermsShape,
    active_date: z
      .string({ error: BILLING_MESSAGES.startDateRequired })
      .trim()
      .min(1, BILLING_MESSAGES.startDateRequired),
    expired_date: z.string().trim().nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.active_date && !isIsoInstant(b.active_date))
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.invalidInstant, path: ['active_date'] });
    if (b.expired_date && !isIsoInstant(b.expired_date))
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.invalidInstant, path: ['expired_date'] });
    if (!b.support_plan_id) addIssues(ctx, supportTermsProblems(b));
    // A missing start is the field's own issue already.
    if (b.active_date) addIssues(ctx, supportDatesProblems(b));
  });
export type AddBoundPlanBody = z.input<typeof addBoundPlanBody>;

export const supportPlanListQuery = listQuery(
  {
    /** "true": the public catalogue only; "false": private plans only. */
    is_public: z.enum(['true', 'false']).optional(),
    tenant_id: z.string().trim().max(64).optional(),
    level: repeated(z.enum(SUPPORT_LEVELS)),
    type: repeated(z.enum(SUPPORT_TYPES)),
  },
  ['name', 'level', 'updated_at'],
  'level',
);
export type SupportPlanListQuery = z.input<typeof supportPlanListQuery>;
export const boundPlanListQuery = listQuery(
  {
    tenant_id: z.string().trim().max(64).optional(),
    status: repeated(z.enum(BOUND_PLAN_STATUSES)),
    level: repeated(z.enum(SUPPORT_LEVELS)),
  },
  ['active_date', 'tenant_name', 'created_at'],
  '-active_date',
);
export type BoundPlanListQuery = z.input<typeof boundPlanListQuery>;
export const tenantQuery = z.object({ tenant_id: tenantIdField });
