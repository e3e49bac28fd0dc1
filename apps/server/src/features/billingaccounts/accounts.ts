import type { z } from 'zod';
import {
  budgetState,
  discountFromPercentOff,
  PARTNER_BILLING_LABELS,
  PARTNER_BILLING_MESSAGES,
  tomorrowUtc,
  type BillingCompany,
  type BillingConfig,
  type Budget,
  type budgetListQuery,
  type BudgetPeriod,
  type cppoBillingConfigBody,
  type ListResult,
  type managedTenantsQuery,
  type mcpoBillingConfigBody,
  type PartnerBillingConfig,
  type PartnerBillingType,
  type TenantBillingCompany,
  type TenantBillingInfo,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import {
  bindSupportPlan,
  createBillingConfig,
  insertDiscount,
  listTenantBillingConfigs,
  quickSelection,
  tenantBillingSummary,
} from '../billing/index.js';
import { getClosing } from './closing.js';
import { toAccount } from './payments.js';
import * as repo from './repo.js';
import { assertTenantOpen, auditTenant, bodyTenant, fieldError, parseNumericId, tenantOr404 } from './shared.js';

/*
 * Billing companies and a tenant's, budgets, partner (CPPO / MCPO) billing configs and managed tenants, and a tenant's
 * billing at a glance (spec §7 `billing_company`, `tenants/{id}/billing_company`, `budgets`, `cppo_billing_config`,
 * `mcpo_billing_config`, `billing_configs/managed_tenants/{id}`, `tenants/{id}/billing_info`, `…/billing_configs`).
 */

// ---- billing companies ----------------------------------------------------------------------------------------------
export function toCompany(r: repo.CompanyRow): BillingCompany {
  return {
    id: r.id,
    name: r.name,
    country: r.country,
    address: r.address,
    tax_id: r.taxId,
    email: r.email,
    currency: 'USD',
    is_default: r.isDefault,
  };
}

export async function listCompanies(db: Db): Promise<ListResult<BillingCompany>> {
  const rows = await repo.selectCompanies(db);
  return { items: rows.map(toCompany), total: rows.length };
}

async function tenantCompany(db: Db, tenantId: string): Promise<TenantBillingCompany> {
  const own = await repo.findTenantCompany(db, tenantId);
  const company = (own && (await repo.findCompany(db, own.billingCompanyId))) || (await repo.findDefaultCompany(db));
  return {
    tenant_id: tenantId,
    billing_company: toCompany(company),
    assigned: Boolean(own),
    updated_at: isoOrNull(own?.updatedAt ?? null),
    updated_by: own?.updatedBy ?? null,
  };
}

export async function getTenantCompany(db: Db, tenantId: string): Promise<TenantBillingCompany> {
  await tenantOr404(db, tenantId);
  return tenantCompany(db, tenantId);
}

/** Assigns the company that invoices a tenant (not a closed one). */
export async function setTenantCompany(
  db: Db,
  tenantId: string,
  companyId: string,
  who: string,
  at = new Date(),
): Promise<TenantBillingCompany> {
  await db.transaction(async (tx) => {
    const tenant = await tenantOr404(tx, tenantId, true);
    assertTenantOpen(tenant, { closing: false });
    if (!(await repo.findCompany(tx, companyId))) {
      const message = `Billing company ${companyId} does not exist`;
      throw new AppError('billingaccounts.unknownBillingCompany', message, [
        { field: 'body.billing_company_id', message },
      ]);
    }
    const before = await tenantCompany(tx, tenantId);
    await repo.upsertTenantCompany(tx, tenantId, companyId, who, at);
    await auditTenant(
      tx,
      tenantId,
      who,
      'billing_company_set',
      {
        before: { billing_company_id: before.billing_company.id, assigned: before.assigned },
        after: { billing_company_id: companyId, assigned: true },
      },
      at,
    );
  });
  return tenantCompany(db, tenantId);
}

// ---- budgets --------------------------------------------------------------------------------------------------------
const PERIOD_MONTHS: Record<BudgetPeriod, number> = { monthly: 1, quarterly: 3, annually: 12 };
const addMonths = (d: Date, n: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate(), d.getUTCHours()));

/** The budget's period that holds `at` (its first period when `at` is before it starts). */
export function currentPeriod(anchor: Date, period: BudgetPeriod, at: Date): { start: Date; end: Date } {
  const months = PERIOD_MONTHS[period];
  let k = Math.max(
    0,
    Math.floor(
      ((at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + at.getUTCMonth() - anchor.getUTCMonth()) / months,
    ),
  );
  while (k > 0 && addMonths(anchor, k * months) > at) k--;
  while (addMonths(anchor, (k + 1) * months) <= at) k++;
  const start = addMonths(anchor, k * months);
  return { start, end: addMonths(start, months) };
}

/** Budgets with the spend of their current period (one statement for all of them). */
async function withSpend(db: Db, rows: repo.BudgetRow[], at = new Date()): Promise<Budget[]> {
  const periods = rows.map((r) => currentPeriod(r.periodStart, r.period as BudgetPeriod, at));
  const spend = await repo.spendOf(
    db,
    rows.map((r, i) => ({
      id: r.id,
      tenantId: r.tenantId,
      // Usage is invoiced per month: the months that start in the period.
      from: periods[i]!.start.toISOString(),
      to: periods[i]!.end.toISOString(),
      projectIds: (r.projectIds as string[]) ?? [],
    })),
  );
  return rows.map((r, i) => {
    const thresholds = (r.thresholds as number[]) ?? [];
    const spent = spend.get(r.id) ?? 0;
    return {
      id: String(r.id),
      tenant_id: r.tenantId,
      name: r.name,
      period: r.period as Budget['period'],
      amount_cents: r.amountCents,
      thresholds,
      project_ids: (r.projectIds as string[]) ?? [],
      notify_emails: (r.notifyEmails as string[]) ?? [],
      period_start: iso(periods[i]!.start),
      period_end: iso(periods[i]!.end),
      spent_cents: spent,
      state: budgetState(spent, r.amountCents, thresholds),
      created_by: r.createdBy,
      created_at: iso(r.createdAt),
    };
  });
}

export async function listBudgets(db: Db, q: z.output<typeof budgetListQuery>): Promise<ListResult<Budget>> {
  const page = await listPage(repo.selectBudgets(db, q), repo.countBudgets(db, q));
  return { total: page.total, items: await withSpend(db, page.items) };
}

export async function deleteBudget(db: Db, id: string, who: string, at = new Date()): Promise<Budget> {
  const n = parseNumericId(id);
  return db.transaction(async (tx) => {
    const row = n === undefined ? undefined : await repo.findBudget(tx, n, true);
    if (!row) throw new AppError('billingaccounts.budgetNotFound', `Budget ${id} not found`);
    const [budget] = await withSpend(tx, [row], at);
    await repo.deleteBudget(tx, row.id);
    await auditTenant(
      tx,
      row.tenantId,
      who,
      'budget_delete',
      { budget_id: budget!.id, before: budget, after: null },
      at,
    );
    return budget!;
  });
}

// ---- partner billing configs ----------------------------------------------------------------------------------------
interface StoredDiscount {
  usage: string;
  percent_off: number;
  discount: number;
  end_date: string | null;
}

export function toPartnerConfig(r: repo.PartnerConfigWithTenant): PartnerBillingConfig {
  return {
    id: String(r.id),
    partner_type: r.partnerType as PartnerBillingType,
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    tenant_status: r.tenantStatus,
    reseller_id: r.resellerId,
    payment_code: r.paymentCode,
    payment_sub_code: r.paymentSubCode,
    effective_date: iso(r.effectiveDate),
    support_plan: (r.supportPlan as PartnerBillingConfig['support_plan']) ?? null,
    discounts: ((r.discounts as StoredDiscount[]) ?? []).map((d) => ({
      usage: d.usage as PartnerBillingConfig['discounts'][number]['usage'],
      percent_off: d.percent_off,
      discount: d.discount,
      end_date: d.end_date,
    })),
    billing_config_id: r.billingConfigId,
    binded_support_plan_id: r.boundPlanId,
    discount_ids: (r.discountIds as string[]) ?? [],
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
  };
}

/**
 * Creates a CPPO or MCPO customer's billing config (spec §3, §5 "Customer linking"): the tenant and its reseller
 * exist and differ, the effective date is at least tomorrow (UTC) unless `skip_partner_active_check`, a support plan
 * ends at least tomorrow, one config per tenant and effective date. The tenant's payment code follows the config's.
 */
export async function createPartnerConfig(
  db: Db,
  type: PartnerBillingType,
  who: string,
  body: z.output<typeof cppoBillingConfigBody> | z.output<typeof mcpoBillingConfigBody>,
  at = new Date(),
): Promise<PartnerBillingConfig> {
  const M = PARTNER_BILLING_MESSAGES;
  const tomorrow = Date.parse(`${tomorrowUtc(at)}T00:00:00Z`);
  if (!body.skip_partner_active_check && Date.parse(body.effective_date) < tomorrow)
    throw fieldError('effective_date', M.effectiveNotTomorrow);
  if (body.support_plan?.end_date && Date.parse(body.support_plan.end_date) < tomorrow)
    throw fieldError('support_plan.end_date', M.supportEndNotTomorrow);
  const id = await db.transaction(async (tx) => {
    const tenant = await bodyTenant(tx, body.tenant_id, 'tenant_id', true);
    assertTenantOpen(tenant, { closing: true });
    const reseller = await repo.findTenant(tx, body.reseller_id);
    if (!reseller || reseller.id === tenant.id) {
      const message = reseller
        ? 'A tenant cannot be its own reseller'
        : `Reseller ${body.reseller_id} is not a tenant of the portal`;
      throw new AppError('billingaccounts.unknownReseller', message, [{ field: 'body.reseller_id', message }]);
    }
    const effective = new Date(body.effective_date);
    const same = await repo.findPartnerConfigOn(tx, tenant.id, effective);
    if (same)
      throw new AppError(
        'billingaccounts.partnerConfigOverlap',
        `Tenant ${tenant.name} already has a partner billing config effective on ${body.effective_date.slice(0, 10)}`,
        { billing_config_id: String(same.id) },
      );
    const discounts: StoredDiscount[] = body.discounts.map((d) => ({
      usage: d.usage,
      percent_off: d.percent_off,
      discount: discountFromPercentOff(d.percent_off),
      end_date: d.end_date ?? null,
    }));
    const supportPlan = body.support_plan
      ? { support_plan_id: body.support_plan.support_plan_id, end_date: body.support_plan.end_date ?? null }
      : null;
    // Billing's side, in this transaction: the billing config (it ends the tenant's config before), the support plan
    // bound from the effective date, and the discounts on every billing item; billing re-rates the open invoices.
    const config = await createBillingConfig(
      tx,
      {
        tenant_id: tenant.id,
        kind: type,
        reseller_id: reseller.id,
        payment_code: body.payment_code,
        payment_sub_code: type === 'cppo' ? (body.payment_sub_code ?? null) : null,
        effective_date: body.effective_date.slice(0, 10),
        created_by: who,
      },
      at,
    );
    let boundPlanId: string | null = null;
    if (supportPlan) {
      try {
        const bound = await bindSupportPlan(
          tx,
          {
            tenant_id: tenant.id,
            support_plan_id: supportPlan.support_plan_id,
            // The named (public) plan's own terms apply; these are not used for it.
            level: 'enterprise',
            type: 'fixed_price',
            fixed_charge_price: 0,
            support_price_percentage: null,
            tiered_price_rules: [],
            active_date: body.effective_date,
            expired_date: supportPlan.end_date,
            created_by: who,
          },
          at,
        );
        boundPlanId = String(bound.id);
      } catch (err) {
        if (err instanceof AppError && err.code === 'billing.supportPlanNotFound')
          throw fieldError('support_plan.support_plan_id', err.message);
        throw err;
      }
    }
    const discountIds: string[] = [];
    for (const d of discounts)
      discountIds.push(
        String(
          await insertDiscount(
            tx,
            {
              customers: [tenant.id],
              unit_filters: quickSelection('all').filter_ids,
              usage: d.usage,
              provider: 'all',
              description: `${PARTNER_BILLING_LABELS[type]} customer discount`,
              discount: d.discount,
              started_at: body.effective_date,
              expired_at: d.end_date ?? new Date(addMonths(effective, 12).getTime() - 1000).toISOString(),
              note: `Partner terms: reseller ${reseller.name}`.slice(0, 128),
              created_by: who,
            },
            { status: 'valid' },
            at,
          ),
        ),
      );
    const n = await repo.insertPartnerConfig(tx, {
      partnerType: type,
      tenantId: tenant.id,
      resellerId: reseller.id,
      paymentCode: body.payment_code,
      paymentSubCode: type === 'cppo' ? (body.payment_sub_code ?? null) : null,
      effectiveDate: effective,
      supportPlan,
      discounts,
      billingConfigId: config.billing_config_id,
      boundPlanId,
      discountIds,
      createdBy: who,
      createdAt: at,
    });
    // A partner customer pays through the marketplace the reseller sells on, reconciled by the config's codes.
    const account = await repo.findAccount(tx, tenant.id, true);
    await repo.upsertAccount(tx, tenant.id, {
      paymentCode: body.payment_code,
      paymentSubCode: type === 'cppo' ? (body.payment_sub_code ?? null) : null,
      updatedBy: who,
      updatedAt: at,
    });
    await auditTenant(
      tx,
      tenant.id,
      who,
      `${type}_billing_config_create`,
      {
        partner_billing_config_id: String(n),
        billing_config_id: config.billing_config_id,
        binded_support_plan_id: boundPlanId,
        discount_ids: discountIds,
        before: { payment_code: account?.paymentCode ?? null, payment_sub_code: account?.paymentSubCode ?? null },
        after: {
          partner_type: type,
          reseller_id: reseller.id,
          payment_code: body.payment_code,
          payment_sub_code: type === 'cppo' ? body.payment_sub_code : null,
          effective_date: body.effective_date,
          support_plan: supportPlan,
          discounts,
        },
      },
      at,
    );
    return n;
  });
  return toPartnerConfig((await repo.findPartnerConfig(db, id))!);
}

/** The tenant's billing configs (the billing area's: direct, CPPO, MCPO, MSP), newest effective first. */
export async function tenantBillingConfigs(db: Db, tenantId: string): Promise<ListResult<BillingConfig>> {
  await tenantOr404(db, tenantId);
  const items = await listTenantBillingConfigs(db, tenantId);
  return { items, total: items.length };
}

/** The tenants a reseller manages: its customers' partner billing configs. */
export async function managedTenants(
  db: Db,
  resellerId: string,
  q: z.output<typeof managedTenantsQuery>,
): Promise<ListResult<PartnerBillingConfig>> {
  await tenantOr404(db, resellerId);
  const page = await listPage(
    repo.selectManagedTenants(db, resellerId, q),
    repo.countManagedTenants(db, resellerId, q),
  );
  return { total: page.total, items: page.items.map(toPartnerConfig) };
}

// ---- billing info ---------------------------------------------------------------------------------------------------
const YEAR_MS = 365 * 86_400_000;

export async function billingInfo(db: Db, tenantId: string, at = new Date()): Promise<TenantBillingInfo> {
  const tenant = await tenantOr404(db, tenantId);
  const [company, account, partner, closing, inForce, subscriptions, budgets, paid, money] = await Promise.all([
    tenantCompany(db, tenantId),
    repo.findAccount(db, tenantId),
    repo.selectTenantPartnerConfigs(db, tenantId),
    getClosing(db, tenantId),
    repo.contractsInForce(db, tenantId),
    repo.activeSubscriptionCount(db, tenantId),
    repo.budgetCount(db, tenantId),
    repo.paidSince(db, tenantId, new Date(at.getTime() - YEAR_MS)),
    tenantBillingSummary(db, tenantId),
  ]);
  const current = partner.find((p) => p.effectiveDate <= at) ?? null;
  return {
    tenant_id: tenant.id,
    tenant_name: tenant.name,
    tenant_status: tenant.status,
    billing_company: company,
    payment: toAccount(tenantId, account),
    partner_billing: current ? toPartnerConfig(current) : null,
    closing,
    contracts_in_force: inForce.n,
    committed_cents: inForce.cents,
    active_subscriptions: subscriptions,
    budgets,
    paid_last_12_months_cents: paid,
    billing: {
      credit_risk_level: money.credit_risk_level,
      month_to_date_cost_cents: money.month_to_date_cost,
      confirmed_due_cents: money.confirmed_due,
      credit_balance_cents: money.credit_balance,
    },
  };
}
