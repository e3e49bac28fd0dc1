import { z } from 'zod';
import { CLOUD_PROVIDERS, UNLIMITED_QUOTA } from './constants.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Billing (issue 15; spec §2 /business, §3 Invoice, Risk level, Support plan, Exchange rate, Discount, §4 Support plan
 * and Discount, §5 Billing, §7 Billing, §9 Money): the money model and the /business page's API. Routes are in
 * billing-api.ts (`billingApi`). Money is integer cents everywhere (database and API); percentages are fractions
 * (15 % → 0.15); instants are ISO 8601 UTC strings, start times at T00:00:00Z and end times at T23:59:59Z (§9).
 */

/** Every §7 Billing path starts here. */
export const BILLING_PREFIX = '/api/v1/devops/billing-proxy/api/v1/billing';

// ---- money: the rounding rule (stated once) -------------------------------------------------------------------------

/**
 * THE ROUNDING RULE. Every amount is an integer number of cents. An amount computed from a quantity, a price or a
 * fraction is computed exactly (integers: fractions as parts per million) and rounded to a whole cent ONCE, half away
 * from zero, where it is computed: each rated usage line (quantity × unit price), each invoice category's discount
 * (category amount × percent off × covered days / days of the month), the support charge, the tax. Sums are sums of
 * rounded amounts, so an invoice's total is exactly the sum of the lines it shows and the AR table adds up to the
 * cent.
 */
export const BILLING_ROUNDING = 'half-away-from-zero, to a whole cent, once per computed amount' as const;

/** numerator / denominator rounded half away from zero (exact integer arithmetic). */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const neg = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return neg ? -q : q;
}

/** One million: fractions are computed as integer parts per million. */
export const PPM = 1_000_000;

/** A fraction (0.15, or its decimal text "0.150000") → integer parts per million, exactly (≤ 6 decimals). */
export function toPpm(fraction: number | string): number {
  const text = typeof fraction === 'number' ? fraction.toFixed(6) : fraction.trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,6})\d*)?$/.exec(text);
  if (!m) throw new RangeError(`not a fraction: ${text}`);
  const value = Number(m[2]) * PPM + Number((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -value : value;
}

/** Rated usage: quantity × (price_cents per `per` units), rounded once (the rounding rule). */
export function rateUsage(quantity: number, priceCents: number, per: number): number {
  return Number(roundDiv(BigInt(quantity) * BigInt(priceCents), BigInt(per)));
}

/** amount × fraction (given in parts per million), rounded once. */
export function fractionOfAmount(cents: number, ppm: number): number {
  return Number(roundDiv(BigInt(cents) * BigInt(ppm), BigInt(PPM)));
}

/** The percent off a discount (a price multiplier, 0.85) gives: 15. */
export function percentOffOf(discount: number): number {
  return Number(((1 - discount) * 100).toFixed(4));
}

/** Whether a number has at most `digits` significant digits (the discount rule). */
export function hasSignificantDigits(value: number, digits: number): boolean {
  return value === 0 || Number(value.toPrecision(digits)) === value;
}

// ---- dates (§9) -----------------------------------------------------------------------------------------------------

/** "2026-10-01" → "2026-10-01T00:00:00Z": how effective and start times are sent. */
export const startOfDay = (day: string): string => `${day.slice(0, 10)}T00:00:00Z`;
/** "2026-10-31" → "2026-10-31T23:59:59Z": how end times are sent. */
export const endOfDay = (day: string): string => `${day.slice(0, 10)}T23:59:59Z`;

/** §9: an invoice month runs from the month start to the next month start, in UTC. `month` is 1–12. */
export function monthRange(year: number, month: number): { from: string; to: string } {
  return {
    from: new Date(Date.UTC(year, month - 1, 1)).toISOString(),
    to: new Date(Date.UTC(year, month, 1)).toISOString(),
  };
}

/** "2026-10" for a year and month (1–12). */
export const monthKey = (year: number, month: number): string => `${year}-${String(month).padStart(2, '0')}`;

/** The last month before `now`'s month (UTC): the latest month the AR table may be downloaded for (§5). */
export function lastMonth(now: Date | number = Date.now()): { year: number; month: number } {
  const d = new Date(now);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1 };
}

/** Whether an AR table month is allowed: not after last month (§5). */
export function arMonthAllowed(year: number, month: number, now: Date | number = Date.now()): boolean {
  const last = lastMonth(now);
  return year * 12 + month <= last.year * 12 + last.month;
}

/** Today in UTC, "YYYY-MM-DD". */
export const utcToday = (now: Date | number = Date.now()): string => new Date(now).toISOString().slice(0, 10);

// ---- constants (§9) -------------------------------------------------------------------------------------------------

/** §9: the risk level list refreshes every 120 000 ms. */
export const RISK_LEVEL_REFRESH_MS = 120_000;
/** §9: the discount create request times out after 15 000 ms. */
export const DISCOUNT_CREATE_TIMEOUT_MS = 15_000;
/** §5: notes are at most 128 characters. */
export const BILLING_NOTE_MAX = 128;
/** §5: the exchange rate's minimum and decimals. */
export const FX_RATE_MIN = 0.0001;
export const FX_RATE_DECIMALS = 4;
export const FX_BASES = ['USD'] as const;
export const FX_TARGETS = ['SGD'] as const;
/** Approvals: credits and discounts worth more than this many cents wait for an approval unless configured otherwise
 * (BILLING_APPROVAL_THRESHOLD_CENTS on the server: $10,000.00 by default). */
export const DEFAULT_BILLING_APPROVAL_THRESHOLD_CENTS = 1_000_000;

// ---- messages -------------------------------------------------------------------------------------------------------

/** Every message of the area, shown by the forms and answered by the server alike; the §5/§8 ones verbatim. */
export const BILLING_MESSAGES = {
  /** §5 risk level: the name. */
  required: 'required',
  /** §5 risk level: a quota limit that is not unlimited. */
  limitPositive: 'Limit should be greater than 0',
  /** §5 support plan. */
  lastTierToEmpty: 'The to value for last tier should be empty',
  startDateRequired: 'Start Date is required.',
  supportEndAfterStart: 'End Date should be greater than Start Date.',
  /** §5 Add Discount (no full stop, as the spec writes it). */
  discountEndAfterStart: 'End Date should be greater than Start Date',
  noteTooLong: 'Should be less than 128 characters',
  /** §8: support plan disable failure without a server message. */
  cancelFailed: 'Cancel Failed',
  /** §8 success messages used by the page. */
  created: 'Create successful!',
  saved: 'Save successful!',
  // ---- where the spec quotes no message (the portal's own wording) ----
  levelRequired: 'Please select a support level',
  typeRequired: 'Please select a support type',
  minimumCostRequired: 'Please input the minimum monthly cost',
  minimumCostMin: 'The minimum monthly cost cannot be negative',
  percentageRequired: 'Please input the support percentage',
  percentageRange: 'The percentage should be between 0 and 100',
  tiersRequired: 'Please add at least one tier',
  tierFromFixed: "A tier's from value is the previous tier's to value (0 for the first tier)",
  tierToRequired: 'The to value is required for every tier but the last',
  tierToAboveFrom: 'The to value should be greater than the from value',
  startDateInPast: 'Start Date cannot be in the past.',
  endDateRequired: 'End Date is required.',
  unitFiltersRequired: 'Please select unit filters',
  usageRequired: 'Please select a usage',
  customersRequired: 'Please select at least one customer',
  discountRequired: 'Please input the discount',
  discountRange: 'The percent off should be between 0 and 100',
  discountDigits: 'The discount has at most 4 significant digits',
  startRequired: 'Start Date is required',
  endRequired: 'End Date is required',
  fxRateRequired: 'Please input the exchange rate',
  fxRateMin: `The exchange rate should be at least ${FX_RATE_MIN}`,
  fxRateDecimals: `The exchange rate has at most ${FX_RATE_DECIMALS} decimals`,
  fxDateRequired: 'Please select the date',
  fxDateFuture: 'The date cannot be in the future',
  arMonthAfterLast: 'The month cannot be after last month',
  amountPositive: 'The amount should be greater than 0',
  creditTypeRequired: 'Please select a credit type',
  tenantRequired: 'Please select a tenant',
  taxRateRange: 'The tax rate should be between 0 and 100',
  displayNameRequired: 'Please input the display name',
  nameTooLong: 'Should be less than 64 characters',
  /** A date or time field that is not one. */
  invalidDate: 'an ISO 8601 date, e.g. 2026-10-01',
  invalidInstant: 'an ISO 8601 time, e.g. 2026-10-01T00:00:00Z',
} as const;

// ---- enumerations ---------------------------------------------------------------------------------------------------

/** §3/§9 support levels; basic is the fixed-price one. */
export const SUPPORT_LEVELS = ['basic', 'developer', 'standard', 'enterprise', 'premium'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];
/** §9: the levels the forms offer, and the default. */
export const SELECTABLE_SUPPORT_LEVELS = ['developer', 'enterprise', 'premium'] as const satisfies SupportLevel[];
export const DEFAULT_SUPPORT_LEVEL: SupportLevel = 'enterprise';
export const SUPPORT_LEVEL_LABELS: Record<SupportLevel, string> = {
  basic: 'Basic',
  developer: 'Developer',
  standard: 'Standard',
  enterprise: 'Enterprise',
  premium: 'Premium',
};
export const SUPPORT_TYPES = ['fixed_price', 'percentage_price', 'tiered_price'] as const;
export type SupportType = (typeof SUPPORT_TYPES)[number];
/** §9: an MSP allows only fixed and percentage. */
export const MSP_SUPPORT_TYPES = ['fixed_price', 'percentage_price'] as const satisfies SupportType[];

/** §3 discount usages; §9: Add Discount offers commitment_plan, pre_paid, program (cppo for CPPO customers). */
export const DISCOUNT_USAGES = ['cppo', 'mcpo', 'commitment_plan', 'pre_paid', 'program'] as const;
export type DiscountUsage = (typeof DISCOUNT_USAGES)[number];
export const DISCOUNT_USAGE_OPTIONS = ['commitment_plan', 'pre_paid', 'program'] as const satisfies DiscountUsage[];
/** The provider a discount covers: every one (`all`) or one of these (§ issue: all/AWS/GCP/AZURE). */
export const DISCOUNT_PROVIDERS = ['all', 'AWS', 'GCP', 'AZURE'] as const;
export type DiscountProvider = (typeof DISCOUNT_PROVIDERS)[number];
/** §9 preset discount descriptions, each with the unit-filter quick selection it fills in. */
export const DISCOUNT_PRESETS = [
  { description: 'Commitment Plan Default Discount', quick_selection: 'commitment_plan_default' },
  { description: 'Cross AZ Traffic Saving Program', quick_selection: 'cross_az_traffic_saving' },
  { description: 'DM Program', quick_selection: 'dm_program' },
] as const;
export const UNIT_FILTER_QUICK_SELECTIONS = [
  'commitment_plan_default',
  'cross_az_traffic_saving',
  'dm_program',
  'all',
] as const;
export type UnitFilterQuickSelection = (typeof UNIT_FILTER_QUICK_SELECTIONS)[number];

/** Credit types (`GET credit_types`). */
export const CREDIT_TYPES = ['promotional', 'compensation', 'prepaid', 'marketplace'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];

export const BILLING_CONFIG_KINDS = ['direct', 'cppo', 'mcpo', 'msp'] as const;
export type BillingConfigKind = (typeof BILLING_CONFIG_KINDS)[number];

export const INVOICE_KINDS = ['usage', 'commitment'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** How usage is measured: vCPU-hours, GiB-months, GiB, million request units, node-hours. */
export const MEASURE_UNITS = ['vcpu_hour', 'gib_month', 'gib', 'million_ru', 'node_hour'] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

// ---- state machines (§4) --------------------------------------------------------------------------------------------

/**
 * Invoices: `draft` while its month is still running (re-rated as usage, discounts and plans change; nothing to do
 * yet); `unconfirmed` once the month ended (still re-rated; confirm or suspend); `confirmed` is final (credits are
 * applied, it counts in the AR table; corrections go through credits); `suspended` is held back from the customer
 * (frozen; confirm it later).
 */
export const INVOICE_STATUSES = ['draft', 'unconfirmed', 'confirmed', 'suspended'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_ACTIONS = ['confirm', 'suspend'] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];
export const INVOICE_STATUS_ACTIONS: Record<InvoiceStatus, readonly InvoiceAction[]> = {
  draft: [],
  unconfirmed: ['confirm', 'suspend'],
  confirmed: [],
  suspended: ['confirm'],
};
/** Statuses whose amounts are recomputed when usage, discounts, support plans or tax change. */
export const RERATED_INVOICE_STATUSES = ['draft', 'unconfirmed'] as const satisfies InvoiceStatus[];
export const canInvoice = (status: string, action: InvoiceAction): boolean =>
  INVOICE_STATUS_ACTIONS[status as InvoiceStatus]?.includes(action) ?? false;
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'default',
  unconfirmed: 'warning',
  confirmed: 'success',
  suspended: 'error',
};

/**
 * A tenant's bound support plan (§3 status: active, to_be_activated, others; §4: an active or to_be_activated plan can
 * be disabled or cancelled). `to_be_activated` before its active date, `active` until its expired date, then
 * `expired`. Cancel ends it now (what it covered until now stays charged); disable voids it (no invoice still open
 * charges it). The status is derived from the dates when read.
 */
export const BOUND_PLAN_STATUSES = ['to_be_activated', 'active', 'expired', 'cancelled', 'disabled'] as const;
export type BoundPlanStatus = (typeof BOUND_PLAN_STATUSES)[number];
export const BOUND_PLAN_ACTIONS = ['cancel', 'disable'] as const;
export type BoundPlanAction = (typeof BOUND_PLAN_ACTIONS)[number];
export const BOUND_PLAN_STATUS_ACTIONS: Record<BoundPlanStatus, readonly BoundPlanAction[]> = {
  to_be_activated: ['cancel', 'disable'],
  active: ['cancel', 'disable'],
  expired: [],
  cancelled: [],
  disabled: [],
};
export const canBoundPlan = (status: string, action: BoundPlanAction): boolean =>
  BOUND_PLAN_STATUS_ACTIONS[status as BoundPlanStatus]?.includes(action) ?? false;

/**
 * Discounts: `approving` while worth more than the approval threshold and not yet approved; `valid` once in force
 * (also before its start date); `expired` after its end (derived when read); `reclaimed` when taken back (§4: only a
 * valid discount can be reclaimed); `rejected` when its approval was.
 */
export const DISCOUNT_STATUSES = ['approving', 'valid', 'expired', 'reclaimed', 'rejected'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
export const DISCOUNT_ACTIONS = ['reclaim'] as const;
export type DiscountAction = (typeof DISCOUNT_ACTIONS)[number];
export const DISCOUNT_STATUS_ACTIONS: Record<DiscountStatus, readonly DiscountAction[]> = {
  approving: [],
  valid: ['reclaim'],
  expired: [],
  reclaimed: [],
  rejected: [],
};
export const canDiscount = (status: string, action: DiscountAction): boolean =>
  DISCOUNT_STATUS_ACTIONS[status as DiscountStatus]?.includes(action) ?? false;

/** Global discounts (every tenant): `valid`, `expired` after the end (derived), `deleted`. Admin-only. */
export const GLOBAL_DISCOUNT_STATUSES = ['valid', 'expired', 'deleted'] as const;
export type GlobalDiscountStatus = (typeof GLOBAL_DISCOUNT_STATUSES)[number];
export const GLOBAL_DISCOUNT_STATUS_ACTIONS: Record<GlobalDiscountStatus, readonly 'delete'[]> = {
  valid: ['delete'],
  expired: [],
  deleted: [],
};
export const canGlobalDiscount = (status: string, action: 'delete'): boolean =>
  GLOBAL_DISCOUNT_STATUS_ACTIONS[status as GlobalDiscountStatus]?.includes(action) ?? false;

/**
 * Credits: `approving` above the approval threshold; `valid` with a balance (applied to invoices as they are
 * confirmed, soonest-expiring first); `used_up` at a zero balance, `expired` after its end (both derived when read);
 * `reclaimed` when its balance was taken back; `rejected` when its approval was.
 */
export const CREDIT_STATUSES = ['approving', 'valid', 'used_up', 'expired', 'reclaimed', 'rejected'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const CREDIT_ACTIONS = ['reclaim'] as const;
export type CreditAction = (typeof CREDIT_ACTIONS)[number];
export const CREDIT_STATUS_ACTIONS: Record<CreditStatus, readonly CreditAction[]> = {
  approving: [],
  valid: ['reclaim'],
  used_up: [],
  expired: [],
  reclaimed: [],
  rejected: [],
};
export const canCredit = (status: string, action: CreditAction): boolean =>
  CREDIT_STATUS_ACTIONS[status as CreditStatus]?.includes(action) ?? false;

// ---- shared field schemas -------------------------------------------------------------------------------------------

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
/** A UTC day "YYYY-MM-DD" that exists. */
export const isIsoDay = (s: string): boolean =>
  ISO_DAY.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
export const isIsoInstant = (s: string): boolean => ISO_INSTANT.test(s) && !Number.isNaN(Date.parse(s));

/** A required ISO instant ("2026-10-01T00:00:00Z"), its message when missing. */
const instantField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((s) => s === '' || isIsoInstant(s), BILLING_MESSAGES.invalidInstant);
const dayField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((s) => s === '' || isIsoDay(s), BILLING_MESSAGES.invalidDate);
const tenantIdField = z
  .string({ error: BILLING_MESSAGES.tenantRequired })
  .trim()
  .min(1, BILLING_MESSAGES.tenantRequired)
  .max(64);
const noteField = z.string().trim().max(BILLING_NOTE_MAX, BILLING_MESSAGES.noteTooLong);

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
  price_cents: z.number().int(),
  price_per: z.number().int(),
  price_type: z.enum(['normal', 'threshold']),
  beta_end_time: z.string().nullable(),
});
export type BillingUnit = z.infer<typeof billingUnitSchema>;
export const unitListQuery = listQuery(
  { provider: z.enum(CLOUD_PROVIDERS).optional(), filter_id: z.string().trim().max(100).optional() },
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

// ---- discounts ------------------------------------------------------------------------------------------------------

export const discountUnitFilterSchema = z.object({ filter_id: z.string(), name: z.string() });
export const discountCustomerSchema = z.object({ tenant_id: z.string(), tenant_name: z.string() });

/** §3 Discount. `discount` is the price multiplier (0.85 = 15 % off). */
export const discountSchema = z.object({
  discount_sid: z.string(),
  discount_code: z.string(),
  status: z.enum(DISCOUNT_STATUSES),
  provider: z.enum(DISCOUNT_PROVIDERS),
  unit_filters: z.array(discountUnitFilterSchema),
  description: z.string(),
  discount: z.number(),
  started_at: z.string(),
  expired_at: z.string(),
  usage: z.enum(DISCOUNT_USAGES),
  note: z.string(),
  customers: z.array(discountCustomerSchema),
  /** What it is worth a month: percent off × its customers' matching usage of their latest billed month (cents). */
  estimated_monthly_value: z.number().int(),
  approval_id: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  reclaimed_by: z.string().nullable(),
  reclaimed_at: z.string().nullable(),
});
export type Discount = z.infer<typeof discountSchema>;
export const discountResponse = z.object({ discount: discountSchema });

const unitFiltersField = z
  .array(z.string().trim().min(1).max(100), { error: BILLING_MESSAGES.unitFiltersRequired })
  .min(1, BILLING_MESSAGES.unitFiltersRequired)
  .max(100);
const discountField = z
  .number({ error: BILLING_MESSAGES.discountRequired })
  .min(0, BILLING_MESSAGES.discountRange)
  .max(1, BILLING_MESSAGES.discountRange)
  .refine((v) => v < 1, BILLING_MESSAGES.discountRange)
  .refine((v) => hasSignificantDigits(v, 4), BILLING_MESSAGES.discountDigits);
const endAfterStart =
  (message: string, startKey: string, endKey: string) =>
  (b: Record<string, unknown>, ctx: { addIssue: (i: { code: 'custom'; message: string; path: string[] }) => void }) => {
    const s = b[startKey];
    const e = b[endKey];
    if (
      typeof s === 'string' &&
      typeof e === 'string' &&
      isIsoInstant(s) &&
      isIsoInstant(e) &&
      !(Date.parse(e) > Date.parse(s))
    )
      ctx.addIssue({ code: 'custom', message, path: [endKey] });
  };

/** §5 Add Discount. */
export const createDiscountBody = z
  .object({
    customers: z
      .array(z.string().trim().min(1).max(64), { error: BILLING_MESSAGES.customersRequired })
      .min(1, BILLING_MESSAGES.customersRequired)
      .max(200),
    unit_filters: unitFiltersField,
    usage: z.enum(DISCOUNT_USAGES, { error: BILLING_MESSAGES.usageRequired }),
    provider: z.enum(DISCOUNT_PROVIDERS).default('all'),
    description: z.string().trim().max(256).default(''),
    discount: discountField,
    started_at: instantField(BILLING_MESSAGES.startRequired),
    expired_at: instantField(BILLING_MESSAGES.endRequired),
    note: noteField.default(''),
  })
  .superRefine(endAfterStart(BILLING_MESSAGES.discountEndAfterStart, 'started_at', 'expired_at'));
export type CreateDiscountBody = z.input<typeof createDiscountBody>;
export const discountListQuery = listQuery(
  {
    status: repeated(z.enum(DISCOUNT_STATUSES)),
    usage: repeated(z.enum(DISCOUNT_USAGES)),
    tenant_id: z.string().trim().max(64).optional(),
    provider: z.enum(DISCOUNT_PROVIDERS).optional(),
    /** Matches the code, description or note (case-insensitive substring). */
    search: z.string().trim().max(100).optional(),
  },
  ['created_at', 'started_at', 'expired_at'],
  '-created_at',
);
export type DiscountListQuery = z.input<typeof discountListQuery>;

/** A discount on every tenant's usage (a program), admin-only. */
export const globalDiscountSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(GLOBAL_DISCOUNT_STATUSES),
  provider: z.enum(DISCOUNT_PROVIDERS),
  unit_filters: z.array(discountUnitFilterSchema),
  discount: z.number(),
  started_at: z.string(),
  expired_at: z.string(),
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  deleted_by: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
export type GlobalDiscount = z.infer<typeof globalDiscountSchema>;
export const createGlobalDiscountBody = z
  .object({
    name: z
      .string({ error: BILLING_MESSAGES.required })
      .trim()
      .min(1, BILLING_MESSAGES.required)
      .max(128, BILLING_MESSAGES.noteTooLong),
    provider: z.enum(DISCOUNT_PROVIDERS).default('all'),
    unit_filters: unitFiltersField,
    discount: discountField,
    started_at: instantField(BILLING_MESSAGES.startRequired),
    expired_at: instantField(BILLING_MESSAGES.endRequired),
    note: noteField.default(''),
  })
  .superRefine(endAfterStart(BILLING_MESSAGES.discountEndAfterStart, 'started_at', 'expired_at'));
export type CreateGlobalDiscountBody = z.input<typeof createGlobalDiscountBody>;
export const globalDiscountListQuery = listQuery(
  { status: repeated(z.enum(GLOBAL_DISCOUNT_STATUSES)) },
  ['created_at', 'started_at'],
  '-created_at',
);
export const globalDiscountIdQuery = z.object({ id: z.string().trim().min(1).max(40) });
export const globalDiscountResponse = z.object({ global_discount: globalDiscountSchema });

// ---- credits --------------------------------------------------------------------------------------------------------

export const creditSchema = z.object({
  credit_id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  credit_type: z.enum(CREDIT_TYPES),
  /** Granted, and what is left (cents). */
  amount: z.number().int(),
  balance: z.number().int(),
  effective_at: z.string(),
  expired_at: z.string(),
  status: z.enum(CREDIT_STATUSES),
  note: z.string(),
  approval_id: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  reclaimed_by: z.string().nullable(),
  reclaimed_at: z.string().nullable(),
  /** The balance taken back by the reclaim. */
  reclaimed_amount: z.number().int().nullable(),
});
export type Credit = z.infer<typeof creditSchema>;
export const creditResponse = z.object({ credit: creditSchema });
export const createCreditBody = z
  .object({
    tenant_id: tenantIdField,
    credit_type: z.enum(CREDIT_TYPES, { error: BILLING_MESSAGES.creditTypeRequired }),
    amount: z
      .number({ error: BILLING_MESSAGES.amountPositive })
      .int()
      .min(1, BILLING_MESSAGES.amountPositive)
      .max(Number.MAX_SAFE_INTEGER),
    effective_at: instantField(BILLING_MESSAGES.startRequired),
    expired_at: instantField(BILLING_MESSAGES.endRequired),
    note: noteField.default(''),
  })
  .superRefine(endAfterStart(BILLING_MESSAGES.discountEndAfterStart, 'effective_at', 'expired_at'));
export type CreateCreditBody = z.input<typeof createCreditBody>;
export const creditListQuery = listQuery(
  {
    tenant_id: z.string().trim().max(64).optional(),
    status: repeated(z.enum(CREDIT_STATUSES)),
    credit_type: repeated(z.enum(CREDIT_TYPES)),
  },
  ['created_at', 'expired_at', 'amount'],
  '-created_at',
);
export type CreditListQuery = z.input<typeof creditListQuery>;

// ---- invoices -------------------------------------------------------------------------------------------------------

/** One row of §3 category_unit_costs: a unit's usage of the month, what it costs and the discount on it (cents). */
export const categoryUnitCostSchema = z.object({
  filter_id: z.string(),
  category: z.string(),
  provider: z.string(),
  unit: z.string(),
  measure_unit: z.string(),
  quantity: z.number().int(),
  price_cents: z.number().int(),
  price_per: z.number().int(),
  /** Rated usage (the sum of its rounded lines), the discount on it, and what remains. */
  amount: z.number().int(),
  discount_amount: z.number().int(),
  net_amount: z.number().int(),
  lines: z.number().int(),
});
export type CategoryUnitCost = z.infer<typeof categoryUnitCostSchema>;
/** One row of §3 label_unit_costs.project: a project's rated usage of the month (before discounts). */
export const projectUnitCostSchema = z.object({
  project_id: z.string(),
  project_name: z.string(),
  amount: z.number().int(),
});
/** A discount as applied to an invoice. */
export const appliedDiscountSchema = z.object({
  discount_sid: z.string(),
  kind: z.enum(['discount', 'global']),
  description: z.string(),
  discount: z.number(),
  amount: z.number().int(),
});

/**
 * §3 Invoice: per billing config and month (usage) or per commitment. total_amount = usage_amount − discount_amount +
 * support_amount + tax_amount; amount_due = total_amount − credits_applied. cost_price is the usage at list prices.
 * The detail adds category_unit_costs and label_unit_costs (null in a brief list).
 */
export const invoiceSchema = z.object({
  invoice_id: z.string(),
  invoice_number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  tenant_id: z.string(),
  tenant_name: z.string(),
  status: z.enum(INVOICE_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  currency: z.literal('USD'),
  binded_billing_config_id: z.string(),
  cost_price: z.number().int(),
  usage_amount: z.number().int(),
  discount_amount: z.number().int(),
  support_amount: z.number().int(),
  tax_rate: taxRateSchema,
  tax_amount: z.number().int(),
  total_amount: z.number().int(),
  credits_applied: z.number().int(),
  amount_due: z.number().int(),
  description: z.string(),
  /** The support plan charged (level and type), null when none. */
  support_plan: z
    .object({ binded_support_plan_id: z.string(), level: z.enum(SUPPORT_LEVELS), type: z.enum(SUPPORT_TYPES) })
    .nullable(),
  discounts: z.array(appliedDiscountSchema),
  category_unit_costs: z.array(categoryUnitCostSchema).nullable(),
  label_unit_costs: z.object({ project: z.array(projectUnitCostSchema) }).nullable(),
  rated_at: z.string(),
  confirmed_at: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  suspended_at: z.string().nullable(),
  suspended_by: z.string().nullable(),
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponse = z.object({ invoice: invoiceSchema });

const instantFilter = z.string().trim().refine(isIsoInstant, BILLING_MESSAGES.invalidInstant).optional();
/** §7 "Invoices list (brief, from, to)": invoices whose period starts in [from, to) (a month: start to next). */
export const invoiceListQuery = listQuery(
  {
    /** "false": each item also carries category_unit_costs and label_unit_costs. Default "true". */
    brief: z.enum(['true', 'false']).default('true'),
    from: instantFilter,
    to: instantFilter,
    tenant_id: z.string().trim().max(64).optional(),
    status: repeated(z.enum(INVOICE_STATUSES)),
    kind: repeated(z.enum(INVOICE_KINDS)),
  },
  ['start_date', 'total_amount', 'tenant_name'],
  '-start_date',
);
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

/** `POST …/commitment_invoices`: an invoice for a commitment (prepaid) term of a billing config. */
export const createCommitmentInvoiceBody = z
  .object({
    amount: z
      .number({ error: BILLING_MESSAGES.amountPositive })
      .int()
      .min(1, BILLING_MESSAGES.amountPositive)
      .max(Number.MAX_SAFE_INTEGER),
    start_date: instantField(BILLING_MESSAGES.startRequired),
    end_date: instantField(BILLING_MESSAGES.endRequired),
    description: z.string().trim().max(256).default(''),
  })
  .superRefine(endAfterStart(BILLING_MESSAGES.discountEndAfterStart, 'start_date', 'end_date'));
export type CreateCommitmentInvoiceBody = z.input<typeof createCommitmentInvoiceBody>;

// ---- AR table -------------------------------------------------------------------------------------------------------

/** The AR table CSV's columns, in order (amounts in dollars with 2 decimals; a last TOTAL row sums them). */
export const AR_TABLE_COLUMNS = [
  'invoice_id',
  'invoice_number',
  'kind',
  'tenant_id',
  'tenant_name',
  'billing_config_id',
  'billing_kind',
  'period_start',
  'period_end',
  'currency',
  'usage_amount',
  'discount_amount',
  'support_amount',
  'tax_rate',
  'tax_amount',
  'total_amount',
  'credits_applied',
  'amount_due',
  'confirmed_at',
  'confirmed_by',
] as const;
export const arMonthParams = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});
/** `GET cr_tables/init`: what the AR Table tab starts from. */
export const arTableInitSchema = z.object({
  /** Last month: the latest month that may be downloaded, and the default. */
  default_year: z.number().int(),
  default_month: z.number().int(),
  /** Months with confirmed invoices, newest first, with their counts and totals (cents). */
  months: z.array(
    z.object({
      year: z.number().int(),
      month: z.number().int(),
      invoices: z.number().int(),
      total_amount: z.number().int(),
    }),
  ),
  columns: z.array(z.string()),
});
export type ArTableInit = z.infer<typeof arTableInitSchema>;
/** A CSV body (text/csv). */
export const csvResponse = z.string();

// ---- usage (rated), measures, cost explorer -------------------------------------------------------------------------

/** One rated usage line: quantity × unit price, rounded once. `month` is "YYYY-MM". */
export const usageLineSchema = z.object({
  id: z.string().nullable(),
  tenant_id: z.string(),
  project_id: z.string().nullable(),
  cluster_id: z.string().nullable(),
  month: z.string(),
  unit: z.string(),
  filter_id: z.string(),
  provider: z.string(),
  quantity: z.number().int(),
  price_cents: z.number().int(),
  price_per: z.number().int(),
  amount: z.number().int(),
});
export type UsageLine = z.infer<typeof usageLineSchema>;
const monthField = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month, YYYY-MM');
/** `POST measures` (and its dry run): usage records to rate (and store), at most 5 000 at a time. */
export const measuresBody = z.object({
  records: z
    .array(
      z.object({
        tenant_id: tenantIdField,
        project_id: z.string().trim().min(1).max(64).nullable().default(null),
        cluster_id: z.string().trim().min(1).max(64).nullable().default(null),
        unit: z.string().trim().min(1).max(100),
        quantity: z.number().int().min(0).max(1e12),
        month: monthField,
      }),
    )
    .min(1)
    .max(5000),
});
export type MeasuresBody = z.input<typeof measuresBody>;
export const measuresResult = z.object({
  /** Whether they were stored (false for a dry run). */
  stored: z.boolean(),
  lines: z.array(usageLineSchema),
  total_amount: z.number().int(),
  /** The invoices (tenant and month) queued for re-rating. */
  invoices_queued: z.array(z.object({ tenant_id: z.string(), month: z.string() })),
});
export type MeasuresResult = z.infer<typeof measuresResult>;

export const COST_GROUP_BY = ['category', 'provider', 'project', 'tenant'] as const;
export type CostGroupBy = (typeof COST_GROUP_BY)[number];
/** `POST costexplorer/trends` (and `/csv`): rated usage per month, grouped; at most 24 months. */
export const costTrendsBody = z.object({
  from: monthField,
  to: monthField,
  group_by: z.enum(COST_GROUP_BY).default('category'),
  tenant_id: z.string().trim().max(64).optional(),
  providers: z.array(z.enum(CLOUD_PROVIDERS)).max(4).optional(),
  filter_ids: z.array(z.string().trim().max(100)).max(100).optional(),
});
export type CostTrendsBody = z.input<typeof costTrendsBody>;
export const costTrendsSchema = z.object({
  months: z.array(z.string()),
  /** One series per group (the 20 largest; the rest as "others"), amounts per month in cents. */
  series: z.array(
    z.object({ key: z.string(), name: z.string(), amounts: z.array(z.number().int()), total: z.number().int() }),
  ),
  totals: z.array(z.number().int()),
});
export type CostTrends = z.infer<typeof costTrendsSchema>;
export const costArgsSchema = z.object({
  months: z.array(z.string()),
  group_by: z.array(z.enum(COST_GROUP_BY)),
  providers: z.array(z.enum(CLOUD_PROVIDERS)),
  categories: z.array(z.object({ filter_id: z.string(), name: z.string() })),
});
export const monthParams = arMonthParams;
export const billDetailsQuery = listQuery(
  {
    tenant_id: z.string().trim().max(64).optional(),
    project_id: z.string().trim().max(64).optional(),
    filter_id: z.string().trim().max(100).optional(),
  },
  ['amount', 'tenant_id'],
  '-amount',
);
/** A tenant's cost of a month (`monthly_cost`): from its usage invoice of the month. */
export const monthlyCostSchema = z.object({
  tenant_id: z.string(),
  tenant_name: z.string(),
  invoice_id: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES).nullable(),
  usage_amount: z.number().int(),
  discount_amount: z.number().int(),
  support_amount: z.number().int(),
  tax_amount: z.number().int(),
  total_amount: z.number().int(),
});
export type MonthlyCost = z.infer<typeof monthlyCostSchema>;
export const monthlyCostQuery = listQuery(
  { search: z.string().trim().max(100).optional() },
  ['total_amount', 'tenant_name'],
  '-total_amount',
);
export const monthlyCostList = listResult(monthlyCostSchema);
