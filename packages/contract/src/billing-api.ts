import { z } from 'zod';
import { route } from './api.js';
import { listResult } from './list.js';
import { BILLING_PREFIX, UNIT_FILTER_QUICK_SELECTIONS } from './billing.js';
import {
  addBoundPlanBody,
  billingUnitSchema,
  boundPlanListQuery,
  boundPlanResponse,
  boundSupportPlanSchema,
  createRiskLevelBody,
  creditRiskLevelSchema,
  creditTypesResponse,
  fxRateListQuery,
  fxRateSchema,
  quickSelectionSchema,
  riskLevelListQuery,
  setFxRateBody,
  setTaxRateBody,
  setTenantRiskLevelBody,
  supportPlanListQuery,
  supportPlanSchema,
  taxRateResponse,
  tenantQuery,
  tenantRiskLevelSchema,
  unitFilterTreeResponse,
  unitListQuery,
  updateCostQuotaBody,
  updateRiskLevelBody,
  updateSupportPlanBody,
} from './billing-plans.js';
import {
  arMonthParams,
  arTableInitSchema,
  billDetailsQuery,
  costArgsSchema,
  costTrendsBody,
  costTrendsSchema,
  createCommitmentInvoiceBody,
  createCreditBody,
  createDiscountBody,
  createGlobalDiscountBody,
  creditListQuery,
  creditResponse,
  creditSchema,
  csvResponse,
  discountListQuery,
  discountResponse,
  discountSchema,
  globalDiscountIdQuery,
  globalDiscountListQuery,
  globalDiscountResponse,
  globalDiscountSchema,
  invoiceListQuery,
  invoiceResponse,
  invoiceSchema,
  measuresBody,
  measuresResult,
  monthlyCostList,
  monthlyCostQuery,
  monthParams,
  usageLineSchema,
} from './billing-invoices.js';

/*
 * The billing routes (spec §7 Billing, under /api/v1/devops/billing-proxy/api/v1/billing, exactly as the spec writes
 * the paths); schemas, states and messages are in billing.ts. Reads need `portal.read`, billing changes
 * `portal.operate`; what moves money on the provider's side is admin-only (`admin.manage`): confirming an invoice,
 * global discounts, a risk level's cost quota. Credits and discounts worth more than the approval threshold wait for
 * an approval (separation of duties) whoever creates them.
 */
const B = BILLING_PREFIX;

const riskLevelParams = z.object({ id: z.string().trim().min(1).max(40) });
const tenantParams = z.object({ tenant_id: z.string().trim().min(1).max(64) });
const invoiceParams = z.object({ invoice_id: z.string().trim().min(1).max(40) });
const configInvoiceParams = z.object({
  tenant_id: z.string().trim().min(1).max(64),
  billing_config_id: z.string().trim().min(1).max(40),
});
const idParams = z.object({ id: z.string().trim().min(1).max(40) });

export const billingApi = {
  // ---- credit risk levels (§7 credit_risk_levels; §5 Risk level) ----
  riskLevels: route({
    method: 'GET',
    path: `${B}/credit_risk_levels`,
    access: 'billing.read',
    query: riskLevelListQuery,
    response: listResult(creditRiskLevelSchema),
  }),
  createRiskLevel: route({
    method: 'POST',
    path: `${B}/credit_risk_levels`,
    access: 'billing.write',
    status: 201,
    body: createRiskLevelBody,
    response: creditRiskLevelSchema,
  }),
  updateRiskLevel: route({
    method: 'PUT',
    path: `${B}/credit_risk_levels/:id`,
    access: 'billing.write',
    params: riskLevelParams,
    body: updateRiskLevelBody,
    response: creditRiskLevelSchema,
  }),
  deleteRiskLevel: route({
    method: 'DELETE',
    path: `${B}/credit_risk_levels/:id`,
    access: 'billing.write',
    params: riskLevelParams,
    response: z.object({ credit_risk_level_id: z.string() }),
  }),
  updateCostQuota: route({
    method: 'PUT',
    path: `${B}/credit_risk_levels/:id/cost_quota`,
    access: 'billing.manage',
    params: riskLevelParams,
    body: updateCostQuotaBody,
    response: creditRiskLevelSchema,
  }),
  tenantRiskLevel: route({
    method: 'GET',
    path: `${B}/tenants/:tenant_id/credit_risk_level`,
    access: 'billing.read',
    params: tenantParams,
    response: tenantRiskLevelSchema,
  }),
  setTenantRiskLevel: route({
    method: 'PUT',
    path: `${B}/tenants/:tenant_id/credit_risk_level`,
    access: 'billing.write',
    params: tenantParams,
    body: setTenantRiskLevelBody,
    response: tenantRiskLevelSchema,
  }),

  // ---- unit filters, units, credit types ----
  unitFilters: route({
    method: 'GET',
    path: `${B}/unit_filters`,
    access: 'billing.read',
    response: unitFilterTreeResponse,
  }),
  quickSelection: route({
    method: 'GET',
    path: `${B}/unit_filters/quick_selections/:name`,
    access: 'billing.read',
    params: z.object({ name: z.enum(UNIT_FILTER_QUICK_SELECTIONS) }),
    response: quickSelectionSchema,
  }),
  creditTypes: route({
    method: 'GET',
    path: `${B}/credit_types`,
    access: 'billing.read',
    response: creditTypesResponse,
  }),
  units: route({
    method: 'GET',
    path: `${B}/units`,
    access: 'billing.read',
    query: unitListQuery,
    response: listResult(billingUnitSchema),
  }),

  // ---- fx rates (§2 Exchange Rate) ----
  fxRates: route({
    method: 'GET',
    path: `${B}/fx_rates`,
    access: 'billing.read',
    query: fxRateListQuery,
    response: listResult(fxRateSchema),
  }),
  setFxRate: route({
    method: 'POST',
    path: `${B}/fx_rates`,
    access: 'billing.write',
    status: 201,
    body: setFxRateBody,
    response: fxRateSchema,
  }),

  // ---- global discounts (admin-only writes) ----
  globalDiscounts: route({
    method: 'GET',
    path: `${B}/global-discounts`,
    access: 'billing.read',
    query: globalDiscountListQuery,
    response: listResult(globalDiscountSchema),
  }),
  createGlobalDiscount: route({
    method: 'POST',
    path: `${B}/global-discounts`,
    access: 'billing.manage',
    status: 201,
    body: createGlobalDiscountBody,
    response: globalDiscountResponse,
  }),
  /** Deletes (ends) the global discount `?id=`: it no longer applies to any invoice still open. */
  deleteGlobalDiscount: route({
    method: 'DELETE',
    path: `${B}/global-discounts`,
    access: 'billing.manage',
    query: globalDiscountIdQuery,
    response: globalDiscountResponse,
  }),

  // ---- invoices (§2 Invoices) ----
  invoices: route({
    method: 'GET',
    path: `${B}/invoices`,
    access: 'billing.read',
    query: invoiceListQuery,
    response: listResult(invoiceSchema),
  }),
  configInvoices: route({
    method: 'GET',
    path: `${B}/tenants/:tenant_id/billing_config_id/:billing_config_id/invoices`,
    access: 'billing.read',
    params: configInvoiceParams,
    query: invoiceListQuery,
    response: listResult(invoiceSchema),
  }),
  invoice: route({
    method: 'GET',
    path: `${B}/invoices/:invoice_id`,
    access: 'billing.read',
    params: invoiceParams,
    response: invoiceResponse,
  }),
  confirmInvoice: route({
    method: 'PUT',
    path: `${B}/invoices/:invoice_id/confirm`,
    access: 'billing.manage',
    params: invoiceParams,
    response: invoiceResponse,
  }),
  suspendInvoice: route({
    method: 'PUT',
    path: `${B}/invoices/:invoice_id/suspend`,
    access: 'billing.write',
    params: invoiceParams,
    response: invoiceResponse,
  }),
  createCommitmentInvoice: route({
    method: 'POST',
    path: `${B}/tenants/:tenant_id/billing_config_id/:billing_config_id/commitment_invoices`,
    access: 'billing.write',
    status: 201,
    params: configInvoiceParams,
    body: createCommitmentInvoiceBody,
    response: invoiceResponse,
  }),

  // ---- credits ----
  credits: route({
    method: 'GET',
    path: `${B}/credits`,
    access: 'billing.read',
    query: creditListQuery,
    response: listResult(creditSchema),
  }),
  createCredit: route({
    method: 'POST',
    path: `${B}/credits`,
    access: 'billing.write',
    status: 201,
    body: createCreditBody,
    response: creditResponse,
  }),
  reclaimCredit: route({
    method: 'POST',
    path: `${B}/credits/:id/actions/reclaim`,
    access: 'billing.write',
    params: idParams,
    response: creditResponse,
  }),

  // ---- discounts (§2 Discounts; §4 reclaim only when valid) ----
  discounts: route({
    method: 'GET',
    path: `${B}/discounts`,
    access: 'billing.read',
    query: discountListQuery,
    response: listResult(discountSchema),
  }),
  createDiscount: route({
    method: 'POST',
    path: `${B}/discounts`,
    access: 'billing.write',
    status: 201,
    body: createDiscountBody,
    response: discountResponse,
  }),
  /** Reclaim (§4): a valid discount stops applying; it stays listed as reclaimed. */
  reclaimDiscount: route({
    method: 'DELETE',
    path: `${B}/discounts/:id`,
    access: 'billing.write',
    params: idParams,
    response: discountResponse,
  }),

  // ---- support plans and bound plans (§2 Support Plan) ----
  supportPlans: route({
    method: 'GET',
    path: `${B}/support_plan`,
    access: 'billing.read',
    query: supportPlanListQuery,
    response: listResult(supportPlanSchema),
  }),
  updateSupportPlan: route({
    method: 'PUT',
    path: `${B}/support_plan/:id`,
    access: 'billing.write',
    params: idParams,
    body: updateSupportPlanBody,
    response: supportPlanSchema,
  }),
  /** A tenant's current bound plan (`?tenant_id=`): the active one, else the next to be activated, else null. */
  boundPlan: route({
    method: 'GET',
    path: `${B}/binded_support_plan`,
    access: 'billing.read',
    query: tenantQuery,
    response: boundPlanResponse,
  }),
  /** Cancel the tenant's current plan (`?tenant_id=`): an active one ends now, one to be activated never starts. */
  cancelBoundPlan: route({
    method: 'DELETE',
    path: `${B}/binded_support_plan`,
    access: 'billing.write',
    query: tenantQuery,
    response: boundPlanResponse,
  }),
  addBoundPlan: route({
    method: 'POST',
    path: `${B}/binded_support_plan/private`,
    access: 'billing.write',
    status: 201,
    body: addBoundPlanBody,
    response: boundPlanResponse,
  }),
  /** Disable a bound plan (only active or to_be_activated): it is charged on no invoice still open. */
  disableBoundPlan: route({
    method: 'DELETE',
    path: `${B}/binded_support_plan/:id`,
    access: 'billing.write',
    params: idParams,
    response: boundPlanResponse,
  }),
  boundPlans: route({
    method: 'GET',
    path: `${B}/binded_support_plan/list`,
    access: 'billing.read',
    query: boundPlanListQuery,
    response: listResult(boundSupportPlanSchema),
  }),

  // ---- tax rates ----
  setTaxRate: route({
    method: 'POST',
    path: `${B}/tax_rates`,
    access: 'billing.write',
    body: setTaxRateBody,
    response: taxRateResponse,
  }),

  // ---- AR table (§2 AR Table; §5 not after last month) ----
  arTableInit: route({
    method: 'GET',
    path: `${B}/cr_tables/init`,
    access: 'billing.read',
    response: arTableInitSchema,
  }),
  /** The month's confirmed invoices as CSV (text/csv; AR_TABLE_COLUMNS, a last TOTAL row). */
  arTable: route({
    method: 'GET',
    path: `${B}/ar_tables/year/:year/month/:month`,
    access: 'billing.read',
    params: arMonthParams,
    response: csvResponse,
  }),

  // ---- measures (usage in) ----
  measures: route({
    method: 'POST',
    path: `${B}/measures`,
    access: 'billing.write',
    body: measuresBody,
    response: measuresResult,
  }),
  measuresDryRun: route({
    method: 'POST',
    path: `${B}/measures/dryrun`,
    access: 'billing.write',
    body: measuresBody,
    response: measuresResult,
  }),

  // ---- cost explorer ----
  costTrends: route({
    method: 'POST',
    path: `${B}/costexplorer/trends`,
    access: 'billing.read',
    body: costTrendsBody,
    response: costTrendsSchema,
  }),
  costTrendsCsv: route({
    method: 'POST',
    path: `${B}/costexplorer/trends/csv`,
    access: 'billing.read',
    body: costTrendsBody,
    response: csvResponse,
  }),
  costArgs: route({
    method: 'GET',
    path: `${B}/costexplorer/args`,
    access: 'billing.read',
    response: costArgsSchema,
  }),
  billDetails: route({
    method: 'GET',
    path: `${B}/costexplorer/bills_details/year/:year/month/:month`,
    access: 'billing.read',
    params: monthParams,
    query: billDetailsQuery,
    response: listResult(usageLineSchema),
  }),
  /** Every invoice of the month (any status) as CSV, AR_TABLE_COLUMNS plus status. */
  exportMonthlyBills: route({
    method: 'POST',
    path: `${B}/costexplorer/monthly_bills/year/:year/month/:month/export`,
    access: 'billing.read',
    params: monthParams,
    response: csvResponse,
  }),
  monthlyCost: route({
    method: 'GET',
    path: `${B}/costexplorer/monthly_cost/year/:year/month/:month`,
    access: 'billing.read',
    params: monthParams,
    query: monthlyCostQuery,
    response: monthlyCostList,
  }),
  exportMonthlyCost: route({
    method: 'POST',
    path: `${B}/costexplorer/monthly_cost/year/:year/month/:month/export`,
    access: 'billing.read',
    params: monthParams,
    response: csvResponse,
  }),
};
