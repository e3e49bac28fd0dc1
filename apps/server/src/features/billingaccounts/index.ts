import { billingAccountsApi as api } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import * as accounts from './accounts.js';
import * as closing from './closing.js';
import * as contracts from './contracts.js';
import { paymentProviderFor } from './paymentprovider.js';
import * as payments from './payments.js';
import { contractFileName, contractPdf } from './pdf.js';

export {
  embeddedPaymentProvider,
  paymentProviderFor,
  stripePaymentProvider,
  type PaymentProvider,
} from './paymentprovider.js';
export { CLOSE_JOB } from './closing.js';
export { createPartnerConfig, currentPeriod } from './accounts.js';
export { setupPayment, type PaymentDeps } from './payments.js';
export { spendOf } from './repo.js';
export * from './schema.js';

/**
 * Billing accounts (issue 15; spec §7 Billing): contracts and their PDF, payments and a tenant's payment method
 * through the payment provider (embedded, or Stripe with STRIPE_SECRET_KEY), marketplace subscriptions, billing
 * companies, budgets, CPPO / MCPO billing configs, a tenant's billing info, and tenant closing, closed at its date by
 * a durable job.
 */
export const billingAccountsFeature = defineFeature({
  name: 'billingaccounts',
  jobs: () => ({ [closing.CLOSE_JOB]: (tx, p: closing.CloseJobPayload) => closing.closeTenant(tx, p) }),
  routes: (r, ctx) => {
    const { db } = ctx;
    const deps: payments.PaymentDeps = { db, provider: paymentProviderFor(ctx.config) };
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email.toLowerCase();

    r.add(api.billingCompanies, () => accounts.listCompanies(db));
    r.add(api.tenantBillingCompany, (req) => accounts.getTenantCompany(db, req.params.id));
    r.add(api.setTenantBillingCompany, (req) =>
      accounts.setTenantCompany(db, req.params.id, req.body.billing_company_id, who(req)),
    );

    r.add(api.closing, async (req) => ({ closing: await closing.getClosing(db, req.params.id) }));
    r.add(api.cancelClosing, async (req) => ({ closing: await closing.cancelClosing(db, req.params.id, who(req)) }));
    r.add(api.closingReasons, (req) => closing.closingReasons(db, req.params.id));
    r.add(api.closingPolicies, (req) => closing.reasonPolicies(db, req.params.id, req.params.reason));
    r.add(api.runClosing, async (req) => {
      const out = await closing.runClosing(db, req.params.id, req.params.reason, who(req), req.body);
      // A close due now (no grace period): run it at once rather than at the next poll.
      ctx.jobs.wake();
      return { closing: out };
    });

    r.add(api.tenantBillingInfo, (req) => accounts.billingInfo(db, req.params.id));
    r.add(api.tenantBillingConfigs, (req) => accounts.tenantBillingConfigs(db, req.params.id));
    r.add(api.managedTenants, (req) => accounts.managedTenants(db, req.params.id, req.query));
    r.add(api.cppoBillingConfig, async (req) => ({
      billing_config: await accounts.createPartnerConfig(db, 'cppo', who(req), req.body),
    }));
    r.add(api.mcpoBillingConfig, async (req) => ({
      billing_config: await accounts.createPartnerConfig(db, 'mcpo', who(req), req.body),
    }));

    r.add(api.subscriptions, (req) => payments.listSubscriptions(db, req.query));
    r.add(api.subscription, async (req) => ({ subscription: await payments.getSubscription(db, req.params.id) }));
    r.add(api.cancelSubscription, async (req) => ({
      subscription: await payments.cancelSubscription(db, req.params.id, who(req), req.query.reason),
    }));

    r.add(api.contracts, (req) => contracts.listContracts(db, req.query));
    r.add(api.createContract, async (req) => ({ contract: await contracts.createContract(db, who(req), req.body) }));
    r.add(api.contract, async (req) => ({ contract: await contracts.getContract(db, req.params.cid) }));
    r.add(api.updateContract, async (req) => ({
      contract: await contracts.updateContract(db, req.params.cid, who(req), req.body),
    }));
    r.add(api.contractAction, async (req) => ({
      contract: await contracts.contractAction(db, req.params.cid, req.params.action, who(req), req.body),
    }));
    r.add(api.downloadContract, async (req, reply) => {
      const { contract, company } = await contracts.contractForPdf(db, req.params.cid);
      const pdf = await contractPdf(contract, company);
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${contractFileName(contract)}"`)
        .header('cache-control', 'no-store');
      // Bytes, not JSON: Fastify sends a Buffer as it is (the descriptor's string schema documents the body).
      return Buffer.from(pdf) as unknown as string;
    });

    r.add(api.budgets, (req) => accounts.listBudgets(db, req.query));
    r.add(api.deleteBudget, async (req) => ({ budget: await accounts.deleteBudget(db, req.params.id, who(req)) }));

    r.add(api.payments, (req) => payments.listPayments(db, req.query));
    r.add(api.activePayment, async (req) => ({ payment: await payments.getAccount(db, req.query.tenant_id) }));
    r.add(api.paymentTypes, () => payments.paymentTypes());
    r.add(api.providerInvoices, (req) => payments.providerInvoices(deps, req.query.tenant_id, req.query.limit));
    r.add(api.providerPaymentMethods, (req) => payments.providerPaymentMethods(deps, req.query.tenant_id));
    r.add(api.setPaymentCode, async (req) => ({
      payment: await payments.setPaymentCode(db, req.params.tenant_id, who(req), req.body),
    }));
    r.add(api.setInvoiceable, async (req) => ({
      payment: await payments.setInvoiceable(db, req.params.tenant_id, who(req), req.body.invoiceable),
    }));
    r.add(api.setupPayment, async (req) => ({
      payment: await payments.setupPayment(deps, req.params.type, who(req), req.body),
    }));
  },
});
