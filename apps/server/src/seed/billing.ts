import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { toPpm, type SupportLevel, type SupportType } from '@portal/contract';
import type { Db } from '../platform/db.js';
import { insertRows } from '../platform/bulk.js';
import { createApproval } from '../features/approvals/index.js';
import { clusterComponents, clusters, projects, tenants } from '../features/orgs/index.js';
import { quickSelection } from '../features/billing/catalogue.js';
import { loadUnitBook } from '../features/billing/units.js';
import { applyCredits, rateInvoice, type DiscountRule, type RatedLine } from '../features/billing/money.js';
import {
  choosePlan,
  discountRule,
  runRating,
  usageInvoiceNumber,
  type BindingTerms,
} from '../features/billing/rating.js';
import { RATE_JOB, type RatePayload } from '../features/billing/shared.js';
import { clusterUsage, spanOf } from '../features/billing/metering.js';
import { jobs } from '../platform/schema.js';
import {
  billingBoundPlans,
  billingConfigs,
  billingCreditApplications,
  billingCredits,
  billingDiscountCustomers,
  billingDiscounts,
  billingFxRates,
  billingGlobalDiscounts,
  billingInvoices,
  billingMetering,
  billingRiskLevels,
  billingSupportPlans,
  billingTenantRiskLevels,
  billingUsage,
} from '../features/billing/schema.js';
import { rateUsage, type CloudProvider } from '@portal/contract';
import { prng } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Billing's demo data (static: fixed to the demo's calendar). Thirteen months of usage (Nov 2025 … Oct 2026, and
 * November 2026 so far) rated from each tenant's clusters and their components, per project and billing item; the
 * invoices computed from it by the same code the rating job runs (money.ts), so re-rating a seeded invoice changes
 * nothing: months before October confirmed (credits applied), a few suspended, October unconfirmed (to confirm or
 * suspend), November drafts. Public support plans of every level and type, private ones (tiered), bindings in every
 * status; credit risk levels; discounts and global discounts (valid, expired, reclaimed, approving, rejected);
 * credits (valid, used up, expired, reclaimed, approving); a year of USD → SGD rates. A few active tenants are left
 * without a billing config (a partner's to configure).
 */

const DAY = 86_400_000;
const BASE = new Date(DEMO_BASE_TIME);
const OPS = 'operator@example.com';
const ADMIN = 'admin@example.com';
const MONTHS = Array.from({ length: 13 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 10 + i, 1));
  return d.toISOString().slice(0, 7);
});
/** November 2026 is running: its usage so far (~0.8 of the month). */
const RUNNING = '2026-11';
const LAST_CLOSED = '2026-10';
const STORED_USAGE_MONTHS = new Set(['2026-10', '2026-11']);

const monthStart = (m: string) => new Date(`${m}-01T00:00:00Z`);
const monthEnd = (m: string) => {
  const s = monthStart(m);
  return new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 1, 1));
};
const at = (iso: string) => new Date(iso);

function taxOf(region: string): { taxRate: string; taxDisplayName: string } {
  if (region === 'ap-southeast-1') return { taxRate: '0.090000', taxDisplayName: 'GST 9%' };
  if (region === 'ap-northeast-1') return { taxRate: '0.100000', taxDisplayName: 'JCT 10%' };
  if (region === 'cn-hangzhou') return { taxRate: '0.060000', taxDisplayName: 'VAT 6%' };
  return { taxRate: '0.000000', taxDisplayName: 'No tax' };
}

/** Sets a serial column's sequence after rows were inserted with explicit ids. */
async function bumpSequence(tx: Db, table: string): Promise<void> {
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'),
      (SELECT coalesce(max(id), 0) + 1 FROM ${sql.identifier(table)}), false)`,
  );
}

export async function seedBilling(tx: Db): Promise<void> {
  const tenantRows = await tx
    .select({
      id: tenants.id,
      name: tenants.name,
      region: tenants.region,
      status: tenants.status,
      createdAt: tenants.createdAt,
    })
    .from(tenants)
    .orderBy(asc(tenants.id));
  const projectRows = await tx
    .select({ id: projects.id, tenantId: projects.tenantId })
    .from(projects)
    .orderBy(asc(projects.id));
  const clusterRows = await tx
    .select({
      id: clusters.id,
      tenantId: clusters.tenantId,
      projectId: clusters.projectId,
      type: clusters.clusterType,
      status: clusters.status,
      provider: clusters.provider,
      createdAt: clusters.createdAt,
    })
    .from(clusters)
    .orderBy(asc(clusters.id));
  const componentRows = await tx
    .select({
      clusterId: clusterComponents.clusterId,
      component: clusterComponents.component,
      replicas: clusterComponents.replicas,
      nodeSpec: clusterComponents.nodeSpec,
      storageGib: clusterComponents.storageGib,
    })
    .from(clusterComponents);
  const componentsOf = new Map<string, typeof componentRows>();
  for (const c of componentRows) {
    const list = componentsOf.get(c.clusterId);
    if (list) list.push(c);
    else componentsOf.set(c.clusterId, [c]);
  }
  const r = prng(2026_11_15);

  // ---- billed tenants and their configs -----------------------------------------------------------------------------
  const active = tenantRows.filter((t) => t.status === 'ACTIVE');
  // Left for a partner (CPPO/MCPO) billing config: every 12th active tenant.
  const unconfigured = new Set(active.filter((_, i) => i % 12 === 11).map((t) => t.id));
  const billed = tenantRows.filter((t) => t.status !== 'CLOSED' && !unconfigured.has(t.id));
  const configs = billed.map((t, i) => ({
    id: 1001 + i,
    tenantId: t.id,
    kind: 'direct',
    resellerId: null,
    paymentCode: null,
    paymentSubCode: null,
    currency: 'USD',
    effectiveDate: t.createdAt!.toISOString().slice(0, 10),
    expiredDate: null,
    ...taxOf(t.region),
    createdBy: OPS,
    createdAt: t.createdAt!,
  }));
  await insertRows(tx, billingConfigs, configs);
  await bumpSequence(tx, 'billing_configs');
  const configOf = new Map(configs.map((c) => [c.tenantId, c]));

  // ---- usage --------------------------------------------------------------------------------------------------------
  type UsageRow = typeof billingUsage.$inferInsert;
  const usage: UsageRow[] = [];
  const linesOf = new Map<string, RatedLine[]>(); // tenant|month
  // The price list as migration 0017 put it in the database (the prices that were in code).
  const units = await loadUnitBook(tx);
  const add = (
    tenantId: string,
    projectId: string,
    month: string,
    provider: string,
    filterId: string,
    qty: number,
    source: 'meter' | 'measure',
  ) => {
    const quantity = Math.round(qty);
    if (quantity <= 0) return;
    const unit = units.forUsage(provider as CloudProvider, filterId)!;
    const amount = rateUsage(quantity, unit.price_cents, unit.price_per);
    usage.push({
      id: usage.length + 1,
      tenantId,
      projectId,
      clusterId: null,
      month: `${month}-01`,
      unit: unit.unit,
      filterId,
      provider: unit.provider,
      quantity,
      priceCents: unit.price_cents,
      pricePer: unit.price_per,
      amount,
      source,
      exactQuantity: source === 'meter' ? qty.toFixed(6) : null,
      createdAt: new Date(Math.min(monthEnd(month).getTime(), DEMO_BASE_TIME)),
    });
    const key = `${tenantId}|${month}`;
    const line: RatedLine = {
      project_id: projectId,
      filter_id: filterId,
      provider: unit.provider,
      unit: unit.unit,
      measure_unit: unit.measure_unit,
      quantity,
      price_cents: unit.price_cents,
      price_per: unit.price_per,
      amount,
    };
    const list = linesOf.get(key);
    if (list) list.push(line);
    else linesOf.set(key, [line]);
  };
  const clustersOfProject = new Map<string, typeof clusterRows>();
  for (const c of clusterRows) {
    const list = clustersOfProject.get(c.projectId);
    if (list) list.push(c);
    else clustersOfProject.set(c.projectId, [c]);
  }
  const dmTenants = new Set(billed.filter((_, i) => i % 7 === 3).map((t) => t.id));
  for (const t of billed) {
    const trend = 0.85 + r.next() * 0.3;
    const tenantProjects = projectRows.filter((x) => x.tenantId === t.id);
    for (const [mi, month] of MONTHS.entries()) {
      const start = monthStart(month).getTime();
      const end = monthEnd(month).getTime();
      const share = month === RUNNING ? 0.8 : 1;
      const growth = Math.pow(trend, (mi - 12) / 12) * (0.95 + r.next() * 0.1) * share;
      for (const p of tenantProjects) {
        // Per project and billing item: summed over the clusters that existed in the month.
        const sums = new Map<string, { provider: string; qty: number }>();
        const acc = (provider: string, filterId: string, qty: number) => {
          const k = `${provider}|${filterId}`;
          const s = sums.get(k) ?? { provider, qty: 0 };
          s.qty += qty;
          sums.set(k, s);
        };
        for (const c of clustersOfProject.get(p.id) ?? []) {
          // The month's span, scaled to the share of the running month metered so far.
          const span = spanOf({ ...c, components: [] }, new Date(start), new Date(end), new Date(start), new Date(end));
          if (!span) continue;
          const metered = { hours: span.hours * share, share: span.share * share, load: growth / share };
          for (const { filterId, qty } of clusterUsage({ ...c, components: componentsOf.get(c.id) ?? [] }, metered))
            acc(c.provider, filterId, qty);
        }
        for (const [k, s] of sums) add(t.id, p.id, month, s.provider, k.split('|')[1]!, s.qty, 'meter');
        // Data Migration nodes are reported by the DM service (the measures API), not metered from the fleet.
        if (dmTenants.has(t.id) && p.id === tenantProjects[0]?.id) {
          const provider = clusterRows.find((c) => c.tenantId === t.id)?.provider ?? 'AWS';
          add(t.id, p.id, month, provider, 'dedicated.dm.node', 2 * 730 * growth, 'measure');
        }
      }
    }
  }
  // The usage lines of the months still open or just closed are stored; older months live on in their (frozen)
  // invoices' breakdowns, which the cost explorer reads.
  await insertRows(
    tx,
    billingUsage,
    usage.filter((u) => STORED_USAGE_MONTHS.has(u.month.slice(0, 7))),
  );
  await bumpSequence(tx, 'billing_usage');
  // The running month is metered up to its share so far; the metering rounds go on from there.
  const through = new Date(
    monthStart(RUNNING).getTime() + 0.8 * (monthEnd(RUNNING).getTime() - monthStart(RUNNING).getTime()),
  );
  await tx.insert(billingMetering).values({ key: 'fleet', meteredThrough: through, updatedAt: through });

  // ---- credit risk levels -------------------------------------------------------------------------------------------
  const levels = [
    { id: 1, name: 'Low', description: 'Established customers in good standing', costQuotaLimit: -1 },
    { id: 2, name: 'Medium', description: 'Standard credit terms', costQuotaLimit: 5_000_000 },
    { id: 3, name: 'High', description: 'Late payments in the last year', costQuotaLimit: 500_000 },
    { id: 4, name: 'Watchlist', description: 'Payment failures: prepaid or card only', costQuotaLimit: 100_000 },
    { id: 5, name: 'Trial', description: 'Not used by any tenant yet', costQuotaLimit: 20_000 },
  ].map((l) => ({
    ...l,
    createdAt: new Date(DEMO_BASE_TIME - 400 * DAY),
    updatedAt: new Date(DEMO_BASE_TIME - 30 * DAY),
  }));
  await insertRows(tx, billingRiskLevels, levels);
  await bumpSequence(tx, 'billing_risk_levels');
  await insertRows(
    tx,
    billingTenantRiskLevels,
    tenantRows
      .filter((t) => t.status !== 'CLOSED')
      .map((t, i) => ({
        tenantId: t.id,
        riskLevelId: t.status === 'SUSPENDED' ? 4 : t.status === 'CLOSING' ? 3 : i % 5 === 4 ? 2 : i % 11 === 7 ? 3 : 1,
        updatedBy: OPS,
        updatedAt: new Date(DEMO_BASE_TIME - (20 + (i % 40)) * DAY),
      })),
  );

  // ---- support plans and bindings -----------------------------------------------------------------------------------
  const planAt = new Date(DEMO_BASE_TIME - 500 * DAY);
  const premiumTiers = [
    { lower_bound: 0, upper_bound: 10_000_000, support_price_percentage: 0.1 },
    { lower_bound: 10_000_000, upper_bound: 50_000_000, support_price_percentage: 0.07 },
    { lower_bound: 50_000_000, upper_bound: null, support_price_percentage: 0.05 },
  ];
  type PlanRow = typeof billingSupportPlans.$inferInsert;
  const plansRows: PlanRow[] = [
    {
      id: 1,
      name: 'Basic',
      level: 'basic',
      type: 'fixed_price',
      fixedChargePrice: 0,
      supportPricePercentage: null,
      tieredPriceRules: [],
    },
    {
      id: 2,
      name: 'Developer',
      level: 'developer',
      type: 'fixed_price',
      fixedChargePrice: 2_900,
      supportPricePercentage: null,
      tieredPriceRules: [],
    },
    {
      id: 3,
      name: 'Standard',
      level: 'standard',
      type: 'percentage_price',
      fixedChargePrice: 50_000,
      supportPricePercentage: '0.050000',
      tieredPriceRules: [],
    },
    {
      id: 4,
      name: 'Enterprise',
      level: 'enterprise',
      type: 'percentage_price',
      fixedChargePrice: 100_000,
      supportPricePercentage: '0.100000',
      tieredPriceRules: [],
    },
    {
      id: 5,
      name: 'Premium',
      level: 'premium',
      type: 'tiered_price',
      fixedChargePrice: 1_250_000,
      supportPricePercentage: null,
      tieredPriceRules: premiumTiers,
    },
  ].map((p) => ({ ...p, isPublic: true, tenantId: null, createdAt: planAt, updatedAt: planAt }));
  type Binding = typeof billingBoundPlans.$inferInsert;
  const bindings: Binding[] = [];
  const bind = (tenantId: string, planId: number, activeDate: string, extra: Partial<Binding> = {}) =>
    bindings.push({
      id: bindings.length + 1,
      tenantId,
      supportPlanId: planId,
      activeDate: at(activeDate),
      expiredDate: null,
      state: 'bound',
      createdBy: OPS,
      createdAt: new Date(Math.min(at(activeDate).getTime() - 3 * DAY, DEMO_BASE_TIME - DAY)),
      endedBy: null,
      endedAt: null,
      ...extra,
    });
  billed.forEach((t, i) => {
    const level = i % 10;
    if (level === 0) {
      // A private tiered plan (custom terms).
      const id = 100 + i;
      plansRows.push({
        id,
        name: 'Enterprise (private)',
        level: 'enterprise',
        type: 'tiered_price',
        fixedChargePrice: 150_000,
        supportPricePercentage: null,
        tieredPriceRules: [
          { lower_bound: 0, upper_bound: 2_000_000, support_price_percentage: 0.12 },
          { lower_bound: 2_000_000, upper_bound: null, support_price_percentage: 0.08 },
        ],
        isPublic: false,
        tenantId: t.id,
        createdAt: at('2025-09-20T00:00:00Z'),
        updatedAt: at('2025-09-20T00:00:00Z'),
      });
      bind(t.id, id, '2025-10-01T00:00:00Z');
    } else if (level === 1) {
      bind(t.id, 5, '2025-06-01T00:00:00Z');
    } else if (level === 2) {
      // Moved from Standard to Enterprise in June 2026 (the old binding expired then).
      bind(t.id, 3, '2025-01-01T00:00:00Z', { expiredDate: at('2026-06-01T00:00:00Z') });
      bind(t.id, 4, '2026-06-01T00:00:00Z');
    } else if (level === 3) {
      // Enterprise now, Premium to be activated next year.
      bind(t.id, 4, '2025-03-01T00:00:00Z', { expiredDate: at('2027-01-01T00:00:00Z') });
      bind(t.id, 5, '2027-01-01T00:00:00Z', { createdAt: at('2026-10-20T00:00:00Z') });
    } else if (level === 4) {
      // Developer, cancelled in August 2026.
      bind(t.id, 2, '2025-05-01T00:00:00Z', {
        state: 'cancelled',
        endedBy: OPS,
        endedAt: at('2026-08-15T09:30:00Z'),
      });
    } else if (level === 5) {
      // A Premium binding entered by mistake and disabled; Standard in force.
      bind(t.id, 5, '2026-02-01T00:00:00Z', { state: 'disabled', endedBy: ADMIN, endedAt: at('2026-02-03T10:00:00Z') });
      bind(t.id, 3, '2025-08-01T00:00:00Z');
    } else if (level === 6 || level === 7) {
      bind(t.id, 4, '2025-01-01T00:00:00Z');
    } else if (level === 8) {
      bind(t.id, 2, '2025-01-01T00:00:00Z');
    } else {
      bind(t.id, 1, '2024-06-01T00:00:00Z');
    }
  });
  await insertRows(tx, billingSupportPlans, plansRows);
  await bumpSequence(tx, 'billing_support_plans');
  await insertRows(tx, billingBoundPlans, bindings);
  await bumpSequence(tx, 'billing_bound_plans');
  const planById = new Map(plansRows.map((p) => [p.id!, p]));
  const bindingTerms = new Map<string, BindingTerms[]>();
  for (const b of [...bindings].sort((x, y) => x.activeDate.getTime() - y.activeDate.getTime() || x.id! - y.id!)) {
    const p = planById.get(b.supportPlanId)!;
    bindingTerms.set(b.tenantId, [
      ...(bindingTerms.get(b.tenantId) ?? []),
      {
        id: b.id!,
        activeDate: b.activeDate,
        expiredDate: b.expiredDate ?? null,
        state: b.state!,
        endedAt: b.endedAt ?? null,
        level: p.level,
        type: p.type,
        fixed: p.fixedChargePrice!,
        pct: (p.supportPricePercentage as string | null) ?? null,
        tiers: p.tieredPriceRules,
      },
    ]);
  }

  // ---- discounts ----------------------------------------------------------------------------------------------------
  const commitment = quickSelection('commitment_plan_default').filter_ids;
  const crossAz = quickSelection('cross_az_traffic_saving').filter_ids;
  const dm = quickSelection('dm_program').filter_ids;
  type DiscountRow = typeof billingDiscounts.$inferInsert;
  const discountRows: DiscountRow[] = [];
  const customerRows: { discountId: number; tenantId: string }[] = [];
  const discount = (
    customers: string[],
    d: Omit<DiscountRow, 'id' | 'code' | 'createdBy' | 'createdAt' | 'updatedAt'> & {
      createdAt?: Date;
      createdBy?: string;
    },
  ) => {
    const id = discountRows.length + 1;
    const createdAt = d.createdAt ?? new Date(d.startedAt.getTime() - 5 * DAY);
    discountRows.push({
      id,
      code: `D-${createdAt.toISOString().slice(0, 10).replace(/-/g, '')}-${id}`,
      createdBy: OPS,
      updatedAt: createdAt,
      approvalId: null,
      reclaimedBy: null,
      reclaimedAt: null,
      ...d,
      createdAt,
    });
    for (const c of customers) customerRows.push({ discountId: id, tenantId: c });
    return id;
  };
  const pick = (n: number, offset: number) => billed.filter((_, i) => (i + offset) % n === 0).map((t) => t.id);
  // Valid commitment-plan discounts (15 % / 20 % off compute and storage), 2026 and 2027.
  for (const [k, tenantId] of pick(4, 1).entries())
    discount([tenantId], {
      status: 'valid',
      provider: 'all',
      unitFilters: commitment,
      description: 'Commitment Plan Default Discount',
      discount: k % 2 ? '0.800000' : '0.850000',
      startedAt: at('2026-01-01T00:00:00Z'),
      expiredAt: at('2027-12-31T23:59:59Z'),
      usage: 'commitment_plan',
      note: k % 2 ? '2-year commitment, 20 % off' : '1-year commitment renewed, 15 % off',
      estimatedMonthlyValue: 0,
    });
  // Prepaid, AWS only, expired in spring 2026.
  discount(pick(9, 2), {
    status: 'valid',
    provider: 'AWS',
    unitFilters: commitment,
    description: 'Prepaid balance discount',
    discount: '0.900000',
    startedAt: at('2025-07-01T00:00:00Z'),
    expiredAt: at('2026-03-31T23:59:59Z'),
    usage: 'pre_paid',
    note: 'Prepaid 12 months',
    estimatedMonthlyValue: 0,
  });
  // DM program for the tenants migrating with DM.
  discount([...dmTenants].slice(0, 3), {
    status: 'valid',
    provider: 'all',
    unitFilters: dm,
    description: 'DM Program',
    discount: '0.500000',
    startedAt: at('2026-04-01T00:00:00Z'),
    expiredAt: at('2026-12-31T23:59:59Z'),
    usage: 'program',
    note: 'Migration off a self-hosted MySQL fleet',
    estimatedMonthlyValue: 0,
  });
  // Reclaimed: the customer broke its commitment.
  discount([billed[5]!.id], {
    status: 'reclaimed',
    provider: 'all',
    unitFilters: commitment,
    description: 'Commitment Plan Default Discount',
    discount: '0.850000',
    startedAt: at('2026-02-01T00:00:00Z'),
    expiredAt: at('2027-01-31T23:59:59Z'),
    usage: 'commitment_plan',
    note: 'Commitment not signed in the end',
    estimatedMonthlyValue: 0,
    reclaimedBy: ADMIN,
    reclaimedAt: at('2026-05-10T08:00:00Z'),
  });
  // Rejected by finance.
  discount([billed[6]!.id], {
    status: 'rejected',
    provider: 'GCP',
    unitFilters: commitment,
    description: 'Commitment Plan Default Discount',
    discount: '0.600000',
    startedAt: at('2026-09-01T00:00:00Z'),
    expiredAt: at('2027-08-31T23:59:59Z'),
    usage: 'commitment_plan',
    note: '40 % asked by the account team',
    estimatedMonthlyValue: 1_650_000,
  });
  // Waiting for finance: worth more a month than the threshold.
  const approvingId = discount([billed[7]!.id, billed[8]!.id], {
    status: 'approving',
    provider: 'all',
    unitFilters: commitment,
    description: 'Commitment Plan Default Discount',
    discount: '0.700000',
    startedAt: at('2026-11-01T00:00:00Z'),
    expiredAt: at('2028-10-31T23:59:59Z'),
    usage: 'commitment_plan',
    note: '3-year enterprise agreement',
    estimatedMonthlyValue: 2_400_000,
    createdAt: at('2026-10-28T10:00:00Z'),
  });
  await insertRows(tx, billingDiscounts, discountRows);
  await bumpSequence(tx, 'billing_discounts');
  await insertRows(tx, billingDiscountCustomers, customerRows);
  const discountApproval = await createApproval(tx, {
    template: 'billing_discount',
    name: `Discount D-20261028-${approvingId}: 30% off for 2 customer(s), about $24000.00 a month`,
    applicant: OPS,
    subjectType: 'billing_discount',
    subjectId: String(approvingId),
  });
  await tx.execute(sql`UPDATE billing_discounts SET approval_id = ${discountApproval} WHERE id = ${approvingId}`);

  const globals = [
    {
      id: 1,
      name: 'Cross AZ Traffic Saving Program',
      status: 'valid',
      provider: 'all',
      unitFilters: crossAz,
      discount: '0.500000',
      startedAt: at('2026-07-01T00:00:00Z'),
      expiredAt: at('2027-06-30T23:59:59Z'),
      note: 'Half price cross-AZ traffic for everyone',
      createdBy: ADMIN,
      createdAt: at('2026-06-20T00:00:00Z'),
      deletedBy: null,
      deletedAt: null,
    },
    {
      id: 2,
      name: 'Serverless launch promotion',
      status: 'valid',
      provider: 'all',
      unitFilters: quickSelection('all').filter_ids.filter((f) => f.startsWith('serverless.')),
      discount: '0.750000',
      startedAt: at('2025-10-01T00:00:00Z'),
      expiredAt: at('2026-01-31T23:59:59Z'),
      note: '',
      createdBy: ADMIN,
      createdAt: at('2025-09-25T00:00:00Z'),
      deletedBy: null,
      deletedAt: null,
    },
    {
      id: 3,
      name: 'Azure region opening',
      status: 'deleted',
      provider: 'AZURE',
      unitFilters: commitment,
      discount: '0.900000',
      startedAt: at('2026-03-01T00:00:00Z'),
      expiredAt: at('2026-12-31T23:59:59Z'),
      note: 'Withdrawn: replaced by per-customer discounts',
      createdBy: ADMIN,
      createdAt: at('2026-02-20T00:00:00Z'),
      deletedBy: ADMIN,
      deletedAt: at('2026-02-25T00:00:00Z'),
    },
  ];
  await insertRows(tx, billingGlobalDiscounts, globals);
  await bumpSequence(tx, 'billing_global_discounts');
  const globalRules = globals
    .filter((g) => g.status === 'valid')
    .map((g) => discountRule({ ...g, description: g.name }, true));
  const rulesOf = new Map<string, DiscountRule[]>();
  for (const c of customerRows) {
    const d = discountRows[c.discountId - 1]!;
    if (d.status !== 'valid') continue;
    rulesOf.set(c.tenantId, [
      ...(rulesOf.get(c.tenantId) ?? []),
      discountRule({
        id: d.id!,
        description: d.description || d.code,
        discount: d.discount,
        provider: d.provider,
        unitFilters: d.unitFilters,
        startedAt: d.startedAt,
        expiredAt: d.expiredAt,
      }),
    ]);
  }

  // ---- credits ------------------------------------------------------------------------------------------------------
  type CreditRow = typeof billingCredits.$inferInsert;
  const creditRows: CreditRow[] = [];
  const credit = (tenantId: string, c: Omit<CreditRow, 'id' | 'tenantId' | 'balance' | 'updatedAt'>) => {
    creditRows.push({
      id: creditRows.length + 1,
      tenantId,
      balance: c.amount,
      updatedAt: c.createdAt!,
      approvalId: null,
      reclaimedBy: null,
      reclaimedAt: null,
      reclaimedAmount: null,
      ...c,
    });
    return creditRows.length;
  };
  for (const [k, tenantId] of pick(5, 2).entries())
    credit(tenantId, {
      creditType: 'promotional',
      amount: k % 2 ? 30_000 : 100_000,
      effectiveAt: at('2026-01-01T00:00:00Z'),
      expiredAt: at('2027-06-30T23:59:59Z'),
      status: 'valid',
      note: 'Proof-of-concept credit',
      createdBy: OPS,
      createdAt: at('2025-12-20T00:00:00Z'),
    });
  for (const tenantId of pick(8, 3))
    credit(tenantId, {
      creditType: 'compensation',
      amount: 25_000,
      effectiveAt: at('2026-05-01T00:00:00Z'),
      expiredAt: at('2027-04-30T23:59:59Z'),
      status: 'valid',
      note: 'SLA credit for the April incident',
      createdBy: OPS,
      createdAt: at('2026-04-28T00:00:00Z'),
    });
  // A credit that expired unused, one reclaimed, one waiting for approval, one rejected.
  credit(billed[1]!.id, {
    creditType: 'promotional',
    amount: 50_000,
    effectiveAt: at('2025-12-01T00:00:00Z'),
    expiredAt: at('2025-12-31T23:59:59Z'),
    status: 'valid',
    note: 'Trial month',
    createdBy: OPS,
    createdAt: at('2025-11-25T00:00:00Z'),
  });
  const reclaimed = credit(billed[2]!.id, {
    creditType: 'prepaid',
    amount: 200_000,
    effectiveAt: at('2026-12-01T00:00:00Z'),
    expiredAt: at('2027-11-30T23:59:59Z'),
    status: 'reclaimed',
    note: 'Prepayment refunded',
    createdBy: OPS,
    createdAt: at('2026-09-15T00:00:00Z'),
    reclaimedBy: ADMIN,
    reclaimedAt: at('2026-10-02T00:00:00Z'),
    reclaimedAmount: 200_000,
  });
  creditRows[reclaimed - 1]!.balance = 0;
  const approvingCredit = credit(billed[3]!.id, {
    creditType: 'marketplace',
    amount: 2_500_000,
    effectiveAt: at('2026-11-01T00:00:00Z'),
    expiredAt: at('2027-10-31T23:59:59Z'),
    status: 'approving',
    note: 'Private offer carry-over',
    createdBy: OPS,
    createdAt: at('2026-10-30T00:00:00Z'),
  });
  credit(billed[4]!.id, {
    creditType: 'compensation',
    amount: 1_500_000,
    effectiveAt: at('2026-10-01T00:00:00Z'),
    expiredAt: at('2027-09-30T23:59:59Z'),
    status: 'rejected',
    note: 'Not an SLA breach',
    createdBy: OPS,
    createdAt: at('2026-10-05T00:00:00Z'),
  });

  // ---- invoices (computed as the rating job does), credits applied at confirmation ----------------------------------
  type InvoiceRow = typeof billingInvoices.$inferInsert;
  const invoiceRows: InvoiceRow[] = [];
  const applications: { creditId: number; invoiceId: number; amount: number; appliedAt: Date }[] = [];
  const suspendAt = new Set(billed.filter((_, i) => i % 13 === 6).map((t) => t.id));
  const confirmedInOctober = new Set(billed.filter((_, i) => i % 6 === 0).map((t) => t.id));
  for (const month of MONTHS) {
    const periodStart = monthStart(month);
    const periodEnd = monthEnd(month);
    for (const t of billed) {
      const lines = linesOf.get(`${t.id}|${month}`);
      if (!lines?.length) continue;
      const config = configOf.get(t.id)!;
      const rated = rateInvoice({
        periodStart,
        periodEnd,
        lines,
        discounts: [...(rulesOf.get(t.id) ?? []), ...globalRules],
        plan: choosePlan(bindingTerms.get(t.id) ?? [], periodStart, periodEnd),
        taxPpm: toPpm(config.taxRate),
      });
      const id = 10_001 + invoiceRows.length;
      let status = month === RUNNING ? 'draft' : month === LAST_CLOSED ? 'unconfirmed' : 'confirmed';
      if (month === LAST_CLOSED && confirmedInOctober.has(t.id)) status = 'confirmed';
      if ((month === '2026-08' || month === LAST_CLOSED) && suspendAt.has(t.id)) status = 'suspended';
      const closedAt = new Date(periodEnd.getTime() + 4 * DAY + 10 * 3_600_000);
      let creditsApplied = 0;
      if (status === 'confirmed') {
        const usable = creditRows
          .filter(
            (c) =>
              c.tenantId === t.id &&
              c.status === 'valid' &&
              c.balance > 0 &&
              c.effectiveAt.getTime() < periodEnd.getTime() &&
              c.expiredAt.getTime() >= closedAt.getTime(),
          )
          .sort((a, b) => a.expiredAt.getTime() - b.expiredAt.getTime() || a.id! - b.id!)
          .map((c) => ({ id: c.id!, balance: c.balance }));
        for (const p of applyCredits(rated.total, usable)) {
          creditRows[p.id - 1]!.balance -= p.amount;
          creditRows[p.id - 1]!.updatedAt = closedAt;
          applications.push({ creditId: p.id, invoiceId: id, amount: p.amount, appliedAt: closedAt });
          creditsApplied += p.amount;
        }
      }
      invoiceRows.push({
        id,
        invoiceNumber: usageInvoiceNumber(month, config.id),
        kind: 'usage',
        tenantId: t.id,
        tenantName: t.name,
        billingConfigId: config.id,
        status,
        periodStart,
        periodEnd,
        description: `Usage of ${month}`,
        costPrice: rated.costPrice,
        usageAmount: rated.usage,
        discountAmount: rated.discount,
        supportAmount: rated.support,
        taxRate: config.taxRate,
        taxDisplayName: config.taxDisplayName,
        taxAmount: rated.tax,
        totalAmount: rated.total,
        creditsApplied,
        amountDue: rated.total - creditsApplied,
        supportPlan: rated.supportPlan,
        discounts: rated.discounts,
        categoryUnitCosts: rated.categories,
        projectCosts: rated.projects,
        ratedAt: status === 'draft' ? BASE : closedAt,
        confirmedAt: status === 'confirmed' ? closedAt : null,
        confirmedBy: status === 'confirmed' ? ADMIN : null,
        suspendedAt: status === 'suspended' ? closedAt : null,
        suspendedBy: status === 'suspended' ? OPS : null,
        createdAt: periodStart,
        updatedAt: status === 'draft' ? BASE : closedAt,
      });
    }
  }
  // Commitment invoices: a confirmed one for 2026, one unconfirmed for the next term.
  for (const [k, t] of billed
    .filter((_, i) => i % 10 === 1)
    .slice(0, 2)
    .entries()) {
    const config = configOf.get(t.id)!;
    const amount = 6_000_000 + k * 2_400_000;
    const start = k ? at('2026-11-01T00:00:00Z') : at('2026-01-01T00:00:00Z');
    const end = k ? at('2027-10-31T23:59:59Z') : at('2026-12-31T23:59:59Z');
    const rated = rateInvoice({
      periodStart: start,
      periodEnd: end,
      lines: [],
      discounts: [],
      plan: null,
      taxPpm: toPpm(config.taxRate),
      commitment: {
        amount,
        description: `Commitment plan ${start.toISOString().slice(0, 10)} – ${end.toISOString().slice(0, 10)}`,
      },
    });
    const id = 10_001 + invoiceRows.length;
    const confirmed = k === 0;
    const createdAt = new Date(start.getTime() - 10 * DAY);
    invoiceRows.push({
      id,
      invoiceNumber: `CMT-${start.toISOString().slice(0, 7).replace('-', '')}-${id}`,
      kind: 'commitment',
      tenantId: t.id,
      tenantName: t.name,
      billingConfigId: config.id,
      status: confirmed ? 'confirmed' : 'unconfirmed',
      periodStart: start,
      periodEnd: end,
      description: `Commitment plan ${start.toISOString().slice(0, 10)} – ${end.toISOString().slice(0, 10)}`,
      costPrice: amount,
      usageAmount: rated.usage,
      discountAmount: 0,
      supportAmount: 0,
      taxRate: config.taxRate,
      taxDisplayName: config.taxDisplayName,
      taxAmount: rated.tax,
      totalAmount: rated.total,
      creditsApplied: 0,
      amountDue: rated.total,
      supportPlan: null,
      discounts: [],
      categoryUnitCosts: rated.categories,
      projectCosts: [],
      ratedAt: createdAt,
      confirmedAt: confirmed ? new Date(createdAt.getTime() + DAY) : null,
      confirmedBy: confirmed ? ADMIN : null,
      suspendedAt: null,
      suspendedBy: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await insertRows(tx, billingInvoices, invoiceRows);
  await bumpSequence(tx, 'billing_invoices');
  await insertRows(tx, billingCredits, creditRows);
  await bumpSequence(tx, 'billing_credits');
  await insertRows(tx, billingCreditApplications, applications);
  const creditApproval = await createApproval(tx, {
    template: 'billing_credit',
    name: `Credit of $25000.00 (marketplace) for ${billed[3]!.name}`,
    applicant: OPS,
    subjectType: 'billing_credit',
    subjectId: String(approvingCredit),
  });
  await tx.execute(sql`UPDATE billing_credits SET approval_id = ${creditApproval} WHERE id = ${approvingCredit}`);

  // ---- exchange rates: weekly USD → SGD for a year ------------------------------------------------------------------
  let rate = 1.3462;
  const fx: (typeof billingFxRates.$inferInsert)[] = [];
  for (let d = DEMO_BASE_TIME - 364 * DAY; d < DEMO_BASE_TIME; d += 7 * DAY) {
    rate = Math.min(1.39, Math.max(1.3, rate + (r.next() - 0.5) * 0.012));
    const day = new Date(d).toISOString().slice(0, 10);
    fx.push({
      base: 'USD',
      target: 'SGD',
      date: day,
      value: rate.toFixed(4),
      createdBy: OPS,
      createdAt: new Date(d + 9 * 3_600_000),
    });
  }
  await insertRows(tx, billingFxRates, fx);
}

/** For tests: the support levels and types the seed's public plans cover. */
export const SEED_PUBLIC_PLANS: { level: SupportLevel; type: SupportType }[] = [
  { level: 'basic', type: 'fixed_price' },
  { level: 'developer', type: 'fixed_price' },
  { level: 'standard', type: 'percentage_price' },
  { level: 'enterprise', type: 'percentage_price' },
  { level: 'premium', type: 'tiered_price' },
];

/**
 * The re-ratings the billing seeds queued (discounts, plans and partner configs bound through the services) done in
 * place, as of DEMO_BASE_TIME, and their jobs dropped: the demo template starts rated, and a fresh start does not spend
 * its first seconds re-rating the demo's invoices.
 */
export async function rateSeededChanges(tx: Db): Promise<void> {
  const queued = await tx
    .select({ id: jobs.id, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, RATE_JOB), eq(jobs.status, 'queued')))
    .orderBy(asc(jobs.id));
  for (const job of queued) await runRating(tx, job.payload as RatePayload, new Date(DEMO_BASE_TIME));
  if (queued.length)
    await tx.delete(jobs).where(
      inArray(
        jobs.id,
        queued.map((j) => j.id),
      ),
    );
}
