import { z } from 'zod';
import { CLOUD_PROVIDERS } from './constants.js';
import { listQuery, listResult, repeated } from './list.js';
import {
  BILLING_MESSAGES,
  CREDIT_STATUSES,
  CREDIT_TYPES,
  DISCOUNT_PROVIDERS,
  DISCOUNT_STATUSES,
  DISCOUNT_USAGES,
  GLOBAL_DISCOUNT_STATUSES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  SUPPORT_LEVELS,
  SUPPORT_TYPES,
  hasSignificantDigits,
  instantField,
  isIsoInstant,
  noteField,
  tenantIdField,
} from './billing.js';
import { taxRateSchema } from './billing-plans.js';

/*
 * Billing (issue 15), part 3 of 3: discounts and global discounts, credits, invoices, the AR table, rated usage,
 * measures and the cost explorer.
 * The money model, messages and state machines are in billing.ts; the routes in billing-api.ts.
 */

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
