import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * Billing (issue 15). Money is integer cents (bigint); fractions (discounts, percentages, tax rates) are numeric
 * fractions with 6 decimals, read as exact parts per million (contract toPpm); the exchange rate has 4 decimals.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });
const fraction = (name: string) => numeric(name, { precision: 9, scale: 6 });

/** How a tenant is billed from its effective date (direct, or through a reseller / MSP), with its tax rate. */
export const billingConfigs = pgTable(
  'billing_configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind').notNull(),
    resellerId: text('reseller_id'),
    paymentCode: text('payment_code'),
    paymentSubCode: text('payment_sub_code'),
    currency: text('currency').notNull().default('USD'),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    expiredDate: date('expired_date', { mode: 'string' }),
    taxRate: fraction('tax_rate').notNull().default('0'),
    taxDisplayName: text('tax_display_name').notNull().default('No tax'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('billing_configs_tenant_idx').on(t.tenantId, t.effectiveDate)],
);

/**
 * Rated usage: one line per tenant, project (and optionally cluster), unit and month — quantity × the unit's price
 * when it was rated, rounded once (`amount`). Invoices sum these.
 */
export const billingUsage = pgTable(
  'billing_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    projectId: text('project_id'),
    clusterId: text('cluster_id'),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    unit: text('unit').notNull(),
    filterId: text('filter_id').notNull(),
    provider: text('provider').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    priceCents: integer('price_cents').notNull(),
    pricePer: integer('price_per').notNull(),
    amount: money('amount').notNull(),
    /** `meter`: accrued by the metering rounds (metering.ts); `measure`: reported through the measures API. */
    source: text('source').notNull().default('measure'),
    /** A meter line's quantity before rounding, accrued round after round (null for reported lines). */
    exactQuantity: numeric('exact_quantity', { precision: 24, scale: 6 }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_usage_tenant_month_idx').on(t.tenantId, t.month),
    index('billing_usage_month_amount_idx').on(t.month, t.amount, t.id),
    uniqueIndex('billing_usage_meter_line_idx')
      .on(t.tenantId, t.projectId, t.month, t.unit)
      .where(sql`source = 'meter'`),
  ],
);

/** Where metering stopped: one row (`key` = 'fleet'), moved forward by each round (metering.ts). */
export const billingMetering = pgTable('billing_metering', {
  key: text('key').primaryKey(),
  meteredThrough: ts('metered_through').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * An invoice: per billing config and month (kind usage) or per commitment term (kind commitment). The amounts and
 * the breakdowns (category and project costs, discounts, support plan) are what the last rating computed; draft and
 * unconfirmed ones are re-rated as their inputs change, confirmed and suspended ones are frozen.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    invoiceNumber: text('invoice_number').notNull(),
    kind: text('kind').notNull(),
    tenantId: text('tenant_id').notNull(),
    tenantName: text('tenant_name').notNull(),
    billingConfigId: bigint('billing_config_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    description: text('description').notNull().default(''),
    costPrice: money('cost_price').notNull().default(0),
    usageAmount: money('usage_amount').notNull().default(0),
    discountAmount: money('discount_amount').notNull().default(0),
    supportAmount: money('support_amount').notNull().default(0),
    taxRate: fraction('tax_rate').notNull().default('0'),
    taxDisplayName: text('tax_display_name').notNull().default('No tax'),
    taxAmount: money('tax_amount').notNull().default(0),
    totalAmount: money('total_amount').notNull().default(0),
    creditsApplied: money('credits_applied').notNull().default(0),
    amountDue: money('amount_due').notNull().default(0),
    supportPlan: jsonb('support_plan'),
    discounts: jsonb('discounts').notNull().default([]),
    categoryUnitCosts: jsonb('category_unit_costs').notNull().default([]),
    projectCosts: jsonb('project_costs').notNull().default([]),
    ratedAt: ts('rated_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    confirmedBy: text('confirmed_by'),
    suspendedAt: ts('suspended_at'),
    suspendedBy: text('suspended_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_invoices_number_idx').on(t.invoiceNumber),
    // One usage invoice per billing config and month.
    uniqueIndex('billing_invoices_config_month_idx')
      .on(t.billingConfigId, t.periodStart)
      .where(sql`${t.kind} = 'usage'`),
    index('billing_invoices_period_idx').on(t.periodStart, t.id),
    index('billing_invoices_tenant_period_idx').on(t.tenantId, t.periodStart, t.id),
    index('billing_invoices_status_period_idx').on(t.status, t.periodStart, t.id),
  ],
);

/** §3 credit risk levels: a cost quota in cents per month, -1 unlimited. */
export const billingRiskLevels = pgTable(
  'billing_risk_levels',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    costQuotaLimit: money('cost_quota_limit').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_risk_levels_name_idx').on(sql`lower(${t.name})`)],
);

/** A tenant's credit risk level. */
export const billingTenantRiskLevels = pgTable(
  'billing_tenant_risk_levels',
  {
    tenantId: text('tenant_id').primaryKey(),
    riskLevelId: bigint('risk_level_id', { mode: 'number' }).notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('billing_tenant_risk_levels_level_idx').on(t.riskLevelId)],
);

/** Support plans' terms: the public catalogue and tenants' private plans. */
export const billingSupportPlans = pgTable(
  'billing_support_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    type: text('type').notNull(),
    fixedChargePrice: money('fixed_charge_price').notNull().default(0),
    supportPricePercentage: fraction('support_price_percentage'),
    /** [{ lower_bound, upper_bound | null, support_price_percentage }] (bounds in cents, percentages as fractions). */
    tieredPriceRules: jsonb('tiered_price_rules').notNull().default([]),
    isPublic: boolean('is_public').notNull(),
    tenantId: text('tenant_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_support_plans_level_idx').on(t.level, t.id),
    index('billing_support_plans_tenant_idx').on(t.tenantId),
  ],
);

/**
 * A plan bound to a tenant from `active_date` until `expired_date` (open-ended when null). `state` is what people
 * did to it (bound, cancelled, disabled); the status shown is derived from it and the dates.
 */
export const billingBoundPlans = pgTable(
  'billing_bound_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    supportPlanId: bigint('support_plan_id', { mode: 'number' }).notNull(),
    activeDate: ts('active_date').notNull(),
    expiredDate: ts('expired_date'),
    state: text('state').notNull().default('bound'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    endedBy: text('ended_by'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('billing_bound_plans_tenant_idx').on(t.tenantId, t.activeDate),
    index('billing_bound_plans_active_idx').on(t.activeDate, t.id),
    index('billing_bound_plans_plan_idx').on(t.supportPlanId),
  ],
);

/** §3 discounts: a price multiplier on the customers' usage of the unit filters, from started_at to expired_at. */
export const billingDiscounts = pgTable(
  'billing_discounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    /** approving, valid, reclaimed, rejected (expired is derived from expired_at). */
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    /** Leaf filter ids. */
    unitFilters: jsonb('unit_filters').notNull(),
    description: text('description').notNull().default(''),
    discount: fraction('discount').notNull(),
    startedAt: ts('started_at').notNull(),
    expiredAt: ts('expired_at').notNull(),
    usage: text('usage').notNull(),
    note: text('note').notNull().default(''),
    estimatedMonthlyValue: money('estimated_monthly_value').notNull().default(0),
    approvalId: text('approval_id'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    reclaimedBy: text('reclaimed_by'),
    reclaimedAt: ts('reclaimed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_discounts_code_idx').on(t.code),
    index('billing_discounts_created_idx').on(t.createdAt, t.id),
    index('billing_discounts_started_idx').on(t.startedAt, t.id),
    index('billing_discounts_expired_idx').on(t.expiredAt, t.id),
    index('billing_discounts_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const billingDiscountCustomers = pgTable(
  'billing_discount_customers',
  {
    discountId: bigint('discount_id', { mode: 'number' }).notNull(),
    tenantId: text('tenant_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.discountId, t.tenantId] }),
    index('billing_discount_customers_tenant_idx').on(t.tenantId),
  ],
);

/** Discounts on every tenant's usage (programs). */
export const billingGlobalDiscounts = pgTable(
  'billing_global_discounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** valid or deleted (expired is derived). */
    status: text('status').notNull(),
    provider: text('provider').notNull(),
    unitFilters: jsonb('unit_filters').notNull(),
    discount: fraction('discount').notNull(),
    startedAt: ts('started_at').notNull(),
    expiredAt: ts('expired_at').notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedBy: text('deleted_by'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('billing_global_discounts_created_idx').on(t.createdAt, t.id)],
);

/** Credits granted to a tenant: applied to its invoices as they are confirmed. */
export const billingCredits = pgTable(
  'billing_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    creditType: text('credit_type').notNull(),
    amount: money('amount').notNull(),
    balance: money('balance').notNull(),
    effectiveAt: ts('effective_at').notNull(),
    expiredAt: ts('expired_at').notNull(),
    /** approving, valid, reclaimed, rejected (used_up and expired are derived). */
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    approvalId: text('approval_id'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    reclaimedBy: text('reclaimed_by'),
    reclaimedAt: ts('reclaimed_at'),
    reclaimedAmount: money('reclaimed_amount'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('billing_credits_created_idx').on(t.createdAt, t.id),
    index('billing_credits_expired_idx').on(t.expiredAt, t.id),
    index('billing_credits_amount_idx').on(t.amount, t.id),
    index('billing_credits_tenant_idx').on(t.tenantId, t.expiredAt, t.id),
  ],
);

/** What each credit paid of each confirmed invoice. */
export const billingCreditApplications = pgTable(
  'billing_credit_applications',
  {
    creditId: bigint('credit_id', { mode: 'number' }).notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    appliedAt: ts('applied_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creditId, t.invoiceId] }),
    index('billing_credit_applications_invoice_idx').on(t.invoiceId),
  ],
);

/** Exchange rates (USD → SGD), one per day it applies from. */
export const billingFxRates = pgTable(
  'billing_fx_rates',
  {
    base: text('base').notNull(),
    target: text('target').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 14, scale: 4 }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.base, t.target, t.date] })],
);

/**
 * SKU groups (issue 17; contract billing-skus.ts): how a family of units is named (`unit_key_pattern`) and priced
 * (`price_formula` into `price_expression`). Units are made from a group and keep their own price.
 */
export const skuGroups = pgTable(
  'sku_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    unitKeyPattern: text('unit_key_pattern').notNull(),
    /** A leaf unit filter id (the billing item the units are usage of). */
    category: text('category').notNull(),
    priceFormula: text('price_formula').notNull(),
    priceType: text('price_type').notNull(),
    priceExpression: jsonb('price_expression').notNull(),
    /** min or gb (null: a category counted in neither, request units). */
    measureUnit: text('measure_unit'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sku_groups_name_idx').on(t.name, t.id)],
);

/**
 * The price list rating reads (metering, measures, the seed): one row per unit key. A deleted unit (soft) prices no new
 * usage; its row stays, for the usage lines that name it. Keys are never reused.
 */
export const billingUnits = pgTable(
  'billing_units',
  {
    unit: text('unit').primaryKey(),
    groupId: bigint('group_id', { mode: 'number' }).references(() => skuGroups.id),
    name: text('name').notNull(),
    filterId: text('filter_id').notNull(),
    provider: text('provider').notNull(),
    region: text('region'),
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    /** The rating measure (the category's): vcpu_hour, gib_month, gib, million_ru, node_hour. */
    measureUnit: text('measure_unit').notNull(),
    priceType: text('price_type').notNull().default('normal'),
    /** A normal unit's price, a threshold unit's first tier: cents per `price_per` measure units. */
    priceCents: integer('price_cents').notNull(),
    /** A threshold unit's tiers `[{from, price}]`. */
    tiers: jsonb('tiers').$type<{ from: number; price: number }[]>(),
    pricePer: integer('price_per').notNull(),
    betaEndTime: ts('beta_end_time'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('billing_units_group_idx').on(t.groupId),
    index('billing_units_filter_provider_idx').on(t.filterId, t.provider),
  ],
);
