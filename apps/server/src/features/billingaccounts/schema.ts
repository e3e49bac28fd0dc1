import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * Billing accounts (issue 15): contracts, payments and payment set-ups, marketplace subscriptions, billing companies,
 * budgets, partner (CPPO / MCPO) billing configs and tenant closings. Money is integer cents (bigint). Every list
 * filter and sort has an index ending in the ORDER BY the repo emits (`…, <sort>, id`).
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' });

/** Our legal entities that invoice tenants. */
export const billingCompanies = pgTable('billing_companies', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  address: text('address').notNull(),
  taxId: text('tax_id').notNull(),
  email: text('email').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** The billing company a tenant is invoiced by (none: the default company). */
export const tenantBillingCompanies = pgTable('tenant_billing_companies', {
  tenantId: text('tenant_id').primaryKey(),
  billingCompanyId: text('billing_company_id').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

export const billingContracts = pgTable(
  'billing_contracts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    tenantName: text('tenant_name').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    billingCompanyId: text('billing_company_id').notNull(),
    startDate: at('start_date').notNull(),
    endDate: at('end_date').notNull(),
    commitmentCents: cents('commitment_cents').notNull(),
    billingFrequency: text('billing_frequency').notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull(),
    notes: text('notes').notNull().default(''),
    signedBy: text('signed_by'),
    signedAt: at('signed_at'),
    statusReason: text('status_reason'),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    endedAt: at('ended_at'),
    endedBy: text('ended_by'),
  },
  (t) => [
    index('billing_contracts_created_idx').on(t.createdAt, t.id),
    index('billing_contracts_start_idx').on(t.startDate, t.id),
    index('billing_contracts_end_idx').on(t.endDate, t.id),
    index('billing_contracts_commitment_idx').on(t.commitmentCents, t.id),
    index('billing_contracts_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('billing_contracts_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** A tenant's payment set-up: its active method and how payments are matched (one row per tenant, when set). */
export const tenantPaymentAccounts = pgTable('tenant_payment_accounts', {
  tenantId: text('tenant_id').primaryKey(),
  type: text('type'),
  paymentCode: text('payment_code'),
  paymentSubCode: text('payment_sub_code'),
  invoiceable: boolean('invoiceable').notNull().default(false),
  providerCustomerId: text('provider_customer_id'),
  cardPaymentMethodId: text('card_payment_method_id'),
  /** The card as the provider described it at set-up (brand, last 4, expiry): reads need no provider call. */
  card: jsonb('card'),
  subscriptionId: text('subscription_id'),
  updatedAt: at('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

/** Payments received (or attempted) from tenants. */
export const tenantPayments = pgTable(
  'tenant_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    amountCents: cents('amount_cents').notNull(),
    reference: text('reference').notNull(),
    invoiceId: text('invoice_id'),
    description: text('description').notNull().default(''),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('tenant_payments_created_idx').on(t.createdAt, t.id),
    index('tenant_payments_amount_idx').on(t.amountCents, t.id),
    index('tenant_payments_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('tenant_payments_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const marketplaceSubscriptions = pgTable(
  'marketplace_subscriptions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    marketplace: text('marketplace').notNull(),
    marketplaceAccountId: text('marketplace_account_id').notNull(),
    productCode: text('product_code').notNull(),
    offer: text('offer').notNull(),
    status: text('status').notNull(),
    subscribedAt: at('subscribed_at').notNull(),
    cancelledAt: at('cancelled_at'),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    index('marketplace_subscriptions_subscribed_idx').on(t.subscribedAt, t.id),
    index('marketplace_subscriptions_tenant_idx').on(t.tenantId, t.subscribedAt, t.id),
    index('marketplace_subscriptions_status_idx').on(t.status, t.subscribedAt, t.id),
  ],
);

export const tenantBudgets = pgTable(
  'tenant_budgets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    name: text('name').notNull(),
    period: text('period').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** Fractions of the amount, e.g. [0.5, 0.8, 1]. */
    thresholds: jsonb('thresholds').notNull(),
    projectIds: jsonb('project_ids').notNull().default([]),
    notifyEmails: jsonb('notify_emails').notNull().default([]),
    /** Where its periods start: the current period is the one of `period` length, from here, that holds now. */
    periodStart: at('period_start').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('tenant_budgets_created_idx').on(t.createdAt, t.id),
    index('tenant_budgets_amount_idx').on(t.amountCents, t.id),
    index('tenant_budgets_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/** A partner customer's billing config (spec §3 "Billing config for a customer"): CPPO or MCPO. */
export const partnerBillingConfigs = pgTable(
  'partner_billing_configs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerType: text('partner_type').notNull(),
    tenantId: text('tenant_id').notNull(),
    resellerId: text('reseller_id').notNull(),
    paymentCode: text('payment_code').notNull(),
    paymentSubCode: text('payment_sub_code'),
    effectiveDate: at('effective_date').notNull(),
    supportPlan: jsonb('support_plan'),
    discounts: jsonb('discounts').notNull().default([]),
    /** What it made in billing: the billing config, the bound support plan, the discounts (billing's ids). */
    billingConfigId: text('billing_config_id'),
    boundPlanId: text('bound_plan_id'),
    discountIds: jsonb('discount_ids').notNull().default([]),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_billing_configs_tenant_effective_idx').on(t.tenantId, t.effectiveDate),
    index('partner_billing_configs_reseller_effective_idx').on(t.resellerId, t.effectiveDate, t.id),
    index('partner_billing_configs_reseller_created_idx').on(t.resellerId, t.createdAt, t.id),
  ],
);

/** Closings of tenants: at most one under way per tenant; the latest is the tenant's closing state. */
export const tenantClosings = pgTable(
  'tenant_closings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** The reason's policies when it ran: [{ key, when }]. */
    policies: jsonb('policies').notNull(),
    tenantStatusBefore: text('tenant_status_before').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: at('requested_at').notNull(),
    closeAt: at('close_at').notNull(),
    closedAt: at('closed_at'),
    cancelledBy: text('cancelled_by'),
    cancelledAt: at('cancelled_at'),
    /** What the close (and the run) did, one line per policy. */
    outcome: jsonb('outcome').notNull().default([]),
  },
  (t) => [
    index('tenant_closings_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('tenant_closings_one_open_idx')
      .on(t.tenantId)
      .where(sql`${t.status} = 'closing'`),
  ],
);

/*
 * The embedded payment provider (the default when STRIPE_SECRET_KEY is unset): its customers, their cards and the
 * invoices it issued, in the portal's database. A real deployment keeps these at Stripe (paymentprovider.ts).
 */
export const paymentProviderCustomers = pgTable('payment_provider_customers', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  defaultPaymentMethodId: text('default_payment_method_id'),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const paymentProviderMethods = pgTable(
  'payment_provider_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_provider_methods_customer_idx').on(t.customerId, t.createdAt)],
);

export const paymentProviderInvoices = pgTable(
  'payment_provider_invoices',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    number: text('number'),
    status: text('status').notNull(),
    amountDueCents: cents('amount_due_cents').notNull(),
    amountPaidCents: cents('amount_paid_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    createdAt: at('created_at').notNull(),
    dueDate: at('due_date'),
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
  },
  (t) => [index('payment_provider_invoices_customer_idx').on(t.customerId, t.createdAt)],
);
