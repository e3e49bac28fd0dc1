import { z } from 'zod';

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
export const instantField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((s) => s === '' || isIsoInstant(s), BILLING_MESSAGES.invalidInstant);
export const dayField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((s) => s === '' || isIsoDay(s), BILLING_MESSAGES.invalidDate);
export const tenantIdField = z
  .string({ error: BILLING_MESSAGES.tenantRequired })
  .trim()
  .min(1, BILLING_MESSAGES.tenantRequired)
  .max(64);
export const noteField = z.string().trim().max(BILLING_NOTE_MAX, BILLING_MESSAGES.noteTooLong);
