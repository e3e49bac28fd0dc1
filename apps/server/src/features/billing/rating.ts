import { and, asc, desc, eq, inArray, isNull, lt, gte, or, sql } from 'drizzle-orm';
import {
  RERATED_INVOICE_STATUSES,
  toPpm,
  type Invoice,
  type InvoiceStatus,
  type SupportLevel,
  type SupportType,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { LEAF_FILTERS } from './catalogue.js';
import { applyTiers } from './units.js';
import { rateInvoice, type DiscountRule, type PlanTerms, type RatedLine, type RateResult } from './money.js';
import {
  billingBoundPlans,
  billingConfigs,
  billingDiscountCustomers,
  billingDiscounts,
  billingGlobalDiscounts,
  billingInvoices,
  billingSupportPlans,
  billingUsage,
} from './schema.js';
import { audit, monthBounds, monthOf, nextMonthStart, SYSTEM, tenantNames, type RatePayload } from './shared.js';
import { projects } from '../orgs/index.js';

/*
 * Invoice generation and rating (the durable jobs `billing.rate` and `billing.close_month`). An invoice's amounts are
 * always recomputed from its inputs by money.ts — the month's rated usage, the discounts and global discounts in force,
 * the bound support plan, the billing config's tax rate — so re-rating is idempotent: the seed, the jobs and a confirm
 * compute the same numbers from the same rows.
 */

export type InvoiceRow = typeof billingInvoices.$inferSelect;
type ConfigRow = typeof billingConfigs.$inferSelect;

// ---- inputs ---------------------------------------------------------------------------------------------------------

export async function usageLines(db: Db, tenantId: string, periodStart: Date): Promise<RatedLine[]> {
  const u = billingUsage;
  const rows = await db
    .select({
      project_id: u.projectId,
      filter_id: u.filterId,
      provider: u.provider,
      unit: u.unit,
      quantity: u.quantity,
      price_cents: u.priceCents,
      price_per: u.pricePer,
      amount: u.amount,
    })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.month, periodStart.toISOString().slice(0, 10))));
  return rows.map((r) => ({ ...r, measure_unit: LEAF_FILTERS.get(r.filter_id)?.measure ?? '' }));
}

/** The valid discounts of a tenant and the valid global discounts, as rating rules (time is weighed by money.ts). */
export async function discountRules(db: Db, tenantId: string): Promise<DiscountRule[]> {
  const d = billingDiscounts;
  const own = await db
    .select({
      id: d.id,
      code: d.code,
      description: d.description,
      discount: d.discount,
      provider: d.provider,
      unitFilters: d.unitFilters,
      startedAt: d.startedAt,
      expiredAt: d.expiredAt,
    })
    .from(d)
    .innerJoin(billingDiscountCustomers, eq(billingDiscountCustomers.discountId, d.id))
    .where(and(eq(billingDiscountCustomers.tenantId, tenantId), eq(d.status, 'valid')))
    .orderBy(asc(d.id));
  const g = billingGlobalDiscounts;
  const global = await db.select().from(g).where(eq(g.status, 'valid')).orderBy(asc(g.id));
  return [
    ...own.map((r) => discountRule({ ...r, description: r.description || r.code })),
    ...global.map((r) => discountRule({ ...r, description: r.name }, true)),
  ];
}

/** A binding with its plan's terms, as planFor reads it (and the seed builds it). */
export interface BindingTerms {
  id: number;
  activeDate: Date;
  expiredDate: Date | null;
  state: string;
  endedAt: Date | null;
  level: string;
  type: string;
  fixed: number;
  pct: string | null;
  tiers: unknown;
}

/**
 * The support plan charged for a month: the tenant's binding in force at the month's start, else the first one
 * starting within the month. A cancelled binding covers until it was cancelled; a disabled one never counts.
 * `rows` are the tenant's bindings ordered by active date and id.
 */
export function choosePlan(rows: readonly BindingTerms[], start: Date, end: Date): PlanTerms | null {
  let chosen: BindingTerms | undefined;
  for (const r of rows) {
    if (r.state === 'disabled' || r.activeDate.getTime() >= end.getTime()) continue;
    let until = r.expiredDate?.getTime() ?? Infinity;
    if (r.state === 'cancelled' && r.endedAt) until = Math.min(until, r.endedAt.getTime());
    if (until <= start.getTime() || until <= r.activeDate.getTime()) continue;
    if (r.activeDate.getTime() <= start.getTime()) chosen = r;
    else if (!chosen) {
      chosen = r;
      break;
    }
  }
  if (!chosen) return null;
  return {
    binded_support_plan_id: String(chosen.id),
    level: chosen.level as SupportLevel,
    type: chosen.type as SupportType,
    fixedChargePrice: chosen.fixed,
    percentagePpm: chosen.pct === null ? null : toPpm(chosen.pct),
    tiers: (
      chosen.tiers as { lower_bound: number; upper_bound: number | null; support_price_percentage: number }[]
    ).map((t) => ({ lower: t.lower_bound, upper: t.upper_bound, ppm: toPpm(t.support_price_percentage) })),
  };
}

export async function planFor(db: Db, tenantId: string, start: Date, end: Date): Promise<PlanTerms | null> {
  const b = billingBoundPlans;
  const p = billingSupportPlans;
  const rows = await db
    .select({
      id: b.id,
      activeDate: b.activeDate,
      expiredDate: b.expiredDate,
      state: b.state,
      endedAt: b.endedAt,
      level: p.level,
      type: p.type,
      fixed: p.fixedChargePrice,
      pct: p.supportPricePercentage,
      tiers: p.tieredPriceRules,
    })
    .from(b)
    .innerJoin(p, eq(p.id, b.supportPlanId))
    .where(and(eq(b.tenantId, tenantId), inArray(b.state, ['bound', 'cancelled']), lt(b.activeDate, end)))
    .orderBy(asc(b.activeDate), asc(b.id));
  return choosePlan(rows, start, end);
}

/** A discount (or, with `global`, a global discount) as a rating rule. */
export function discountRule(
  r: {
    id: number;
    description: string;
    discount: string;
    provider: string;
    unitFilters: unknown;
    startedAt: Date;
    expiredAt: Date;
  },
  global = false,
): DiscountRule {
  return {
    sid: global ? `global-${r.id}` : String(r.id),
    kind: global ? 'global' : 'discount',
    description: r.description,
    discount: Number(r.discount),
    multiplierPpm: toPpm(r.discount),
    provider: r.provider,
    filterIds: new Set(r.unitFilters as string[]),
    start: r.startedAt,
    end: r.expiredAt,
  };
}

/** The amounts and breakdowns of an invoice as stored. */
export function ratedColumns(r: RateResult, at: Date) {
  return {
    costPrice: r.costPrice,
    usageAmount: r.usage,
    discountAmount: r.discount,
    supportAmount: r.support,
    taxAmount: r.tax,
    totalAmount: r.total,
    supportPlan: r.supportPlan,
    discounts: r.discounts,
    categoryUnitCosts: r.categories,
    projectCosts: r.projects,
    ratedAt: at,
    updatedAt: at,
  };
}

/** Computes an invoice from its current inputs (nothing is written). */
export async function computeInvoice(db: Db, inv: InvoiceRow): Promise<RateResult> {
  const [config] = await db.select().from(billingConfigs).where(eq(billingConfigs.id, inv.billingConfigId)).limit(1);
  const taxPpm = toPpm(config?.taxRate ?? inv.taxRate);
  if (inv.kind === 'commitment')
    return rateInvoice({
      periodStart: inv.periodStart,
      periodEnd: inv.periodEnd,
      lines: [],
      discounts: [],
      plan: null,
      taxPpm,
      commitment: { amount: inv.costPrice, description: inv.description },
    });
  // One after the other: a transaction's statements run on one connection.
  const lines = await usageLines(db, inv.tenantId, inv.periodStart);
  const discounts = await discountRules(db, inv.tenantId);
  const plan = await planFor(db, inv.tenantId, inv.periodStart, inv.periodEnd);
  return rateInvoice({ periodStart: inv.periodStart, periodEnd: inv.periodEnd, lines, discounts, plan, taxPpm });
}

/** Re-rates an invoice and stores its amounts (not its status); amount due follows the credits already applied. */
export async function rateStored(tx: Db, inv: InvoiceRow, at = new Date()): Promise<InvoiceRow> {
  // Threshold units: the month's lines at the tier the tenant's total reached (units.ts).
  if (inv.kind === 'usage') await applyTiers(tx, inv.tenantId, inv.periodStart.toISOString().slice(0, 10));
  const r = await computeInvoice(tx, inv);
  const [config] = await tx
    .select({ taxRate: billingConfigs.taxRate, taxDisplayName: billingConfigs.taxDisplayName })
    .from(billingConfigs)
    .where(eq(billingConfigs.id, inv.billingConfigId))
    .limit(1);
  const [row] = await tx
    .update(billingInvoices)
    .set({
      ...ratedColumns(r, at),
      // A commitment invoice keeps its amount as cost price.
      ...(inv.kind === 'commitment' ? { costPrice: inv.costPrice } : {}),
      taxRate: config?.taxRate ?? inv.taxRate,
      taxDisplayName: config?.taxDisplayName ?? inv.taxDisplayName,
      amountDue: r.total - inv.creditsApplied,
    })
    .where(eq(billingInvoices.id, inv.id))
    .returning();
  return row!;
}

// ---- invoices: creation and the jobs --------------------------------------------------------------------------------

/** The billing config in force for a month: the latest effective before its end, not expired before its start. */
export async function configForMonth(db: Db, tenantId: string, start: Date, end: Date): Promise<ConfigRow | undefined> {
  const c = billingConfigs;
  const startDay = start.toISOString().slice(0, 10);
  const endDay = end.toISOString().slice(0, 10);
  const [row] = await db
    .select()
    .from(c)
    .where(
      and(
        eq(c.tenantId, tenantId),
        lt(c.effectiveDate, endDay),
        or(isNull(c.expiredDate), gte(c.expiredDate, startDay)),
      ),
    )
    .orderBy(desc(c.effectiveDate), desc(c.id))
    .limit(1);
  return row;
}

export const usageInvoiceNumber = (month: string, configId: number) => `INV-${month.replace('-', '')}-${configId}`;

/** The tenant month's usage invoice, created (and rated) when missing; undefined when no billing config covers it. */
export async function ensureUsageInvoice(
  tx: Db,
  tenantId: string,
  month: string,
  at = new Date(),
): Promise<InvoiceRow | undefined> {
  const { start, end } = monthBounds(month);
  const config = await configForMonth(tx, tenantId, start, end);
  if (!config) return undefined;
  const i = billingInvoices;
  const find = async () =>
    (
      await tx
        .select()
        .from(i)
        .where(and(eq(i.billingConfigId, config.id), eq(i.periodStart, start), eq(i.kind, 'usage')))
        .limit(1)
    )[0];
  const existing = await find();
  if (existing) return existing;
  const name = (await tenantNames(tx, [tenantId])).get(tenantId) ?? tenantId;
  const status: InvoiceStatus = end.getTime() <= at.getTime() ? 'unconfirmed' : 'draft';
  await tx
    .insert(i)
    .values({
      invoiceNumber: usageInvoiceNumber(month, config.id),
      kind: 'usage',
      tenantId,
      tenantName: name,
      billingConfigId: config.id,
      status,
      periodStart: start,
      periodEnd: end,
      description: `Usage of ${month}`,
      taxRate: config.taxRate,
      taxDisplayName: config.taxDisplayName,
      ratedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing();
  const created = (await find())!;
  return rateStored(tx, created, at);
}

/** The `billing.rate` job: creates the invoices of reported months, then re-rates the open invoices concerned. */
export async function runRating(tx: Db, p: RatePayload, at = new Date()): Promise<void> {
  for (const m of p.months ?? []) await ensureUsageInvoice(tx, m.tenant_id, m.month, at);
  const ids = [...new Set([...(p.tenant_ids ?? []), ...(p.months ?? []).map((m) => m.tenant_id)])];
  if (!p.all && !ids.length) return;
  const i = billingInvoices;
  const open = inArray(i.status, [...RERATED_INVOICE_STATUSES]);
  const rows = await tx
    .select()
    .from(i)
    .where(p.all ? open : and(open, inArray(i.tenantId, ids)))
    .orderBy(asc(i.id))
    .for('update');
  for (const row of rows) await rateStored(tx, row, at);
}

/**
 * The `billing.close_month` job, at each month start (and at every start of the app, to catch up): creates the
 * missing usage invoices of ended months, moves the drafts of ended months to unconfirmed (re-rated one last time;
 * audited as `system`), and runs again at the next month start.
 */
export async function closeMonths(tx: Db, at = new Date()): Promise<{ rerunAt: Date }> {
  const monthStart = `${monthOf(at)}-01`;
  const missing = (await tx.execute(sql`
    SELECT DISTINCT u.tenant_id, to_char(u.month, 'YYYY-MM') AS month
    FROM ${billingUsage} u
    WHERE u.month < ${monthStart}::date
      AND EXISTS (SELECT 1 FROM ${billingConfigs} c WHERE c.tenant_id = u.tenant_id)
      AND NOT EXISTS (
        SELECT 1 FROM ${billingInvoices} i
        WHERE i.tenant_id = u.tenant_id AND i.kind = 'usage'
          AND i.period_start = (u.month::timestamp AT TIME ZONE 'UTC'))`)) as unknown as {
    rows: { tenant_id: string; month: string }[];
  };
  for (const m of missing.rows) await ensureUsageInvoice(tx, m.tenant_id, m.month, at);
  const i = billingInvoices;
  const drafts = await tx
    .select()
    .from(i)
    .where(and(eq(i.status, 'draft'), sql`${i.periodEnd} <= ${at.toISOString()}::timestamptz`))
    .orderBy(asc(i.id))
    .for('update');
  for (const d of drafts) {
    const rated = await rateStored(tx, d, at);
    await tx.update(i).set({ status: 'unconfirmed', updatedAt: at }).where(eq(i.id, d.id));
    await audit(tx, 'billing_invoice', d.id, SYSTEM, 'close_month', {
      before: { status: 'draft' },
      after: { status: 'unconfirmed', total_amount: rated.totalAmount },
    });
  }
  return { rerunAt: nextMonthStart(at) };
}

// ---- the API shape --------------------------------------------------------------------------------------------------

export async function projectNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function toInvoice(r: InvoiceRow, detail?: { projectNames: Map<string, string> }): Invoice {
  return {
    invoice_id: String(r.id),
    invoice_number: r.invoiceNumber,
    kind: r.kind as Invoice['kind'],
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    status: r.status as InvoiceStatus,
    start_date: iso(r.periodStart),
    end_date: iso(r.periodEnd),
    currency: 'USD',
    binded_billing_config_id: String(r.billingConfigId),
    cost_price: r.costPrice,
    usage_amount: r.usageAmount,
    discount_amount: r.discountAmount,
    support_amount: r.supportAmount,
    tax_rate: { rate: Number(r.taxRate), display_name: r.taxDisplayName },
    tax_amount: r.taxAmount,
    total_amount: r.totalAmount,
    credits_applied: r.creditsApplied,
    amount_due: r.amountDue,
    description: r.description,
    support_plan: (r.supportPlan as Invoice['support_plan']) ?? null,
    discounts: r.discounts as Invoice['discounts'],
    category_unit_costs: detail ? (r.categoryUnitCosts as NonNullable<Invoice['category_unit_costs']>) : null,
    label_unit_costs: detail
      ? {
          project: (r.projectCosts as { project_id: string; amount: number }[]).map((p) => ({
            ...p,
            project_name: detail.projectNames.get(p.project_id) ?? p.project_id,
          })),
        }
      : null,
    rated_at: iso(r.ratedAt),
    confirmed_at: isoOrNull(r.confirmedAt),
    confirmed_by: r.confirmedBy,
    suspended_at: isoOrNull(r.suspendedAt),
    suspended_by: r.suspendedBy,
    created_at: iso(r.createdAt),
  };
}
