import { z } from 'zod';
import { route } from './api.js';
import {
  billingCompanyList,
  budgetResponse,
  budgetSchema,
  cancelSubscriptionQuery,
  CLOSING_REASONS,
  closingPolicySchema,
  closingReasonSchema,
  CONTRACT_ACTIONS,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  contractActionBody,
  contractResponse,
  contractSchema,
  cppoBillingConfigBody,
  createContractBody,
  marketplaceSubscriptionSchema,
  MARKETPLACES,
  mcpoBillingConfigBody,
  PARTNER_BILLING_TYPES,
  partnerBillingConfigList,
  partnerBillingConfigResponse,
  PAYMENT_METHOD_TYPES,
  PAYMENT_STATUSES,
  paymentAccountResponse,
  paymentSchema,
  paymentTypeSchema,
  providerInvoiceSchema,
  providerPaymentMethodSchema,
  runClosingBody,
  setInvoiceableBody,
  setPaymentCodeBody,
  setTenantBillingCompanyBody,
  setupPaymentBody,
  SUBSCRIPTION_STATUSES,
  subscriptionResponse,
  tenantBillingCompanySchema,
  tenantBillingInfoSchema,
  tenantClosingResponse,
  updateContractBody,
} from './billingaccounts.js';
import { listQuery, listResult, repeated } from './list.js';
import { billingConfigSchema } from './billing-plans.js';

/** Spec §7 "Billing (prefix /api/v1/devops/billing-proxy/api/v1/billing)". */
const BILLING_ACCOUNTS_PREFIX = '/api/v1/devops/billing-proxy/api/v1/billing';
const B = BILLING_ACCOUNTS_PREFIX;

const tenantParams = z.object({ id: z.string().trim().min(1).max(64) });
const tenantQuery = z.string().trim().min(1, 'tenant_id is required').max(64);

export const contractListQuery = listQuery(
  {
    tenant_id: z.string().trim().max(64).optional(),
    status: repeated(z.enum(CONTRACT_STATUSES)),
    type: z.enum(CONTRACT_TYPES).optional(),
  },
  ['created_at', 'start_date', 'end_date', 'commitment_cents'],
  '-created_at',
);
export type ContractListQuery = z.input<typeof contractListQuery>;

export const paymentListQuery = listQuery(
  {
    tenant_id: z.string().trim().max(64).optional(),
    status: repeated(z.enum(PAYMENT_STATUSES)),
    type: z.enum(PAYMENT_METHOD_TYPES).optional(),
  },
  ['created_at', 'amount_cents'],
  '-created_at',
);
export type PaymentListQuery = z.input<typeof paymentListQuery>;

export const subscriptionListQuery = listQuery(
  {
    tenant_id: z.string().trim().max(64).optional(),
    status: repeated(z.enum(SUBSCRIPTION_STATUSES)),
    marketplace: z.enum(MARKETPLACES).optional(),
  },
  ['subscribed_at'],
  '-subscribed_at',
);
export type SubscriptionListQuery = z.input<typeof subscriptionListQuery>;

export const budgetListQuery = listQuery(
  { tenant_id: z.string().trim().max(64).optional() },
  ['created_at', 'amount_cents'],
  '-created_at',
);
export type BudgetListQuery = z.input<typeof budgetListQuery>;

export const managedTenantsQuery = listQuery(
  { partner_type: z.enum(PARTNER_BILLING_TYPES).optional() },
  ['effective_date', 'created_at'],
  '-effective_date',
);

const contractParams = z.object({ cid: z.string().trim().min(1).max(20) });
const reasonParams = z.object({ id: z.string().trim().min(1).max(64), reason: z.enum(CLOSING_REASONS) });
const paymentParams = z.object({ tenant_id: z.string().trim().min(1).max(64) });

/**
 * Billing accounts: contracts, payments, marketplace subscriptions, billing companies, budgets, partner billing
 * configs, a tenant's billing info and its closing (spec §7 Billing; the rest of that list is billingApi's). Paths
 * are the spec's under the prefix; `GET contracts/{cid}` and `GET subscriptions` are this portal's additions.
 */
export const billingAccountsApi = {
  // ---- billing companies
  billingCompanies: route({
    method: 'GET',
    path: `${B}/billing_company`,
    access: 'billing.read',
    response: billingCompanyList,
  }),
  tenantBillingCompany: route({
    method: 'GET',
    path: `${B}/tenants/:id/billing_company`,
    access: 'billing.read',
    params: tenantParams,
    response: tenantBillingCompanySchema,
  }),
  setTenantBillingCompany: route({
    method: 'PUT',
    path: `${B}/tenants/:id/billing_company`,
    access: 'billing.write',
    params: tenantParams,
    body: setTenantBillingCompanyBody,
    response: tenantBillingCompanySchema,
  }),

  // ---- tenant closing
  closing: route({
    method: 'GET',
    path: `${B}/tenants/:id/closing`,
    access: 'billing.read',
    params: tenantParams,
    response: tenantClosingResponse,
  }),
  cancelClosing: route({
    method: 'POST',
    path: `${B}/tenants/:id/closing/actions/cancel`,
    access: 'billing.write',
    params: tenantParams,
    response: tenantClosingResponse,
  }),
  closingReasons: route({
    method: 'GET',
    path: `${B}/tenants/:id/closing/reasons`,
    access: 'billing.read',
    params: tenantParams,
    response: listResult(closingReasonSchema),
  }),
  closingPolicies: route({
    method: 'GET',
    path: `${B}/tenants/:id/closing/reasons/:reason/policies`,
    access: 'billing.read',
    params: reasonParams,
    response: z.object({ reason: closingReasonSchema, items: z.array(closingPolicySchema), total: z.number().int() }),
  }),
  /** Closing a tenant is an admin's decision (it ends its contracts and subscriptions at the close). */
  runClosing: route({
    method: 'POST',
    path: `${B}/tenants/:id/closing/reasons/:reason/actions/run`,
    access: 'billing.manage',
    params: reasonParams,
    body: runClosingBody,
    response: tenantClosingResponse,
  }),

  // ---- a tenant's billing
  tenantBillingInfo: route({
    method: 'GET',
    path: `${B}/tenants/:id/billing_info`,
    access: 'billing.read',
    params: tenantParams,
    response: tenantBillingInfoSchema,
  }),
  tenantBillingConfigs: route({
    method: 'GET',
    path: `${B}/tenants/:id/billing_configs`,
    access: 'billing.read',
    params: tenantParams,
    response: listResult(billingConfigSchema),
  }),
  managedTenants: route({
    method: 'GET',
    path: `${B}/billing_configs/managed_tenants/:id`,
    access: 'billing.read',
    params: tenantParams,
    query: managedTenantsQuery,
    response: partnerBillingConfigList,
  }),
  cppoBillingConfig: route({
    method: 'POST',
    path: `${B}/cppo_billing_config`,
    access: 'billing.write',
    status: 201,
    body: cppoBillingConfigBody,
    response: partnerBillingConfigResponse,
  }),
  mcpoBillingConfig: route({
    method: 'POST',
    path: `${B}/mcpo_billing_config`,
    access: 'billing.write',
    status: 201,
    body: mcpoBillingConfigBody,
    response: partnerBillingConfigResponse,
  }),

  // ---- marketplace subscriptions
  subscriptions: route({
    method: 'GET',
    path: `${B}/subscriptions`,
    access: 'billing.read',
    query: subscriptionListQuery,
    response: listResult(marketplaceSubscriptionSchema),
  }),
  subscription: route({
    method: 'GET',
    path: `${B}/subscriptions/:id`,
    access: 'billing.read',
    response: subscriptionResponse,
  }),
  /** Cancels the subscription (it stays, cancelled, for the record). */
  cancelSubscription: route({
    method: 'DELETE',
    path: `${B}/subscriptions/:id`,
    access: 'billing.write',
    query: cancelSubscriptionQuery,
    response: subscriptionResponse,
  }),

  // ---- contracts
  contracts: route({
    method: 'GET',
    path: `${B}/contracts`,
    access: 'billing.read',
    query: contractListQuery,
    response: listResult(contractSchema),
  }),
  createContract: route({
    method: 'POST',
    path: `${B}/contracts`,
    access: 'billing.write',
    status: 201,
    body: createContractBody,
    response: contractResponse,
  }),
  contract: route({
    method: 'GET',
    path: `${B}/contracts/:cid`,
    access: 'billing.read',
    params: contractParams,
    response: contractResponse,
  }),
  updateContract: route({
    method: 'PUT',
    path: `${B}/contracts/:cid`,
    access: 'billing.write',
    params: contractParams,
    body: updateContractBody,
    response: contractResponse,
  }),
  contractAction: route({
    method: 'POST',
    path: `${B}/contracts/:cid/actions/:action`,
    access: 'billing.write',
    params: z.object({ cid: contractParams.shape.cid, action: z.enum(CONTRACT_ACTIONS) }),
    body: contractActionBody,
    response: contractResponse,
  }),
  /** The contract as a PDF (`application/pdf`, an attachment named after its number). */
  downloadContract: route({
    method: 'GET',
    path: `${B}/contracts/:cid/download`,
    access: 'billing.read',
    params: contractParams,
    response: z.string().describe('application/pdf'),
  }),

  // ---- budgets
  budgets: route({
    method: 'GET',
    path: `${B}/budgets`,
    access: 'billing.read',
    query: budgetListQuery,
    response: listResult(budgetSchema),
  }),
  deleteBudget: route({
    method: 'DELETE',
    path: `${B}/budgets/:id`,
    access: 'billing.write',
    response: budgetResponse,
  }),

  // ---- payments
  payments: route({
    method: 'GET',
    path: `${B}/payments`,
    access: 'billing.read',
    query: paymentListQuery,
    response: listResult(paymentSchema),
  }),
  activePayment: route({
    method: 'GET',
    path: `${B}/payments/active`,
    access: 'billing.read',
    query: z.object({ tenant_id: tenantQuery }),
    response: paymentAccountResponse,
  }),
  paymentTypes: route({
    method: 'GET',
    path: `${B}/payments/types`,
    access: 'billing.read',
    response: listResult(paymentTypeSchema),
  }),
  providerInvoices: route({
    method: 'GET',
    path: `${B}/payments/stripe/invoices`,
    access: 'billing.read',
    query: z.object({ tenant_id: tenantQuery, limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: listResult(providerInvoiceSchema),
  }),
  providerPaymentMethods: route({
    method: 'GET',
    path: `${B}/payments/stripe/payment_methods`,
    access: 'billing.read',
    query: z.object({ tenant_id: tenantQuery }),
    response: listResult(providerPaymentMethodSchema),
  }),
  setPaymentCode: route({
    method: 'PUT',
    path: `${B}/payments/:tenant_id/code`,
    access: 'billing.write',
    params: paymentParams,
    body: setPaymentCodeBody,
    response: paymentAccountResponse,
  }),
  setInvoiceable: route({
    method: 'PUT',
    path: `${B}/payments/:tenant_id/invoiceable`,
    access: 'billing.write',
    params: paymentParams,
    body: setInvoiceableBody,
    response: paymentAccountResponse,
  }),
  /** Makes `type` the tenant's active payment method. */
  setupPayment: route({
    method: 'POST',
    path: `${B}/payments/setup/:type`,
    access: 'billing.write',
    params: z.object({ type: z.enum(PAYMENT_METHOD_TYPES) }),
    body: setupPaymentBody,
    response: paymentAccountResponse,
  }),
};
