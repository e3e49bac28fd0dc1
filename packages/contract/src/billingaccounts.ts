import { z } from 'zod';
import type { CLOUD_PROVIDERS } from './constants.js';
import { creditRiskLevelSchema } from './billing-plans.js';

/*
 * Billing accounts (issue 15; spec §3 "Billing config for a customer", §4 "Tenant closing", "Contracts: named
 * actions", §7 Billing): what a tenant's billing relationship is made of besides its invoices and usage (those are
 * the billing area's, billing.ts). Contracts with their named actions and PDF, payments and the tenant's payment
 * method (card through the payment provider, wire transfer, a cloud marketplace), marketplace subscriptions, the
 * billing company that invoices the tenant, budgets, CPPO / MCPO billing configs of partner customers, and tenant
 * closing. Routes: billingaccounts-api.ts.
 *
 * Money is integer cents (USD) everywhere; fractions are fractions (0.15, not 15). Dates follow spec §9: a start or
 * effective date is sent as that day at T00:00:00Z, an end date at T23:59:59Z (a bare YYYY-MM-DD is taken as the
 * same), and answered as ISO instants.
 */

// ---- dates ----------------------------------------------------------------------------------------------------------
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `YYYY-MM-DD` is a real calendar day. */
function realDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === day;
}

/**
 * A day sent as spec §9 says: `YYYY-MM-DD`, or that day at T00:00:00Z (`start`) / T23:59:59Z (`end`); answered as
 * the canonical instant, e.g. `2026-12-01T00:00:00.000Z`.
 */
export function billingDaySchema(edge: 'start' | 'end', message: string) {
  const time = edge === 'start' ? 'T00:00:00' : 'T23:59:59';
  return z
    .string({ error: message })
    .trim()
    .refine((v) => {
      const day = v.slice(0, 10);
      const rest = v.slice(10);
      return realDay(day) && (rest === '' || rest === `${time}Z` || rest === `${time}.000Z`);
    }, message)
    .transform((v) => `${v.slice(0, 10)}${time}.000Z`);
}

/** `2026-12-01` → the instant a start date is sent as (spec §9): `2026-12-01T00:00:00Z`. */
export const billingStartOf = (day: string): string => `${day.slice(0, 10)}T00:00:00Z`;
/** `2026-12-31` → the instant an end date is sent as (spec §9): `2026-12-31T23:59:59Z`. */
export const billingEndOf = (day: string): string => `${day.slice(0, 10)}T23:59:59Z`;

const money = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of cents` })
    .int(`${what} must be a whole number of cents`)
    .min(0, `${what} must not be negative`)
    .max(1e13, `${what} is too large`);

const TENANT_ID = z.string().trim().min(1, 'tenant_id is required').max(64);

// ---- contracts ------------------------------------------------------------------------------------------------------
/*
 * A contract is the commercial agreement behind a tenant's bill, as a billing team keeps it (after Salesforce CPQ /
 * Stripe quotes): drafted by the account team, sent to the customer for signature, active once signed, possibly
 * suspended (e.g. unpaid invoices) and resumed, and ended by termination, by its end date (expire) or cancelled
 * before it ever started. Only a draft can be edited.
 */
export const CONTRACT_STATUSES = [
  'draft',
  'pending_signature',
  'active',
  'suspended',
  'expired',
  'terminated',
  'cancelled',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** The named actions (spec §7 `POST contracts/{cid}/actions/{action}`). */
export const CONTRACT_ACTIONS = [
  'submit',
  'withdraw',
  'activate',
  'suspend',
  'resume',
  'terminate',
  'expire',
  'cancel',
] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/** Which actions each status allows: the server enforces it (409 `billingaccounts.contractActionNotAllowed`). */
export const CONTRACT_STATUS_ACTIONS: Record<ContractStatus, readonly ContractAction[]> = {
  draft: ['submit', 'cancel'],
  pending_signature: ['activate', 'withdraw', 'cancel'],
  active: ['suspend', 'terminate', 'expire'],
  suspended: ['resume', 'terminate', 'expire'],
  expired: [],
  terminated: [],
  cancelled: [],
};
/** Where each action leads. */
export const CONTRACT_ACTION_RESULT: Record<ContractAction, ContractStatus> = {
  submit: 'pending_signature',
  withdraw: 'draft',
  activate: 'active',
  suspend: 'suspended',
  resume: 'active',
  terminate: 'terminated',
  expire: 'expired',
  cancel: 'cancelled',
};
/** Only a draft is edited (PUT); anything sent for signature is what the customer signs. */
export const CONTRACT_EDITABLE_STATUSES = ['draft'] as const satisfies readonly ContractStatus[];
/** A contract that binds the tenant now (overlap checks, the closing policy `end_contracts`). */
export const CONTRACT_IN_FORCE_STATUSES = ['active', 'suspended'] as const satisfies readonly ContractStatus[];
/** Actions that need a reason (kept as the contract's status reason). */
export const CONTRACT_ACTIONS_NEEDING_REASON: readonly ContractAction[] = ['suspend', 'terminate', 'cancel'];

export const canContract = (status: string, action: ContractAction): boolean =>
  CONTRACT_STATUS_ACTIONS[status as ContractStatus]?.includes(action) ?? false;
export const canEditContract = (status: string): boolean =>
  (CONTRACT_EDITABLE_STATUSES as readonly string[]).includes(status);

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  pending_signature: 'Pending signature',
  active: 'Active',
  suspended: 'Suspended',
  expired: 'Expired',
  terminated: 'Terminated',
  cancelled: 'Cancelled',
};
export const CONTRACT_ACTION_LABELS: Record<ContractAction, string> = {
  submit: 'Send for signature',
  withdraw: 'Withdraw',
  activate: 'Activate',
  suspend: 'Suspend',
  resume: 'Resume',
  terminate: 'Terminate',
  expire: 'Expire',
  cancel: 'Cancel',
};
export const CONTRACT_STATUS_COLORS: Record<ContractStatus, string> = {
  draft: 'default',
  pending_signature: 'orange',
  active: 'success',
  suspended: 'warning',
  expired: 'default',
  terminated: 'error',
  cancelled: 'default',
};

/**
 * committed_spend: the tenant commits to spend at least the commitment over the term (a shortfall is invoiced at the
 * end); prepaid: the commitment is paid up front and drawn down by usage; enterprise: negotiated terms without a
 * minimum (commitment 0 allowed).
 */
export const CONTRACT_TYPES = ['committed_spend', 'prepaid', 'enterprise'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const CONTRACT_TYPE_LABELS: Record<ContractType, string> = {
  committed_spend: 'Committed spend',
  prepaid: 'Prepaid',
  enterprise: 'Enterprise agreement',
};
export const BILLING_FREQUENCIES = ['monthly', 'quarterly', 'annually', 'upfront'] as const;
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number];
/** Net payment terms offered (days after the invoice date). */
export const PAYMENT_TERMS_DAYS = [0, 15, 30, 45, 60, 90] as const;
export const CONTRACT_TITLE_MAX = 200;
export const CONTRACT_NOTES_MAX = 2000;
export const CONTRACT_REASON_MAX = 500;
/** The longest term a contract may have. */
export const CONTRACT_MAX_TERM_YEARS = 10;

/** Every message of the contracts, shown by the form and returned by the server alike. */
export const CONTRACT_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${CONTRACT_TITLE_MAX} characters`,
  startRequired: 'Start Date is required.',
  endRequired: 'End Date is required.',
  endBeforeStart: 'End Date should be greater than Start Date.',
  termTooLong: `A contract runs at most ${CONTRACT_MAX_TERM_YEARS} years`,
  commitmentRequired: 'A committed-spend or prepaid contract needs a commitment greater than 0',
  notesTooLong: `Notes must be at most ${CONTRACT_NOTES_MAX} characters`,
  reasonRequired: 'A reason is required',
  reasonTooLong: `The reason must be at most ${CONTRACT_REASON_MAX} characters`,
  signedByRequired: 'Who signed for the customer is required to activate',
  nothingToUpdate: 'Nothing to update',
  paymentTerms: `Payment terms are one of ${PAYMENT_TERMS_DAYS.join(', ')} days`,
} as const;

/** Contract numbers as people quote them: `CTR-000042`. */
export const contractNumber = (id: string | number): string => `CTR-${String(id).padStart(6, '0')}`;

export const contractSchema = z.object({
  id: z.string(),
  /** `CTR-000042`: the id as quoted on the PDF and in emails. */
  contract_number: z.string(),
  tenant_id: z.string(),
  /** The tenant's name when drafted (kept on the contract). */
  tenant_name: z.string(),
  title: z.string(),
  type: z.enum(CONTRACT_TYPES),
  status: z.enum(CONTRACT_STATUSES),
  /** The billing company (our legal entity) party to it. */
  billing_company_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Committed amount over the whole term, in cents (0 for an enterprise agreement without a minimum). */
  commitment_cents: z.number().int(),
  currency: z.literal('USD'),
  billing_frequency: z.enum(BILLING_FREQUENCIES),
  payment_terms_days: z.number().int(),
  notes: z.string(),
  /** Who signed for the customer (activate), and when. */
  signed_by: z.string().nullable(),
  signed_at: z.string().nullable(),
  /** Why it was suspended, terminated or cancelled (the last such action's reason). */
  status_reason: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When it left force (expired, terminated, cancelled), and by whom (`system` for a tenant closing). */
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
  /** The actions its status allows now (CONTRACT_STATUS_ACTIONS). */
  actions: z.array(z.enum(CONTRACT_ACTIONS)),
});
export type Contract = z.infer<typeof contractSchema>;
export const contractResponse = z.object({ contract: contractSchema });

const contractFields = {
  title: z
    .string({ error: CONTRACT_MESSAGES.titleRequired })
    .trim()
    .min(1, CONTRACT_MESSAGES.titleRequired)
    .max(CONTRACT_TITLE_MAX, CONTRACT_MESSAGES.titleTooLong),
  type: z.enum(CONTRACT_TYPES),
  billing_company_id: z.string().trim().min(1).max(64),
  start_date: billingDaySchema('start', CONTRACT_MESSAGES.startRequired),
  end_date: billingDaySchema('end', CONTRACT_MESSAGES.endRequired),
  commitment_cents: money('commitment_cents'),
  billing_frequency: z.enum(BILLING_FREQUENCIES),
  payment_terms_days: z
    .number()
    .int()
    .refine((d) => (PAYMENT_TERMS_DAYS as readonly number[]).includes(d), CONTRACT_MESSAGES.paymentTerms),
  notes: z.string().trim().max(CONTRACT_NOTES_MAX, CONTRACT_MESSAGES.notesTooLong),
};

/** What is wrong with a contract's term and commitment, or undefined (both sides call it). */
export function contractTermProblem(c: {
  type?: ContractType | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  commitment_cents?: number | undefined;
}): { field: 'end_date' | 'commitment_cents'; message: string } | undefined {
  if (c.start_date && c.end_date) {
    const start = Date.parse(c.start_date);
    const end = Date.parse(c.end_date);
    if (end < start) return { field: 'end_date', message: CONTRACT_MESSAGES.endBeforeStart };
    const limit = new Date(start);
    limit.setUTCFullYear(limit.getUTCFullYear() + CONTRACT_MAX_TERM_YEARS);
    if (end > limit.getTime()) return { field: 'end_date', message: CONTRACT_MESSAGES.termTooLong };
  }
  if (c.type && c.type !== 'enterprise' && c.commitment_cents !== undefined && c.commitment_cents <= 0)
    return { field: 'commitment_cents', message: CONTRACT_MESSAGES.commitmentRequired };
  return undefined;
}

export const createContractBody = z
  .object({
    tenant_id: TENANT_ID,
    ...contractFields,
    /** The tenant's billing company when absent. */
    billing_company_id: contractFields.billing_company_id.optional(),
    billing_frequency: contractFields.billing_frequency.default('monthly'),
    payment_terms_days: contractFields.payment_terms_days.default(30),
    notes: contractFields.notes.default(''),
  })
  .superRefine((b, ctx) => {
    const p = contractTermProblem(b);
    if (p) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
export type CreateContractBody = z.input<typeof createContractBody>;

/** PUT: the fields to change (a draft only); the term is checked again against the stored values. */
export const updateContractBody = z
  .object({
    title: contractFields.title,
    type: contractFields.type,
    billing_company_id: contractFields.billing_company_id,
    start_date: contractFields.start_date,
    end_date: contractFields.end_date,
    commitment_cents: contractFields.commitment_cents,
    billing_frequency: contractFields.billing_frequency,
    payment_terms_days: contractFields.payment_terms_days,
    notes: contractFields.notes,
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), CONTRACT_MESSAGES.nothingToUpdate);
export type UpdateContractBody = z.input<typeof updateContractBody>;

export const contractActionBody = z
  .object({
    /** Required to suspend, terminate or cancel. */
    reason: z.string().trim().max(CONTRACT_REASON_MAX, CONTRACT_MESSAGES.reasonTooLong).optional(),
    /** Required to activate: who signed for the customer (name and/or email). */
    signed_by: z.string().trim().max(200).optional(),
  })
  .default({});
export type ContractActionBody = z.input<typeof contractActionBody>;

// ---- billing companies ----------------------------------------------------------------------------------------------
/** Our legal entities that invoice tenants (the seller on the invoice and the party to contracts). */
export const billingCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  address: z.string(),
  tax_id: z.string(),
  email: z.string(),
  currency: z.literal('USD'),
  /** The company a tenant without one of its own is invoiced by. */
  is_default: z.boolean(),
});
export type BillingCompany = z.infer<typeof billingCompanySchema>;
export const billingCompanyList = z.object({ items: z.array(billingCompanySchema), total: z.number().int() });

export const tenantBillingCompanySchema = z.object({
  tenant_id: z.string(),
  billing_company: billingCompanySchema,
  /** False when the tenant has none of its own and is invoiced by the default company. */
  assigned: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TenantBillingCompany = z.infer<typeof tenantBillingCompanySchema>;
export const setTenantBillingCompanyBody = z.object({
  billing_company_id: z.string({ error: 'billing_company_id is required' }).trim().min(1).max(64),
});

// ---- payments -------------------------------------------------------------------------------------------------------
/**
 * How a tenant pays: by card through the payment provider (Stripe), by wire transfer against invoices, or through a
 * cloud marketplace subscription (the marketplace bills the customer and pays out to us).
 */
export const PAYMENT_METHOD_TYPES = ['card', 'wire_transfer', 'marketplace'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export const paymentTypeSchema = z.object({
  type: z.enum(PAYMENT_METHOD_TYPES),
  name: z.string(),
  description: z.string(),
  /** What `POST payments/setup/{type}` needs besides the tenant. */
  requires: z.enum(['payment_method_id', 'subscription_id']).nullable(),
  /** Invoices of this type are paid against an invoice (net terms) rather than charged. */
  invoiceable: z.boolean(),
});
export type PaymentType = z.infer<typeof paymentTypeSchema>;
export const PAYMENT_TYPES: readonly PaymentType[] = [
  {
    type: 'card',
    name: 'Credit card',
    description: 'Charged automatically through the payment provider when an invoice is issued',
    requires: 'payment_method_id',
    invoiceable: false,
  },
  {
    type: 'wire_transfer',
    name: 'Wire transfer',
    description: 'Paid by bank transfer against each invoice, within the payment terms',
    requires: null,
    invoiceable: true,
  },
  {
    type: 'marketplace',
    name: 'Cloud marketplace',
    description: 'Billed by the cloud marketplace the tenant subscribed through',
    requires: 'subscription_id',
    invoiceable: false,
  },
];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
  refunded: 'default',
};

/** A payment received (or attempted) from a tenant. */
export const paymentSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  amount_cents: z.number().int(),
  currency: z.literal('USD'),
  /** The provider's charge, the wire's bank reference or the marketplace disbursement. */
  reference: z.string(),
  /** The invoice it pays, when known. */
  invoice_id: z.string().nullable(),
  description: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const PAYMENT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const PAYMENT_MESSAGES = {
  codeRequired: 'Payment code is required',
  codeFormat: 'Payment code: 1 to 64 letters, digits, ".", "_" or "-"',
  subCodeFormat: 'Payment sub code: 1 to 64 letters, digits, ".", "_" or "-"',
  paymentMethodRequired: 'Choose the card to charge (payment_method_id)',
  subscriptionRequired: 'Choose the marketplace subscription (subscription_id)',
} as const;
const paymentCode = z
  .string({ error: PAYMENT_MESSAGES.codeRequired })
  .trim()
  .min(1, PAYMENT_MESSAGES.codeRequired)
  .regex(PAYMENT_CODE_PATTERN, PAYMENT_MESSAGES.codeFormat);
const paymentSubCode = z.string().trim().regex(PAYMENT_CODE_PATTERN, PAYMENT_MESSAGES.subCodeFormat);

/** A card as the payment provider holds it (never the number: brand, last 4 digits, expiry). */
export const providerPaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  /** The customer's default card at the provider. */
  is_default: z.boolean(),
  created_at: z.string(),
});
export type ProviderPaymentMethod = z.infer<typeof providerPaymentMethodSchema>;

export const PROVIDER_INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
/** An invoice as the payment provider issued it to the tenant's card (Stripe's invoice object, in cents). */
export const providerInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(PROVIDER_INVOICE_STATUSES),
  amount_due_cents: z.number().int(),
  amount_paid_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  due_date: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
});
export type ProviderInvoice = z.infer<typeof providerInvoiceSchema>;

/** A tenant's payment set-up: its active method and how its payments are matched. */
export const paymentAccountSchema = z.object({
  tenant_id: z.string(),
  /** The active method; null when none is set up (the tenant cannot be charged). */
  type: z.enum(PAYMENT_METHOD_TYPES).nullable(),
  /** The code payments are reconciled by: the wire reference, or the marketplace offer / agreement id. */
  payment_code: z.string().nullable(),
  /** CPPO only: the private offer's sub code. */
  payment_sub_code: z.string().nullable(),
  /** Paid against invoices within the payment terms (wire transfer), rather than charged. */
  invoiceable: z.boolean(),
  /** The tenant's customer at the payment provider, when it has one. */
  provider_customer_id: z.string().nullable(),
  /** The card charged (type card). */
  card: providerPaymentMethodSchema.nullable(),
  /** The marketplace subscription billed (type marketplace). */
  subscription_id: z.string().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;
export const paymentAccountResponse = z.object({ payment: paymentAccountSchema });

export const setPaymentCodeBody = z.object({
  payment_code: paymentCode,
  payment_sub_code: paymentSubCode.nullable().optional(),
});
export const setInvoiceableBody = z.object({ invoiceable: z.boolean({ error: 'invoiceable must be true or false' }) });
export const setupPaymentBody = z.object({
  tenant_id: TENANT_ID,
  /** card: the provider's payment method (already attached to the tenant's customer there). */
  payment_method_id: z.string().trim().min(1).max(128).optional(),
  /** marketplace: the tenant's active marketplace subscription. */
  subscription_id: z.string().trim().min(1).max(128).optional(),
  /** wire_transfer / marketplace: the payment code to reconcile by (kept when absent). */
  payment_code: paymentCode.optional(),
});
export type SetupPaymentBody = z.input<typeof setupPaymentBody>;

// ---- marketplace subscriptions --------------------------------------------------------------------------------------
export const MARKETPLACES = ['AWS', 'GCP', 'AZURE'] as const satisfies readonly (typeof CLOUD_PROVIDERS)[number][];
export type Marketplace = (typeof MARKETPLACES)[number];
/** pending: subscribed at the marketplace, not yet linked to a tenant's usage; active: metered; cancelled: ended. */
export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_ACTIONS: Record<SubscriptionStatus, readonly 'cancel'[]> = {
  pending: ['cancel'],
  active: ['cancel'],
  cancelled: [],
};
export const canCancelSubscription = (status: string): boolean =>
  SUBSCRIPTION_STATUS_ACTIONS[status as SubscriptionStatus]?.includes('cancel') ?? false;
export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, string> = {
  pending: 'orange',
  active: 'success',
  cancelled: 'default',
};

export const marketplaceSubscriptionSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  marketplace: z.enum(MARKETPLACES),
  /** The customer's account at the marketplace (AWS account id, GCP billing account…). */
  marketplace_account_id: z.string(),
  product_code: z.string(),
  /** pay_as_you_go or a private offer's id. */
  offer: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  subscribed_at: z.string(),
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type MarketplaceSubscription = z.infer<typeof marketplaceSubscriptionSchema>;
export const subscriptionResponse = z.object({ subscription: marketplaceSubscriptionSchema });
export const cancelSubscriptionQuery = z.object({
  reason: z.string().trim().max(500, 'The reason must be at most 500 characters').optional(),
});

// ---- budgets --------------------------------------------------------------------------------------------------------
export const BUDGET_PERIODS = ['monthly', 'quarterly', 'annually'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];
/** ok: under every threshold; warning: a threshold below 100% reached; exceeded: the amount reached. */
export const BUDGET_STATES = ['ok', 'warning', 'exceeded'] as const;
export type BudgetState = (typeof BUDGET_STATES)[number];
export const BUDGET_STATE_COLORS: Record<BudgetState, string> = {
  ok: 'success',
  warning: 'warning',
  exceeded: 'error',
};

/** Where a budget's spend stands against its amount and alert thresholds (fractions of the amount). */
export function budgetState(spentCents: number, amountCents: number, thresholds: readonly number[]): BudgetState {
  if (amountCents > 0 && spentCents >= amountCents) return 'exceeded';
  return thresholds.some((t) => t < 1 && spentCents >= Math.ceil(amountCents * t)) ? 'warning' : 'ok';
}

/** A tenant's cost budget (set by the customer in their console; staff see and delete them). */
export const budgetSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  period: z.enum(BUDGET_PERIODS),
  amount_cents: z.number().int(),
  /** Alert thresholds as fractions of the amount (0.5, 0.8, 1). */
  thresholds: z.array(z.number()),
  /** The projects it covers; empty: the whole tenant. */
  project_ids: z.array(z.string()),
  notify_emails: z.array(z.string()),
  /**
   * The current period [period_start, period_end) and its spend so far, in cents: the tenant's usage invoices (billing)
   * of the months starting in it, usage less discounts (a running month as rated so far), within the budget's
   * projects when it names some; and where that stands.
   */
  period_start: z.string(),
  period_end: z.string(),
  spent_cents: z.number().int(),
  state: z.enum(BUDGET_STATES),
  created_by: z.string(),
  created_at: z.string(),
});
export type Budget = z.infer<typeof budgetSchema>;
export const budgetResponse = z.object({ budget: budgetSchema });

// ---- CPPO / MCPO billing configs (spec §3 "Billing config for a customer") ------------------------------------------
export const PARTNER_BILLING_TYPES = ['cppo', 'mcpo'] as const;
export type PartnerBillingType = (typeof PARTNER_BILLING_TYPES)[number];
export const PARTNER_BILLING_LABELS: Record<PartnerBillingType, string> = {
  cppo: 'AWS CPPO',
  mcpo: 'GCP MCPO',
};
/** The discount usages a partner customer's discount may have (spec §9; `cppo` / `mcpo` for partner customers). */
export const PARTNER_DISCOUNT_USAGES = ['cppo', 'mcpo', 'commitment_plan', 'pre_paid', 'program'] as const;

/** Spec §5 "Customer linking", verbatim where the spec quotes them. */
export const PARTNER_BILLING_MESSAGES = {
  tenantRequired: 'Customer org is required',
  resellerRequired: 'Reseller is required',
  paymentCodeRequired: 'Payment code is required',
  paymentSubCodeRequired: 'Payment sub code is required',
  paymentSubCodeCppoOnly: 'Only a CPPO billing config has a payment sub code',
  effectiveRequired: 'Effective Date is required',
  effectiveNotTomorrow: 'Effective Date should be at least tomorrow (UTC)',
  discountTypeRequired: 'Discount type is required',
  discountRequired: 'Discount percentage is required',
  discountRange: 'Discount percentage should be between 0 and 100',
  discountDecimals: 'Discount percentage has at most 2 decimals',
  discountEndAfterEffective: 'Discount End Date should be greater than Effective Date.',
  supportEndAfterEffective: 'End Date should be greater than Effective Date.',
  supportEndNotTomorrow: 'End Date should be at least tomorrow (UTC)',
} as const;

/** Tomorrow (UTC) as YYYY-MM-DD, from an instant. */
export function tomorrowUtc(now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return d.toISOString().slice(0, 10);
}

export const partnerDiscountSchema = z.object({
  usage: z.enum(PARTNER_DISCOUNT_USAGES),
  /** The percentage off (0–100, 2 decimals), as entered. */
  percent_off: z.number(),
  /** Spec §9: what the discount is sent as, 1 − percent off, with 4 significant digits. */
  discount: z.number(),
  end_date: z.string().nullable(),
});
export const partnerSupportPlanSchema = z.object({
  support_plan_id: z.string(),
  end_date: z.string().nullable(),
});

export const partnerBillingConfigSchema = z.object({
  id: z.string(),
  partner_type: z.enum(PARTNER_BILLING_TYPES),
  tenant_id: z.string(),
  tenant_name: z.string(),
  tenant_status: z.string(),
  /** The reseller's org (tenant) id. */
  reseller_id: z.string(),
  payment_code: z.string(),
  /** CPPO only. */
  payment_sub_code: z.string().nullable(),
  effective_date: z.string(),
  support_plan: partnerSupportPlanSchema.nullable(),
  discounts: z.array(partnerDiscountSchema),
  /** What it made in billing: the billing config, the bound support plan and the discounts (billingApi's ids). */
  billing_config_id: z.string().nullable(),
  binded_support_plan_id: z.string().nullable(),
  discount_ids: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
});
export type PartnerBillingConfig = z.infer<typeof partnerBillingConfigSchema>;
export const partnerBillingConfigResponse = z.object({ billing_config: partnerBillingConfigSchema });
export const partnerBillingConfigList = z.object({
  items: z.array(partnerBillingConfigSchema),
  total: z.number().int(),
});

/**
 * The discount sent for a percentage off (spec §9): 1 − percent / 100, to 4 significant digits, rounded half up in
 * decimal (12.345 % off → 0.8766; binary floating point would give 0.87654999… → 0.8765). Computed on an integer
 * count of 1e-8 units, so percentages of up to 6 decimals are exact.
 */
export function discountFromPercentOff(percentOff: number): number {
  const units = 100_000_000 - Math.round(percentOff * 1_000_000);
  const digits = String(Math.abs(units)).length;
  if (digits <= 4) return units / 100_000_000;
  const step = 10 ** (digits - 4);
  return (Math.round(units / step) * step) / 100_000_000;
}

function partnerBillingBody(type: PartnerBillingType) {
  const M = PARTNER_BILLING_MESSAGES;
  return z
    .object({
      tenant_id: z.string({ error: M.tenantRequired }).trim().min(1, M.tenantRequired).max(64),
      reseller_id: z.string({ error: M.resellerRequired }).trim().min(1, M.resellerRequired).max(64),
      payment_code: z
        .string({ error: M.paymentCodeRequired })
        .trim()
        .min(1, M.paymentCodeRequired)
        .regex(PAYMENT_CODE_PATTERN, PAYMENT_MESSAGES.codeFormat),
      payment_sub_code:
        type === 'cppo'
          ? z
              .string({ error: M.paymentSubCodeRequired })
              .trim()
              .min(1, M.paymentSubCodeRequired)
              .regex(PAYMENT_CODE_PATTERN, PAYMENT_MESSAGES.subCodeFormat)
          : z.undefined({ error: M.paymentSubCodeCppoOnly }).optional(),
      effective_date: billingDaySchema('start', M.effectiveRequired),
      /** Spec §5: lets an effective date before tomorrow through (CPPO and MCPO only). */
      skip_partner_active_check: z.boolean().default(false),
      support_plan: z
        .object({
          support_plan_id: z.string().trim().min(1).max(64),
          end_date: billingDaySchema('end', M.supportEndAfterEffective).optional(),
        })
        .optional(),
      discounts: z
        .array(
          z.object({
            usage: z.enum(PARTNER_DISCOUNT_USAGES, { error: M.discountTypeRequired }),
            percent_off: z
              .number({ error: M.discountRequired })
              .min(0, M.discountRange)
              .max(100, M.discountRange)
              .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, M.discountDecimals),
            end_date: billingDaySchema('end', M.discountEndAfterEffective).optional(),
          }),
        )
        .max(10)
        .default([]),
    })
    .superRefine((b, ctx) => {
      const effective = Date.parse(b.effective_date);
      b.discounts.forEach((d, i) => {
        if (d.end_date && Date.parse(d.end_date) <= effective)
          ctx.addIssue({ code: 'custom', path: ['discounts', i, 'end_date'], message: M.discountEndAfterEffective });
      });
      if (b.support_plan?.end_date && Date.parse(b.support_plan.end_date) <= effective)
        ctx.addIssue({ code: 'custom', path: ['support_plan', 'end_date'], message: M.supportEndAfterEffective });
    });
}
export const cppoBillingConfigBody = partnerBillingBody('cppo');
export const mcpoBillingConfigBody = partnerBillingBody('mcpo');
export type CppoBillingConfigBody = z.input<typeof cppoBillingConfigBody>;
export type McpoBillingConfigBody = z.input<typeof mcpoBillingConfigBody>;

// ---- tenant closing (spec §4 "Tenant closing: cancel, or run with a chosen reason") -------------------------------
/*
 * Closing a tenant is scheduled, not instant (a billing team's grace period): running it with a reason moves the
 * tenant to CLOSING and schedules the close for `close_at` (now + the reason's grace days, or a later date given).
 * Until then it can be cancelled (the tenant goes back to its status before). At `close_at` a durable job closes it:
 * the reason's policies are applied and the tenant is CLOSED.
 */
export const CLOSING_REASONS = [
  'customer_request',
  'non_payment',
  'contract_ended',
  'duplicate_account',
  'fraud',
] as const;
export type ClosingReason = (typeof CLOSING_REASONS)[number];

export const CLOSING_POLICY_KEYS = [
  'cancel_subscriptions',
  'end_contracts',
  'detach_payment_method',
  'delete_budgets',
] as const;
export type ClosingPolicyKey = (typeof CLOSING_POLICY_KEYS)[number];
export const CLOSING_POLICY_TEXT: Record<ClosingPolicyKey, { title: string; description: string }> = {
  cancel_subscriptions: {
    title: 'Cancel marketplace subscriptions',
    description: "The tenant's pending and active marketplace subscriptions are cancelled",
  },
  end_contracts: {
    title: 'End contracts',
    description: 'Active and suspended contracts are terminated; drafts and those awaiting signature are cancelled',
  },
  detach_payment_method: {
    title: 'Detach the payment method',
    description: 'The tenant has no active payment method any more and is not invoiceable',
  },
  delete_budgets: { title: 'Delete budgets', description: "The tenant's cost budgets are deleted" },
};
/** When a policy applies: as the closing starts (`run`) or when the tenant closes (`close`). */
export const CLOSING_POLICY_WHEN = ['run', 'close'] as const;

export interface ClosingReasonInfo {
  reason: ClosingReason;
  label: string;
  description: string;
  /** Days between run and close; the close may be scheduled later, never sooner. */
  grace_days: number;
  /** Days the tenant's data is kept after the close (for the operators who delete it). */
  data_retention_days: number;
  policies: readonly { key: ClosingPolicyKey; when: (typeof CLOSING_POLICY_WHEN)[number] }[];
}
const atClose = (...keys: ClosingPolicyKey[]) => keys.map((key) => ({ key, when: 'close' as const }));
/** The reasons and their policies: data, so the server applies and the dialog shows the same table. */
export const CLOSING_REASON_INFO: Record<ClosingReason, ClosingReasonInfo> = {
  customer_request: {
    reason: 'customer_request',
    label: 'Customer request',
    description: 'The customer asked to close the account',
    grace_days: 30,
    data_retention_days: 30,
    policies: atClose('cancel_subscriptions', 'end_contracts', 'detach_payment_method', 'delete_budgets'),
  },
  non_payment: {
    reason: 'non_payment',
    label: 'Non-payment',
    description: 'Invoices remain unpaid after the dunning period',
    grace_days: 14,
    data_retention_days: 7,
    policies: atClose('cancel_subscriptions', 'end_contracts', 'detach_payment_method', 'delete_budgets'),
  },
  contract_ended: {
    reason: 'contract_ended',
    label: 'Contract ended',
    description: 'The contract ended and was not renewed',
    grace_days: 30,
    data_retention_days: 30,
    policies: atClose('cancel_subscriptions', 'end_contracts', 'detach_payment_method', 'delete_budgets'),
  },
  duplicate_account: {
    reason: 'duplicate_account',
    label: 'Duplicate or test account',
    description: 'The account duplicates another one or was only for testing',
    grace_days: 7,
    data_retention_days: 0,
    policies: atClose('cancel_subscriptions', 'end_contracts', 'detach_payment_method', 'delete_budgets'),
  },
  fraud: {
    reason: 'fraud',
    label: 'Fraud or abuse',
    description: 'The account was used fraudulently or abusively: closed at once',
    grace_days: 0,
    data_retention_days: 0,
    policies: [
      { key: 'cancel_subscriptions', when: 'run' },
      { key: 'detach_payment_method', when: 'run' },
      { key: 'end_contracts', when: 'close' },
      { key: 'delete_budgets', when: 'close' },
    ],
  },
};

export const closingReasonSchema = z.object({
  reason: z.enum(CLOSING_REASONS),
  label: z.string(),
  description: z.string(),
  grace_days: z.number().int(),
  data_retention_days: z.number().int(),
});
export const closingPolicySchema = z.object({
  key: z.enum(CLOSING_POLICY_KEYS),
  title: z.string(),
  description: z.string(),
  when: z.enum(CLOSING_POLICY_WHEN),
});
export type ClosingPolicy = z.infer<typeof closingPolicySchema>;

/** The policies of a reason as the API answers them. */
export function closingPolicies(reason: ClosingReason): ClosingPolicy[] {
  return CLOSING_REASON_INFO[reason].policies.map((p) => ({ ...p, ...CLOSING_POLICY_TEXT[p.key] }));
}

/** none: never closed (or the last closing was cancelled and nothing is under way). */
export const CLOSING_STATUSES = ['none', 'closing', 'closed', 'cancelled'] as const;
export type ClosingStatus = (typeof CLOSING_STATUSES)[number];
export const CLOSING_STATUS_ACTIONS: Record<ClosingStatus, readonly ('run' | 'cancel')[]> = {
  none: ['run'],
  closing: ['cancel'],
  closed: [],
  cancelled: ['run'],
};
export const canClosing = (status: string, action: 'run' | 'cancel'): boolean =>
  CLOSING_STATUS_ACTIONS[status as ClosingStatus]?.includes(action) ?? false;
export const CLOSING_STATUS_COLORS: Record<ClosingStatus, string> = {
  none: 'default',
  closing: 'warning',
  closed: 'error',
  cancelled: 'default',
};
export const CLOSING_NOTE_MAX = 500;
export const CLOSING_MESSAGES = {
  /** Spec §8 success message of a cancel, verbatim. */
  cancelled: 'Successfully Cancel',
  noteTooLong: `The note must be at most ${CLOSING_NOTE_MAX} characters`,
  closeAtInvalid: 'close_at must be an ISO 8601 time',
} as const;

export const tenantClosingSchema = z.object({
  tenant_id: z.string(),
  /** The latest closing's id; null when the tenant was never closed. */
  id: z.string().nullable(),
  status: z.enum(CLOSING_STATUSES),
  reason: z.enum(CLOSING_REASONS).nullable(),
  note: z.string().nullable(),
  /** The policies applied (closed), or to apply (closing). */
  policies: z.array(closingPolicySchema),
  /** The tenant's status when the closing started (restored by a cancel). */
  tenant_status_before: z.string().nullable(),
  requested_by: z.string().nullable(),
  requested_at: z.string().nullable(),
  close_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** What the close did, one line per policy (closed only). */
  outcome: z.array(z.string()),
  /** What its status allows now (CLOSING_STATUS_ACTIONS). */
  actions: z.array(z.enum(['run', 'cancel'])),
});
export type TenantClosing = z.infer<typeof tenantClosingSchema>;
export const tenantClosingResponse = z.object({ closing: tenantClosingSchema });
export const runClosingBody = z
  .object({
    note: z.string().trim().max(CLOSING_NOTE_MAX, CLOSING_MESSAGES.noteTooLong).optional(),
    /** A later close than the reason's grace period allows (e.g. the end of the contract); never sooner. */
    close_at: z
      .string()
      .trim()
      .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), CLOSING_MESSAGES.closeAtInvalid)
      .optional(),
  })
  .default({});
export type RunClosingBody = z.input<typeof runClosingBody>;

// ---- a tenant's billing at a glance ---------------------------------------------------------------------------------
export const tenantBillingInfoSchema = z.object({
  tenant_id: z.string(),
  tenant_name: z.string(),
  tenant_status: z.string(),
  billing_company: tenantBillingCompanySchema,
  payment: paymentAccountSchema,
  /** The partner (CPPO / MCPO) billing config in force, when the tenant buys through a reseller. */
  partner_billing: partnerBillingConfigSchema.nullable(),
  closing: tenantClosingSchema,
  contracts_in_force: z.number().int(),
  /** The commitment of the contracts in force, in cents. */
  committed_cents: z.number().int(),
  active_subscriptions: z.number().int(),
  budgets: z.number().int(),
  /** Payments received over the last 12 months, in cents (succeeded, less refunds). */
  paid_last_12_months_cents: z.number().int(),
  /** The billing area's view of the tenant's money (cents). */
  billing: z.object({
    credit_risk_level: creditRiskLevelSchema.nullable(),
    month_to_date_cost_cents: z.number().int(),
    /** Confirmed invoices' amount due. */
    confirmed_due_cents: z.number().int(),
    /** The balance of its valid credits. */
    credit_balance_cents: z.number().int(),
  }),
});
export type TenantBillingInfo = z.infer<typeof tenantBillingInfoSchema>;

/** Audit rows of contracts are of this type (instance: the contract id); the rest of the area audits as `tenant`. */
export const CONTRACT_AUDIT_TYPE = 'billing_contract' as const;
