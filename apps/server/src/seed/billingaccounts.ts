import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CLOSING_POLICY_TEXT,
  CLOSING_REASON_INFO,
  contractNumber,
  discountFromPercentOff,
  PARTNER_BILLING_LABELS,
  type ClosingReason,
  type ContractStatus,
  type ContractType,
} from '@portal/contract';
import type { Db } from '../platform/db.js';
import { insertRows } from '../platform/bulk.js';
import { enqueueJob } from '../platform/jobs.js';
import { auditLogs } from '../platform/schema.js';
import {
  billingCompanies,
  billingContracts,
  CLOSE_JOB,
  currentPeriod,
  marketplaceSubscriptions,
  partnerBillingConfigs,
  paymentProviderCustomers,
  paymentProviderInvoices,
  paymentProviderMethods,
  spendOf,
  tenantBillingCompanies,
  tenantBudgets,
  tenantClosings,
  tenantPaymentAccounts,
  tenantPayments,
} from '../features/billingaccounts/index.js';
import {
  billingConfigs,
  billingInvoices,
  billingSupportPlans,
  bindSupportPlan,
  createBillingConfig,
  insertDiscount,
  quickSelection,
} from '../features/billing/index.js';
import { clusters, tenants } from '../features/orgs/index.js';
import { prng } from './catalogue.js';
import { DEMO_BASE_TIME } from './platform.js';

/*
 * Billing accounts' demo data, fixed to the demo's calendar (DEMO_BASE_TIME, 2026-11-01): our four billing companies
 * (tenants in Asia and Europe invoiced by the local one), every tenant's payment set-up (card through the embedded
 * payment provider with its customers, cards and invoices; wire transfer; a marketplace subscription), 12 months of
 * payments, marketplace subscriptions (active, pending, cancelled), contracts in every status (one active past its
 * end date, to expire), budgets ok / warning / exceeded, CPPO and MCPO customers of two resellers, and closings: the
 * CLOSING tenant's under way (closed by its job on 2027-02-01), the CLOSED tenants' done, one cancelled. Tenants are
 * picked by a stable query (by id) and what they are (status, region, clusters).
 */

const DAY = 86_400_000;
const BASE = DEMO_BASE_TIME;
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const endOf = (iso: string) => new Date(`${iso}T23:59:59.000Z`);
const before = (days: number, hours = 0) => new Date(BASE - days * DAY + hours * 3_600_000);
const OPERATOR = 'operator@example.com';
const ADMIN = 'admin@example.com';
const LIN = 'lin.wei@example.com';
const MARIA = 'maria.garcia@example.com';

interface SeedTenant {
  id: string;
  name: string;
  status: string;
  region: string;
  createdAt: Date;
  clusters: number;
  providers: string[];
}

export const SEED_BILLING_COMPANIES = [
  {
    id: 'dbcloud-us',
    name: 'DBCloud Inc.',
    country: 'United States',
    address: '548 Market Street, Suite 400, San Francisco, CA 94104',
    taxId: 'US 84-3921755',
    email: 'billing@dbcloud.example.com',
    isDefault: true,
  },
  {
    id: 'dbcloud-sg',
    name: 'DBCloud Singapore Pte. Ltd.',
    country: 'Singapore',
    address: '1 Raffles Place, #20-01, Singapore 048616',
    taxId: 'SG 201912345K',
    email: 'billing-apac@dbcloud.example.com',
    isDefault: false,
  },
  {
    id: 'dbcloud-jp',
    name: 'DBCloud Japan K.K.',
    country: 'Japan',
    address: '2-11-1 Nagatacho, Chiyoda-ku, Tokyo 100-0014',
    taxId: 'JP T1010001234567',
    email: 'billing-jp@dbcloud.example.com',
    isDefault: false,
  },
  {
    id: 'dbcloud-eu',
    name: 'DBCloud Europe B.V.',
    country: 'Netherlands',
    address: 'Herengracht 500, 1017 CB Amsterdam',
    taxId: 'NL 862947318B01',
    email: 'billing-eu@dbcloud.example.com',
    isDefault: false,
  },
] as const;

/** The company that invoices a tenant of this home region (none: the default, dbcloud-us). */
function companyFor(region: string): string | null {
  if (region === 'ap-northeast-1') return 'dbcloud-jp';
  if (region.startsWith('ap-') || region.startsWith('asia-')) return 'dbcloud-sg';
  if (region.startsWith('eu-') || region.startsWith('europe-') || region === 'westeurope') return 'dbcloud-eu';
  return null;
}

async function loadTenants(tx: Db): Promise<SeedTenant[]> {
  const rows = await tx
    .select({
      id: tenants.id,
      name: tenants.name,
      status: tenants.status,
      region: tenants.region,
      createdAt: tenants.createdAt,
      clusters: sql<number>`(select count(*)::int from ${clusters} c where c.tenant_id = ${tenants.id})`,
      providers: sql<
        string[]
      >`coalesce((select array_agg(distinct c.provider order by c.provider) from ${clusters} c where c.tenant_id = ${tenants.id}), '{}')`,
    })
    .from(tenants)
    .orderBy(asc(tenants.id));
  return rows.map((r) => ({ ...r, clusters: Number(r.clusters), providers: r.providers ?? [] }));
}

/** The first month start at or after `d`. */
const monthStart = (y: number, m: number) => new Date(Date.UTC(y, m, 1));

export async function seedBillingAccounts(tx: Db): Promise<void> {
  const r = prng(20_261_115);
  const all = await loadTenants(tx);
  const byName = (name: string) => {
    const t = all.find((x) => x.name === name);
    if (!t) throw new Error(`seed: no tenant ${name}`);
    return t;
  };
  const active = all.filter((t) => t.status === 'ACTIVE');
  const closing = all.filter((t) => t.status === 'CLOSING');
  const closed = all.filter((t) => t.status === 'CLOSED');
  const suspended = all.filter((t) => t.status === 'SUSPENDED');

  // ---- billing companies
  await insertRows(
    tx,
    billingCompanies,
    SEED_BILLING_COMPANIES.map((c) => ({ ...c, createdAt: day('2022-01-01') })),
  );
  await insertRows(
    tx,
    tenantBillingCompanies,
    all.flatMap((t) => {
      const company = companyFor(t.region);
      return company
        ? [{ tenantId: t.id, billingCompanyId: company, updatedAt: new Date(t.createdAt), updatedBy: ADMIN }]
        : [];
    }),
  );

  // ---- partner customers: two resellers and their CPPO / MCPO customers, configured in billing as the API does
  const configured = new Set(
    (await tx.selectDistinct({ id: billingConfigs.tenantId }).from(billingConfigs)).map((x) => x.id),
  );
  const [enterprisePlan] = await tx
    .select({ id: billingSupportPlans.id })
    .from(billingSupportPlans)
    .where(and(eq(billingSupportPlans.isPublic, true), eq(billingSupportPlans.level, 'enterprise')))
    .orderBy(asc(billingSupportPlans.id))
    .limit(1);
  const cppoReseller = byName('Tidewater Payments');
  const mcpoReseller = byName('Tanager Telecom');
  /** A tenant billing left unconfigured becomes a partner customer from its start; others convert next month. */
  const partnerStart = (t: SeedTenant, later: string) =>
    configured.has(t.id) ? later : t.createdAt.toISOString().slice(0, 10);
  const partnerPlans = [
    { t: byName('Lucerne Publishing'), type: 'cppo', effective: '2026-12-01', off: 12, plan: false, by: OPERATOR },
    { t: byName('Sable Security'), type: 'mcpo', effective: '2026-12-01', off: 8.5, plan: false, by: MARIA },
    { t: byName('Union Square Marketplace'), type: 'cppo', effective: '2026-12-01', off: 15, plan: true, by: LIN },
    { t: byName('Redwood Mobility'), type: 'mcpo', effective: '2027-01-01', off: 20, plan: false, by: MARIA },
  ] as const;
  const partnerRows: (typeof partnerBillingConfigs.$inferInsert)[] = [];
  for (const [i, p] of partnerPlans.entries()) {
    const effective = partnerStart(p.t, p.effective);
    const createdAt = new Date(Math.min(Date.parse(`${effective}T00:00:00Z`) - 7 * DAY, BASE - (3 + i) * DAY));
    const reseller = p.type === 'cppo' ? cppoReseller : mcpoReseller;
    const paymentCode = `${p.type.toUpperCase()}-${p.t.id.slice(-6)}`;
    const paymentSubCode = p.type === 'cppo' ? `offer-${r.hex(10)}` : null;
    const config = await createBillingConfig(
      tx,
      {
        tenant_id: p.t.id,
        kind: p.type,
        reseller_id: reseller.id,
        payment_code: paymentCode,
        payment_sub_code: paymentSubCode,
        effective_date: effective,
        created_by: p.by,
      },
      createdAt,
    );
    let boundPlanId: string | null = null;
    const planEnd = '2027-11-30T23:59:59.000Z';
    if (p.plan && enterprisePlan) {
      try {
        const bound = await bindSupportPlan(
          tx,
          {
            tenant_id: p.t.id,
            support_plan_id: String(enterprisePlan.id),
            level: 'enterprise',
            type: 'fixed_price',
            fixed_charge_price: 0,
            support_price_percentage: null,
            tiered_price_rules: [],
            active_date: `${effective}T00:00:00.000Z`,
            expired_date: planEnd,
            created_by: p.by,
          },
          createdAt,
        );
        boundPlanId = String(bound.id);
      } catch {
        // The tenant has a plan still to be activated in billing's demo: it keeps that one.
      }
    }
    const discountEnd = '2027-11-30T23:59:59.000Z';
    const discount = discountFromPercentOff(p.off);
    const discountId = await insertDiscount(
      tx,
      {
        customers: [p.t.id],
        unit_filters: quickSelection('all').filter_ids,
        usage: p.type,
        provider: 'all',
        description: `${PARTNER_BILLING_LABELS[p.type]} customer discount`,
        discount,
        started_at: `${effective}T00:00:00.000Z`,
        expired_at: discountEnd,
        note: `Partner terms: reseller ${reseller.name}`,
        created_by: p.by,
      },
      { status: 'valid' },
      createdAt,
    );
    partnerRows.push({
      partnerType: p.type,
      tenantId: p.t.id,
      resellerId: reseller.id,
      paymentCode,
      paymentSubCode,
      effectiveDate: day(effective),
      supportPlan: boundPlanId ? { support_plan_id: String(enterprisePlan!.id), end_date: planEnd } : null,
      discounts: [{ usage: p.type, percent_off: p.off, discount, end_date: discountEnd }],
      billingConfigId: config.billing_config_id,
      boundPlanId,
      discountIds: [String(discountId)],
      createdBy: p.by,
      createdAt,
    });
  }
  await insertRows(tx, partnerBillingConfigs, partnerRows);
  const cppoCustomers = partnerPlans.filter((p) => p.type === 'cppo').map((p) => p.t);
  const mcpoCustomers = partnerPlans.filter((p) => p.type === 'mcpo').map((p) => p.t);

  // ---- marketplace subscriptions
  const marketplaceTenants = new Map<string, 'AWS' | 'GCP' | 'AZURE'>();
  for (const t of cppoCustomers) marketplaceTenants.set(t.id, 'AWS');
  for (const t of mcpoCustomers) marketplaceTenants.set(t.id, 'GCP');
  for (const name of ['Northwind Traders', 'Harbor & Finch Capital', 'Zephyr Streaming'])
    marketplaceTenants.set(byName(name).id, name === 'Zephyr Streaming' ? 'AWS' : 'AZURE');
  const subs: (typeof marketplaceSubscriptions.$inferInsert)[] = [];
  const activeSub = new Map<string, string>();
  const subscription = (
    t: SeedTenant,
    marketplace: 'AWS' | 'GCP' | 'AZURE',
    status: 'pending' | 'active' | 'cancelled',
    subscribedAt: Date,
    offer: string,
    cancel?: { at: Date; by: string; reason: string },
  ) => {
    const id = `${marketplace.toLowerCase()}-sub-${r.hex(12)}`;
    subs.push({
      id,
      tenantId: t.id,
      marketplace,
      marketplaceAccountId:
        marketplace === 'AWS'
          ? String(r.int(100_000_000_000, 999_999_999_999))
          : marketplace === 'GCP'
            ? `${r.hex(6)}-${r.hex(6)}-${r.hex(6)}`.toUpperCase()
            : `${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}`,
      productCode: { AWS: 'prod-dbcloud-dedicated', GCP: 'dbcloud-dedicated.endpoints', AZURE: 'dbcloud-saas-offer' }[
        marketplace
      ],
      offer,
      status,
      subscribedAt,
      cancelledAt: cancel?.at ?? null,
      cancelledBy: cancel?.by ?? null,
      cancelReason: cancel?.reason ?? null,
    });
    if (status === 'active') activeSub.set(t.id, id);
    return id;
  };
  for (const [tenantId, marketplace] of marketplaceTenants) {
    const t = all.find((x) => x.id === tenantId)!;
    const partner = partnerRows.find((p) => p.tenantId === tenantId);
    const startedAt = partner
      ? new Date(Math.min(partner.effectiveDate!.getTime(), BASE - 20 * DAY))
      : new Date(Math.max(t.createdAt.getTime(), BASE - 400 * DAY));
    subscription(
      t,
      marketplace,
      'active',
      startedAt,
      partner ? (partner.paymentSubCode ?? 'private-offer') : 'pay_as_you_go',
    );
  }
  // A pending subscription (not linked yet) and one the customer left for a contract.
  subscription(byName('Coho Winery'), 'AWS', 'pending', before(2, 9), 'pay_as_you_go');
  subscription(byName('Fabrikam Logistics'), 'AZURE', 'cancelled', before(700), 'pay_as_you_go', {
    at: before(600),
    by: OPERATOR,
    reason: 'Moved to an enterprise agreement paid by wire transfer',
  });
  for (const t of closed)
    if (t.providers.includes('AWS'))
      subscription(t, 'AWS', 'cancelled', new Date(t.createdAt.getTime() + 30 * DAY), 'pay_as_you_go', {
        at: before(40),
        by: 'system',
        reason: 'Tenant closed: Non-payment',
      });
  await insertRows(tx, marketplaceSubscriptions, subs);

  // ---- contracts in every status
  interface ContractPlan {
    tenant: SeedTenant;
    title: string;
    type: ContractType;
    status: ContractStatus;
    start: string;
    end: string;
    commitment: number;
    frequency: 'monthly' | 'quarterly' | 'annually' | 'upfront';
    terms: number;
    createdDaysBefore: number;
    by: string;
    signedBy?: string;
    reason?: string;
    endedDaysBefore?: number;
    endedBy?: string;
    notes?: string;
  }
  const k = (name: string) => byName(name);
  const plans: ContractPlan[] = [
    {
      tenant: k('Northwind Traders'),
      title: 'Northwind 2026 committed spend',
      type: 'committed_spend',
      status: 'active',
      start: '2026-01-01',
      end: '2026-12-31',
      commitment: 120_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 330,
      by: OPERATOR,
      signedBy: 'Dana Whitfield, CFO',
    },
    {
      tenant: k('Contoso Retail'),
      title: 'Contoso prepaid capacity FY27',
      type: 'prepaid',
      status: 'draft',
      start: '2026-12-01',
      end: '2027-11-30',
      commitment: 60_000_00,
      frequency: 'upfront',
      terms: 15,
      createdDaysBefore: 3,
      by: LIN,
      notes: 'Prepaid credit drawn down by usage; unused balance expires at the end of the term.',
    },
    {
      tenant: k('Fabrikam Logistics'),
      title: 'Fabrikam enterprise agreement',
      type: 'enterprise',
      status: 'active',
      start: '2025-03-01',
      end: '2027-02-28',
      commitment: 0,
      frequency: 'monthly',
      terms: 45,
      createdDaysBefore: 640,
      by: MARIA,
      signedBy: 'procurement@fabrikam.com',
    },
    {
      tenant: k('Fabrikam Logistics'),
      title: 'Fabrikam committed spend 2024',
      type: 'committed_spend',
      status: 'expired',
      start: '2024-03-01',
      end: '2025-02-28',
      commitment: 80_000_00,
      frequency: 'quarterly',
      terms: 45,
      createdDaysBefore: 1000,
      by: MARIA,
      signedBy: 'procurement@fabrikam.com',
      endedDaysBefore: 610,
      endedBy: MARIA,
    },
    {
      tenant: k('Adventure Works Cycles'),
      title: 'Adventure Works committed spend 2027',
      type: 'committed_spend',
      status: 'pending_signature',
      start: '2026-12-01',
      end: '2027-11-30',
      commitment: 90_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 12,
      by: OPERATOR,
    },
    {
      tenant: k('Tailspin Toys'),
      title: 'Tailspin launch commitment',
      type: 'committed_spend',
      status: 'active',
      start: '2025-11-01',
      end: '2026-10-31',
      commitment: 150_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 370,
      by: LIN,
      signedBy: 'Priya Raman, VP Engineering',
    },
    {
      tenant: k('Wide World Importers'),
      title: 'Wide World prepaid 2026-27',
      type: 'prepaid',
      status: 'active',
      start: '2026-07-01',
      end: '2027-06-30',
      commitment: 250_000_00,
      frequency: 'upfront',
      terms: 30,
      createdDaysBefore: 140,
      by: MARIA,
      signedBy: 'Tomas Eriksen, CTO',
    },
    {
      tenant: k('Wide World Importers'),
      title: 'Wide World committed spend 2026',
      type: 'committed_spend',
      status: 'terminated',
      start: '2026-01-01',
      end: '2026-12-31',
      commitment: 180_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 320,
      by: MARIA,
      signedBy: 'Tomas Eriksen, CTO',
      reason: 'Replaced by the prepaid agreement CTR of July 2026',
      endedDaysBefore: 123,
      endedBy: MARIA,
    },
    {
      tenant: k('Litware Analytics'),
      title: 'Litware committed spend proposal',
      type: 'committed_spend',
      status: 'cancelled',
      start: '2026-09-01',
      end: '2027-08-31',
      commitment: 40_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 75,
      by: OPERATOR,
      reason: 'The customer chose to stay on pay as you go',
      endedDaysBefore: 60,
      endedBy: OPERATOR,
    },
    {
      tenant: k('Proseware Systems'),
      title: 'Proseware committed spend',
      type: 'committed_spend',
      status: 'active',
      start: '2026-04-01',
      end: '2027-03-31',
      commitment: 48_000_00,
      frequency: 'quarterly',
      terms: 30,
      createdDaysBefore: 220,
      by: LIN,
      signedBy: 'Ken Osei',
    },
    {
      tenant: k('Coho Winery'),
      title: 'Coho Winery enterprise agreement',
      type: 'enterprise',
      status: 'active',
      start: '2025-08-01',
      end: '2027-07-31',
      commitment: 0,
      frequency: 'monthly',
      terms: 60,
      createdDaysBefore: 470,
      by: MARIA,
      signedBy: 'legal@cohowinery.com',
    },
    {
      tenant: k('Fourth Coffee'),
      title: 'Fourth Coffee renewal 2027',
      type: 'committed_spend',
      status: 'draft',
      start: '2027-01-01',
      end: '2027-12-31',
      commitment: 75_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 8,
      by: OPERATOR,
    },
  ];
  for (const t of suspended.slice(0, 1))
    plans.push({
      tenant: t,
      title: `${t.name} committed spend 2026`,
      type: 'committed_spend',
      status: 'suspended',
      start: '2026-01-01',
      end: '2026-12-31',
      commitment: 36_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 320,
      by: LIN,
      signedBy: 'finance@humongous.example',
      reason: 'Invoices of August and September 2026 are unpaid',
    });
  for (const t of closing)
    plans.push({
      tenant: t,
      title: `${t.name} committed spend`,
      type: 'committed_spend',
      status: 'active',
      start: '2026-02-01',
      end: '2027-01-31',
      commitment: 24_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 280,
      by: OPERATOR,
      signedBy: 'Mei Tanaka, COO',
    });
  for (const t of closed)
    plans.push({
      tenant: t,
      title: `${t.name} committed spend`,
      type: 'committed_spend',
      status: 'terminated',
      start: '2026-01-01',
      end: '2026-12-31',
      commitment: 12_000_00,
      frequency: 'monthly',
      terms: 30,
      createdDaysBefore: 330,
      by: OPERATOR,
      signedBy: 'accounts@example.org',
      reason: 'Tenant closed: Non-payment',
      endedDaysBefore: 40,
      endedBy: 'system',
    });

  const companyOf = (t: SeedTenant) => companyFor(t.region) ?? 'dbcloud-us';
  const contractRows = plans.map((p) => {
    const created = before(p.createdDaysBefore, 10);
    const signedAt = p.signedBy ? new Date(Math.min(day(p.start).getTime(), created.getTime() + 9 * DAY)) : null;
    const ended = p.endedDaysBefore === undefined ? null : before(p.endedDaysBefore, 14);
    return {
      tenantId: p.tenant.id,
      tenantName: p.tenant.name,
      title: p.title,
      type: p.type,
      status: p.status,
      billingCompanyId: companyOf(p.tenant),
      startDate: day(p.start),
      endDate: endOf(p.end),
      commitmentCents: p.commitment,
      billingFrequency: p.frequency,
      paymentTermsDays: p.terms,
      notes: p.notes ?? '',
      signedBy: p.signedBy ?? null,
      signedAt,
      statusReason: p.status === 'expired' ? `Ended on ${p.end}` : (p.reason ?? null),
      createdBy: p.by,
      createdAt: created,
      updatedAt: ended ?? (p.status === 'suspended' ? before(25) : (signedAt ?? created)),
      endedAt: ended,
      endedBy: p.endedBy ?? null,
    };
  });
  const contractIds = (
    await tx.insert(billingContracts).values(contractRows).returning({ id: billingContracts.id })
  ).map((x) => x.id);

  // ---- payment set-ups, the embedded provider's customers, cards and invoices, and 12 months of payments
  const wireTenants = new Set(
    [
      k('Fabrikam Logistics'),
      k('Coho Winery'),
      k('Wide World Importers'),
      k('Proseware Systems'),
      k('Lucerne Publishing'),
    ].map((t) => t.id),
  );
  const confirmedInvoices = await tx
    .select({
      id: billingInvoices.id,
      tenantId: billingInvoices.tenantId,
      periodStart: billingInvoices.periodStart,
      periodEnd: billingInvoices.periodEnd,
      confirmedAt: billingInvoices.confirmedAt,
      amountDue: billingInvoices.amountDue,
    })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.status, 'confirmed'), eq(billingInvoices.kind, 'usage')))
    .orderBy(asc(billingInvoices.tenantId), asc(billingInvoices.periodStart));
  const accounts: (typeof tenantPaymentAccounts.$inferInsert)[] = [];
  const customers: (typeof paymentProviderCustomers.$inferInsert)[] = [];
  const cards: (typeof paymentProviderMethods.$inferInsert)[] = [];
  const invoices: (typeof paymentProviderInvoices.$inferInsert)[] = [];
  const payments: (typeof tenantPayments.$inferInsert)[] = [];
  const BRANDS = ['visa', 'visa', 'mastercard', 'amex'] as const;

  for (const t of all) {
    const type = marketplaceTenants.has(t.id) ? 'marketplace' : wireTenants.has(t.id) ? 'wire_transfer' : 'card';
    const isClosed = t.status === 'CLOSED';
    let customerId: string | null = null;
    let card: {
      id: string;
      brand: string;
      last4: string;
      exp_month: number;
      exp_year: number;
      created_at: string;
    } | null = null;
    if (type === 'card') {
      customerId = `cus_${r.hex(14)}`;
      const n = r.chance(0.3) ? 2 : 1;
      const mine: typeof cards = [];
      for (let i = 0; i < n; i++) {
        const createdAt = new Date(Math.max(t.createdAt.getTime(), BASE - 900 * DAY) + (i * 200 + 1) * DAY);
        mine.push({
          id: `pm_${r.hex(24)}`,
          customerId,
          brand: r.pick(BRANDS),
          last4: String(r.int(1000, 9999)),
          expMonth: r.int(1, 12),
          expYear: r.int(2027, 2030),
          createdAt: createdAt.getTime() > BASE ? before(1) : createdAt,
        });
      }
      cards.push(...mine);
      const chosen = mine[0]!;
      customers.push({ id: customerId, tenantId: t.id, defaultPaymentMethodId: chosen.id, createdAt: t.createdAt });
      card = {
        id: chosen.id,
        brand: chosen.brand,
        last4: chosen.last4,
        exp_month: chosen.expMonth,
        exp_year: chosen.expYear,
        created_at: (chosen.createdAt as Date).toISOString(),
      };
    }
    const partner = partnerRows.find((p) => p.tenantId === t.id);
    accounts.push({
      tenantId: t.id,
      type: isClosed ? null : type,
      paymentCode: partner?.paymentCode ?? (type === 'wire_transfer' ? `WT-${t.id.slice(-8)}` : null),
      paymentSubCode: partner?.paymentSubCode ?? null,
      invoiceable: !isClosed && type === 'wire_transfer',
      providerCustomerId: customerId,
      cardPaymentMethodId: !isClosed && card ? card.id : null,
      card: !isClosed && card ? { ...card, is_default: true } : null,
      subscriptionId: !isClosed && type === 'marketplace' ? (activeSub.get(t.id) ?? null) : null,
      updatedAt: partner ? partner.createdAt! : new Date(t.createdAt.getTime() + DAY),
      updatedBy: isClosed ? 'system' : OPERATOR,
    });

    // What the tenant paid for: billing's confirmed invoices of a tenant billing bills; otherwise (closed tenants,
    // partner customers billed by their marketplace) one bill a month for the 12 months before the demo's date.
    const bills: { month: Date; issuedAt: Date; amount: number; invoiceId: string | null }[] = [];
    if (configured.has(t.id)) {
      for (const inv of confirmedInvoices.filter((x) => x.tenantId === t.id && x.amountDue > 0))
        bills.push({
          month: inv.periodStart,
          issuedAt: inv.confirmedAt ?? inv.periodEnd,
          amount: inv.amountDue,
          invoiceId: String(inv.id),
        });
    } else {
      const monthly = Math.max(1, t.clusters) * r.int(350, 2400) * 100;
      const d = new Date(BASE);
      for (let m = 12; m >= 1; m--) {
        const usageMonth = monthStart(d.getUTCFullYear(), d.getUTCMonth() - m - 1);
        if (usageMonth < t.createdAt || (isClosed && m <= 2)) continue;
        const issuedAt = new Date(monthStart(d.getUTCFullYear(), d.getUTCMonth() - m).getTime() + 4 * DAY);
        bills.push({
          month: usageMonth,
          issuedAt,
          amount: Math.round((monthly * r.int(85, 115)) / 100),
          invoiceId: null,
        });
      }
    }
    for (const [n, bill] of bills.entries()) {
      const last = bills.length - n; // 1 for the latest bill
      const ym = bill.month.toISOString().slice(0, 7);
      // Cards are charged when the invoice is issued; wires arrive within the terms; marketplaces pay out monthly.
      const lag = type === 'card' ? 3_600_000 : type === 'wire_transfer' ? r.int(8, 28) * DAY : r.int(25, 35) * DAY;
      let createdAt = new Date(bill.issuedAt.getTime() + lag);
      let status: 'pending' | 'succeeded' | 'failed' | 'refunded' = 'succeeded';
      let failure: string | null = null;
      if (t.status === 'SUSPENDED' && last <= 2) {
        status = 'failed';
        failure = 'card_declined: the card has insufficient funds';
      } else if (createdAt.getTime() > BASE) {
        status = 'pending';
        createdAt = new Date(Math.min(bill.issuedAt.getTime() + DAY, BASE - 3_600_000));
      } else if (type === 'card' && r.chance(0.02)) status = 'refunded';
      const reference =
        type === 'card'
          ? `ch_${r.hex(24)}`
          : type === 'wire_transfer'
            ? `WIRE-${ym.replace('-', '')}-${r.int(10_000, 99_999)}`
            : `${marketplaceTenants.get(t.id) ?? 'AWS'}-DISB-${ym.replace('-', '')}-${r.hex(6).toUpperCase()}`;
      payments.push({
        tenantId: t.id,
        type,
        status,
        amountCents: bill.amount,
        reference,
        invoiceId: bill.invoiceId,
        description: `Usage of ${ym}`,
        failureReason: failure,
        createdAt,
        settledAt: status === 'succeeded' || status === 'refunded' ? new Date(createdAt.getTime() + 3_600_000) : null,
      });
      if (type === 'card' && customerId) {
        const failed = status === 'failed';
        invoices.push({
          id: `in_${r.hex(24)}`,
          customerId,
          number: `DBC-${customerId.slice(4, 10).toUpperCase()}-${String(n + 1).padStart(4, '0')}`,
          status: failed ? (last === 2 ? 'uncollectible' : 'open') : status === 'refunded' ? 'void' : 'paid',
          amountDueCents: bill.amount,
          amountPaidCents: failed || status === 'refunded' ? 0 : bill.amount,
          currency: 'usd',
          createdAt: bill.issuedAt,
          dueDate: new Date(bill.issuedAt.getTime() + DAY * 15),
          periodStart: bill.month,
          periodEnd: monthStart(bill.month.getUTCFullYear(), bill.month.getUTCMonth() + 1),
          hostedInvoiceUrl: `https://invoice.stripe.com/i/acct_demo/${customerId}_${ym}`,
        });
      }
    }
  }
  await insertRows(tx, paymentProviderCustomers, customers);
  await insertRows(tx, paymentProviderMethods, cards);
  await insertRows(tx, paymentProviderInvoices, invoices);
  await insertRows(tx, tenantPaymentAccounts, accounts);
  await insertRows(tx, tenantPayments, payments);

  // ---- budgets: quarterly (Q4 so far), annual (2026 so far), monthly (November, just started), their amounts set
  // against the spend billing's invoices give them on the demo's date, so they stand ok, warning or exceeded
  const budgets: (typeof tenantBudgets.$inferInsert)[] = [];
  const KINDS = ['quarterly', 'annually', 'monthly'] as const;
  /** Spend so far as a fraction of the amount, in turn: ok, warning (past 50% or 80%), exceeded. */
  const RATIOS = [0.3, 0.62, 1.12, 0.45, 0.86, 0.2, 1.3, 0.93];
  const candidates = active.filter((t) => configured.has(t.id) || !configured.size).slice(0, 18);
  const anchors = candidates.map((_, i) =>
    day({ quarterly: '2026-10-01', annually: '2026-01-01', monthly: '2026-11-01' }[KINDS[i % KINDS.length]!]),
  );
  const spend = await spendOf(
    tx,
    candidates.map((t, i) => {
      const { start, end } = currentPeriod(anchors[i]!, KINDS[i % KINDS.length]!, new Date(BASE));
      return { id: i, tenantId: t.id, from: start.toISOString(), to: end.toISOString(), projectIds: [] };
    }),
  );
  for (const [i, t] of candidates.entries()) {
    const kind = KINDS[i % KINDS.length]!;
    const spent = spend.get(i) ?? 0;
    // Without spend yet (a month just started), the amount is what the tenant paid in a recent month.
    const recent = payments.filter((p) => p.tenantId === t.id).slice(-3);
    const typical = recent.length
      ? Math.round(recent.reduce((sum, p) => sum + p.amountCents!, 0) / recent.length)
      : 1e5;
    const amount = spent > 0 ? spent / RATIOS[i % RATIOS.length]! : typical;
    const slug = t.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    budgets.push({
      tenantId: t.id,
      name: { quarterly: 'Q4 2026 cloud spend', annually: 'FY2026 database budget', monthly: 'Monthly cap' }[kind],
      period: kind,
      // Whole dollars.
      amountCents: Math.max(100, Math.round(amount / 100) * 100),
      thresholds: i % 2 ? [0.5, 0.8, 1] : [0.8, 1],
      projectIds: [],
      notifyEmails: [`finops@${slug}.com`],
      periodStart: anchors[i]!,
      createdBy: `admin@${slug}.com`,
      createdAt: new Date(Math.max(t.createdAt.getTime() + DAY, anchors[i]!.getTime() - 10 * DAY)),
    });
  }
  await insertRows(tx, tenantBudgets, budgets);

  // ---- closings: the CLOSING tenant's under way, the CLOSED tenants' done, a cancelled one
  const policiesOf = (reason: ClosingReason) => CLOSING_REASON_INFO[reason].policies.map((p) => ({ ...p }));
  const closingRows: (typeof tenantClosings.$inferInsert)[] = [];
  for (const t of closing)
    closingRows.push({
      tenantId: t.id,
      status: 'closing',
      reason: 'customer_request',
      note: 'The customer moves to self-hosting; close at the end of the contract (2027-01-31)',
      policies: policiesOf('customer_request'),
      tenantStatusBefore: 'ACTIVE',
      requestedBy: ADMIN,
      requestedAt: before(6, 11),
      closeAt: day('2027-02-01'),
      outcome: [],
    });
  for (const t of closed) {
    const requestedAt = before(54, 9);
    closingRows.push({
      tenantId: t.id,
      status: 'closed',
      reason: 'non_payment',
      note: 'Three invoices unpaid after dunning',
      policies: policiesOf('non_payment'),
      tenantStatusBefore: 'SUSPENDED',
      requestedBy: ADMIN,
      requestedAt,
      closeAt: new Date(requestedAt.getTime() + 14 * DAY),
      closedAt: new Date(requestedAt.getTime() + 14 * DAY),
      outcome: CLOSING_REASON_INFO.non_payment.policies.map((p) => CLOSING_POLICY_TEXT[p.key].title + ': done'),
    });
  }
  const cancelledFor = k('Harbor & Finch Capital');
  closingRows.push({
    tenantId: cancelledFor.id,
    status: 'cancelled',
    reason: 'non_payment',
    note: 'September invoice unpaid',
    policies: policiesOf('non_payment'),
    tenantStatusBefore: 'ACTIVE',
    requestedBy: ADMIN,
    requestedAt: before(40, 10),
    closeAt: before(26, 10),
    cancelledBy: OPERATOR,
    cancelledAt: before(37, 15),
    outcome: [],
  });
  const closingIds = (await tx.insert(tenantClosings).values(closingRows).returning({ id: tenantClosings.id })).map(
    (x) => x.id,
  );
  for (const [i, row] of closingRows.entries())
    if (row.status === 'closing')
      await enqueueJob(
        tx,
        CLOSE_JOB,
        { closing_id: String(closingIds[i]) },
        {
          runAt: row.closeAt,
          dedupeKey: `tenant-closing-${closingIds[i]}`,
          maxAttempts: 20,
        },
      );

  // ---- the audit trail this history left
  const audit: (typeof auditLogs.$inferInsert)[] = [];
  plans.forEach((p, i) => {
    const id = String(contractIds[i]);
    const row = contractRows[i]!;
    audit.push({
      type: 'billing_contract',
      instanceId: id,
      operator: p.by,
      operation: 'create',
      operateAt: row.createdAt,
      details: {
        tenant_id: p.tenant.id,
        after: { status: 'draft', contract_number: contractNumber(id), title: p.title },
      },
    });
    if (p.status !== 'draft' && p.status !== 'cancelled')
      audit.push({
        type: 'billing_contract',
        instanceId: id,
        operator: p.by,
        operation: 'submit',
        operateAt: new Date(row.createdAt.getTime() + DAY),
        details: { tenant_id: p.tenant.id, before: { status: 'draft' }, after: { status: 'pending_signature' } },
      });
    if (row.signedAt)
      audit.push({
        type: 'billing_contract',
        instanceId: id,
        operator: p.by,
        operation: 'activate',
        operateAt: row.signedAt,
        details: {
          tenant_id: p.tenant.id,
          before: { status: 'pending_signature' },
          after: { status: 'active', signed_by: p.signedBy },
        },
      });
    if (row.endedAt || p.status === 'suspended')
      audit.push({
        type: 'billing_contract',
        instanceId: id,
        operator: p.endedBy ?? p.by,
        operation: { suspended: 'suspend', expired: 'expire', terminated: 'terminate', cancelled: 'cancel' }[
          p.status as 'suspended'
        ],
        operateAt: row.endedAt ?? row.updatedAt,
        details: {
          tenant_id: p.tenant.id,
          ...(p.reason ? { reason: p.reason } : {}),
          before: { status: p.status === 'cancelled' ? 'draft' : 'active' },
          after: { status: p.status, status_reason: row.statusReason },
        },
      });
  });
  closingRows.forEach((c, i) => {
    const base = { closing_id: String(closingIds[i]), reason: c.reason };
    audit.push({
      type: 'tenant',
      instanceId: c.tenantId!,
      operator: c.requestedBy!,
      operation: 'closing_run',
      operateAt: c.requestedAt,
      details: {
        ...base,
        close_at: c.closeAt!.toISOString(),
        before: { status: c.tenantStatusBefore, closing: 'none' },
        after: { status: 'CLOSING', closing: 'closing' },
      },
    });
    if (c.status === 'closed')
      audit.push({
        type: 'tenant',
        instanceId: c.tenantId!,
        operator: 'system',
        operation: 'closing_close',
        operateAt: c.closedAt!,
        details: { ...base, outcome: c.outcome, before: { status: 'CLOSING' }, after: { status: 'CLOSED' } },
      });
    if (c.status === 'cancelled')
      audit.push({
        type: 'tenant',
        instanceId: c.tenantId!,
        operator: c.cancelledBy!,
        operation: 'closing_cancel',
        operateAt: c.cancelledAt!,
        details: { ...base, before: { status: 'CLOSING' }, after: { status: c.tenantStatusBefore } },
      });
  });
  await insertRows(tx, auditLogs, audit);
}
