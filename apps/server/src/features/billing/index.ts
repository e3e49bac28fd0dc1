import { billingApi, billingSkuApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { enqueueJob } from '../../platform/jobs.js';
import { approvalSettledJob, approvalTemplates, type ApprovalSettled } from '../approvals/index.js';
import * as accounts from './accounts.js';
import { creditTypes, quickSelection, UNIT_FILTERS } from './catalogue.js';
import * as credits from './credits.js';
import * as discounts from './discounts.js';
import * as invoices from './invoices.js';
import * as plans from './plans.js';
import { runRating } from './rating.js';
import { meterAndCloseMonths, meteringObservation } from './metering.js';
import * as reports from './reports.js';
import * as skuGroups from './skugroups.js';
import * as units from './units.js';
import {
  CLOSE_MONTH_JOB,
  CREDIT_APPROVAL,
  DISCOUNT_APPROVAL,
  RATE_JOB,
  type BillingDeps,
  type RatePayload,
} from './shared.js';
import * as usage from './usage.js';

// What other areas use (billing accounts: billing configs, support plans, discounts, a tenant's money).
export {
  createBillingConfig,
  getBillingConfig,
  listTenantBillingConfigs,
  tenantBillingSummary,
  tenantCostCents,
  type BillingConfigInput,
} from './accounts.js';
export { bindSupportPlan, getBoundPlan, type BindInput } from './plans.js';
export { insertDiscount, type DiscountInput } from './discounts.js';
export { quickSelection } from './catalogue.js';
export { listCredits } from './credits.js';
export { queueRating } from './shared.js';
export * from './schema.js';

const CSV = 'text/csv; charset=utf-8';

/**
 * Billing (issue 15; spec §2 /business, §7 Billing): invoices rated from usage by durable jobs, confirmed and
 * suspended; support plans and the plans bound to tenants; credit risk levels; discounts and global discounts;
 * credits; exchange and tax rates; the AR table and the cost explorer. Credits and discounts above
 * BILLING_APPROVAL_THRESHOLD_CENTS go through the approvals engine.
 */
export const billingFeature = defineFeature({
  name: 'billing',
  provides: () => [approvalTemplates.provide(CREDIT_APPROVAL, DISCOUNT_APPROVAL)],
  jobs: () => ({
    [RATE_JOB]: (tx, p: RatePayload) => runRating(tx, p),
    [CLOSE_MONTH_JOB]: (tx) => meterAndCloseMonths(tx),
    [approvalSettledJob('billing_discount')]: (tx, p: ApprovalSettled) => discounts.onDiscountApprovalSettled(tx, p),
    [approvalSettledJob('billing_credit')]: (tx, p: ApprovalSettled) => credits.onCreditApprovalSettled(tx, p),
  }),
  observations: (ctx) => [meteringObservation(ctx.config.billing.meterPeriodMinutes)],
  // Closes the months that ended (also while the app was down), then every month start: one queued job.
  start: (ctx) => enqueueJob(ctx.db, CLOSE_MONTH_JOB, {}, { dedupeKey: CLOSE_MONTH_JOB, maxAttempts: 1000 }),
  routes: (r, ctx) => {
    const { db } = ctx;
    const deps: BillingDeps = { db, approvalThresholdCents: ctx.config.billing.approvalThresholdCents };
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    // A change that queued a re-rating (or an approval's settled job): run it now rather than at the next poll.
    const woken = async <T>(out: Promise<T>): Promise<T> => {
      const result = await out;
      ctx.jobs.wake();
      return result;
    };

    // risk levels
    r.add(billingApi.riskLevels, (req) => accounts.listRiskLevels(db, req.query));
    r.add(billingApi.createRiskLevel, (req) => accounts.createRiskLevel(db, req.body, who(req)));
    r.add(billingApi.updateRiskLevel, (req) => accounts.updateRiskLevel(db, req.params.id, req.body, who(req)));
    r.add(billingApi.deleteRiskLevel, (req) => accounts.deleteRiskLevel(db, req.params.id, who(req)));
    r.add(billingApi.updateCostQuota, (req) =>
      accounts.updateCostQuota(db, req.params.id, req.body.cost_quota_limit, who(req)),
    );
    r.add(billingApi.tenantRiskLevel, (req) => accounts.getTenantRiskLevel(db, req.params.tenant_id));
    r.add(billingApi.setTenantRiskLevel, (req) =>
      accounts.setTenantRiskLevel(db, req.params.tenant_id, req.body.credit_risk_level_id, who(req)),
    );

    // catalogue
    r.add(billingApi.unitFilters, () => ({ items: [...UNIT_FILTERS] }));
    r.add(billingApi.quickSelection, (req) => quickSelection(req.params.name));
    r.add(billingApi.creditTypes, () => ({ items: creditTypes() }));
    r.add(billingApi.units, (req) => units.listUnits(db, req.query));

    // SKU groups and units made from them (/sku_editor)
    r.add(billingSkuApi.skuGroups, (req) => skuGroups.listSkuGroups(db, req.query));
    r.add(billingSkuApi.skuCategories, () => skuGroups.skuCategories());
    r.add(billingSkuApi.skuPreviewTree, () => skuGroups.previewTree(db));
    r.add(billingSkuApi.createSkuGroup, async (req) => ({
      sku_group: await skuGroups.createSkuGroup(db, req.body, who(req)),
    }));
    r.add(billingSkuApi.updateSkuGroup, async (req) => ({
      sku_group: await skuGroups.updateSkuGroup(db, req.params.id, req.body, who(req)),
    }));
    r.add(billingSkuApi.deleteSkuGroup, (req) => skuGroups.deleteSkuGroup(db, req.params.id, who(req)));
    r.add(billingSkuApi.skuPricePreview, (req) => skuGroups.pricePreview(db, req.params.id, req.body));
    r.add(billingSkuApi.createUnitsDryRun, (req) => units.dryRunUnits(db, req.body));
    r.add(billingSkuApi.createUnits, (req) => units.createUnits(db, req.body, who(req)));
    r.add(billingSkuApi.deleteUnit, (req) => units.deleteUnit(db, req.params.key, who(req)));

    // fx rates
    r.add(billingApi.fxRates, (req) => accounts.listFxRates(db, req.query));
    r.add(billingApi.setFxRate, (req) => accounts.setFxRate(db, req.body, who(req)));

    // global discounts
    r.add(billingApi.globalDiscounts, (req) => discounts.listGlobalDiscounts(db, req.query));
    r.add(billingApi.createGlobalDiscount, async (req) => ({
      global_discount: await woken(discounts.createGlobalDiscount(db, req.body, who(req))),
    }));
    r.add(billingApi.deleteGlobalDiscount, async (req) => ({
      global_discount: await woken(discounts.deleteGlobalDiscount(db, req.query.id, who(req))),
    }));

    // invoices
    r.add(billingApi.invoices, (req) => invoices.listInvoices(db, req.query));
    r.add(billingApi.configInvoices, (req) =>
      invoices.listConfigInvoices(db, req.params.tenant_id, req.params.billing_config_id, req.query),
    );
    r.add(billingApi.invoice, async (req) => ({ invoice: await invoices.getInvoice(db, req.params.invoice_id) }));
    r.add(billingApi.confirmInvoice, async (req) => ({
      invoice: await invoices.confirmInvoice(db, req.params.invoice_id, who(req)),
    }));
    r.add(billingApi.suspendInvoice, async (req) => ({
      invoice: await invoices.suspendInvoice(db, req.params.invoice_id, who(req)),
    }));
    r.add(billingApi.createCommitmentInvoice, async (req) => ({
      invoice: await invoices.createCommitmentInvoice(
        db,
        req.params.tenant_id,
        req.params.billing_config_id,
        req.body,
        who(req),
      ),
    }));

    // credits
    r.add(billingApi.credits, (req) => credits.listCredits(db, req.query));
    r.add(billingApi.createCredit, async (req) => ({
      credit: await woken(credits.createCredit(deps, req.body, who(req))),
    }));
    r.add(billingApi.reclaimCredit, async (req) => ({
      credit: await credits.reclaimCredit(db, req.params.id, who(req)),
    }));

    // discounts
    r.add(billingApi.discounts, (req) => discounts.listDiscounts(db, req.query));
    r.add(billingApi.createDiscount, async (req) => ({
      discount: await woken(discounts.createDiscount(deps, req.body, who(req))),
    }));
    r.add(billingApi.reclaimDiscount, async (req) => ({
      discount: await woken(discounts.reclaimDiscount(db, req.params.id, who(req))),
    }));

    // support plans
    r.add(billingApi.supportPlans, (req) => plans.listSupportPlans(db, req.query));
    r.add(billingApi.updateSupportPlan, (req) => woken(plans.updateSupportPlan(db, req.params.id, req.body, who(req))));
    r.add(billingApi.boundPlan, async (req) => ({
      binded_support_plan: await plans.getBoundPlan(db, req.query.tenant_id),
    }));
    r.add(billingApi.cancelBoundPlan, async (req) => ({
      binded_support_plan: await woken(plans.cancelCurrentPlan(db, req.query.tenant_id, who(req))),
    }));
    r.add(billingApi.addBoundPlan, async (req) => ({
      binded_support_plan: await woken(plans.addBoundPlan(db, req.body, who(req))),
    }));
    r.add(billingApi.disableBoundPlan, async (req) => ({
      binded_support_plan: await woken(plans.disableBoundPlan(db, req.params.id, who(req))),
    }));
    r.add(billingApi.boundPlans, (req) => plans.listBoundPlans(db, req.query));

    // tax rates
    r.add(billingApi.setTaxRate, (req) => woken(accounts.setTaxRate(db, req.body, who(req))));

    // AR table and cost explorer (CSV answers)
    r.add(billingApi.arTableInit, () => reports.arTableInit(db));
    r.add(billingApi.arTable, async (req, reply) => {
      const csv = await reports.arTableCsv(db, req.params);
      const name = `ar-table-${req.params.year}-${String(req.params.month).padStart(2, '0')}.csv`;
      reply.type(CSV).header('content-disposition', `attachment; filename="${name}"`);
      return csv;
    });
    r.add(billingApi.measures, (req) => woken(usage.storeMeasures(db, req.body, who(req))));
    r.add(billingApi.measuresDryRun, (req) => usage.dryRunMeasures(db, req.body));
    r.add(billingApi.costTrends, (req) => reports.costTrends(db, req.body));
    r.add(billingApi.costTrendsCsv, async (req, reply) => {
      const csv = await reports.costTrendsCsv(db, req.body);
      reply.type(CSV).header('content-disposition', 'attachment; filename="cost-trends.csv"');
      return csv;
    });
    r.add(billingApi.costArgs, () => reports.costArgs(db));
    r.add(billingApi.billDetails, (req) => reports.billDetails(db, req.params, req.query));
    r.add(billingApi.exportMonthlyBills, async (req, reply) => {
      const csv = await reports.monthlyBillsCsv(db, req.params);
      reply
        .type(CSV)
        .header('content-disposition', `attachment; filename="bills-${req.params.year}-${req.params.month}.csv"`);
      return csv;
    });
    r.add(billingApi.monthlyCost, (req) => reports.monthlyCost(db, req.params, req.query));
    r.add(billingApi.exportMonthlyCost, async (req, reply) => {
      const csv = await reports.monthlyCostCsv(db, req.params);
      reply
        .type(CSV)
        .header(
          'content-disposition',
          `attachment; filename="monthly-cost-${req.params.year}-${req.params.month}.csv"`,
        );
      return csv;
    });
  },
});
