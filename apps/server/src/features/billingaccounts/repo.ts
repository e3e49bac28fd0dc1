import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  budgetListQuery,
  contractListQuery,
  managedTenantsQuery,
  paymentListQuery,
  subscriptionListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { listOrder, pageWindow } from '../../platform/list-query.js';
import { billingInvoices } from '../billing/index.js';
import { tenants } from '../orgs/index.js';
import {
  billingCompanies,
  billingContracts,
  marketplaceSubscriptions,
  partnerBillingConfigs,
  tenantBillingCompanies,
  tenantBudgets,
  tenantClosings,
  tenantPaymentAccounts,
  tenantPayments,
} from './schema.js';

export type ContractRow = typeof billingContracts.$inferSelect;
export type NewContract = typeof billingContracts.$inferInsert;
export type PaymentRow = typeof tenantPayments.$inferSelect;
export type AccountRow = typeof tenantPaymentAccounts.$inferSelect;
export type SubscriptionRow = typeof marketplaceSubscriptions.$inferSelect;
export type BudgetRow = typeof tenantBudgets.$inferSelect;
export type CompanyRow = typeof billingCompanies.$inferSelect;
export type PartnerConfigRow = typeof partnerBillingConfigs.$inferSelect;
export type ClosingRow = typeof tenantClosings.$inferSelect;
export interface TenantRow {
  id: string;
  name: string;
  status: string;
}

const page = (q: { page: number; per_page: number }) => pageWindow(q);
const total = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

// ---- tenants --------------------------------------------------------------------------------------------------------
export async function findTenant(db: Db, id: string, forUpdate = false): Promise<TenantRow | undefined> {
  const q = db
    .select({ id: tenants.id, name: tenants.name, status: tenants.status })
    .from(tenants)
    .where(eq(tenants.id, id))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function setTenantStatus(db: Db, id: string, status: string): Promise<void> {
  await db.update(tenants).set({ status }).where(eq(tenants.id, id));
}

// ---- billing companies ----------------------------------------------------------------------------------------------
export function selectCompanies(db: Db): Promise<CompanyRow[]> {
  return db.select().from(billingCompanies).orderBy(desc(billingCompanies.isDefault), asc(billingCompanies.name));
}

export async function findCompany(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(billingCompanies).where(eq(billingCompanies.id, id)).limit(1);
  return row;
}

export async function findDefaultCompany(db: Db): Promise<CompanyRow> {
  const [row] = await db
    .select()
    .from(billingCompanies)
    .orderBy(desc(billingCompanies.isDefault), asc(billingCompanies.id))
    .limit(1);
  if (!row) throw new Error('no billing company is configured');
  return row;
}

export async function findTenantCompany(
  db: Db,
  tenantId: string,
): Promise<typeof tenantBillingCompanies.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(tenantBillingCompanies)
    .where(eq(tenantBillingCompanies.tenantId, tenantId))
    .limit(1);
  return row;
}

export async function upsertTenantCompany(db: Db, tenantId: string, companyId: string, by: string, at: Date) {
  await db
    .insert(tenantBillingCompanies)
    .values({ tenantId, billingCompanyId: companyId, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({
      target: tenantBillingCompanies.tenantId,
      set: { billingCompanyId: companyId, updatedBy: by, updatedAt: at },
    });
}

// ---- contracts ------------------------------------------------------------------------------------------------------
export async function insertContract(db: Db, row: NewContract): Promise<number> {
  const [r] = await db.insert(billingContracts).values(row).returning({ id: billingContracts.id });
  return r!.id;
}

export async function findContract(db: Db, id: number, forUpdate = false): Promise<ContractRow | undefined> {
  const q = db.select().from(billingContracts).where(eq(billingContracts.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateContract(db: Db, id: number, patch: Partial<NewContract>): Promise<void> {
  await db
    .update(billingContracts)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(billingContracts.id, id));
}

function contractWhere(q: z.output<typeof contractListQuery>): SQL | undefined {
  const c = billingContracts;
  const conds: SQL[] = [];
  if (q.tenant_id) conds.push(eq(c.tenantId, q.tenant_id));
  if (q.status?.length) conds.push(inArray(c.status, q.status));
  if (q.type) conds.push(eq(c.type, q.type));
  return conds.length ? and(...conds) : undefined;
}

export function selectContracts(db: Db, q: z.output<typeof contractListQuery>): Promise<ContractRow[]> {
  const c = billingContracts;
  const { limit, offset } = page(q);
  return db
    .select()
    .from(c)
    .where(contractWhere(q))
    .orderBy(
      ...listOrder(
        q.sort,
        { created_at: c.createdAt, start_date: c.startDate, end_date: c.endDate, commitment_cents: c.commitmentCents },
        c.id,
      ),
    )
    .limit(limit)
    .offset(offset);
}

export function countContracts(db: Db, q: z.output<typeof contractListQuery>): Promise<number> {
  return total(db.select({ n: count() }).from(billingContracts).where(contractWhere(q)));
}

/** A contract of the tenant and type in force (active or suspended) whose term overlaps [start, end]. */
export async function findOverlapping(
  db: Db,
  c: Pick<ContractRow, 'id' | 'tenantId' | 'type' | 'startDate' | 'endDate'>,
): Promise<ContractRow | undefined> {
  const t = billingContracts;
  const [row] = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.tenantId, c.tenantId),
        eq(t.type, c.type),
        ne(t.id, c.id),
        inArray(t.status, ['active', 'suspended']),
        lte(t.startDate, c.endDate),
        gte(t.endDate, c.startDate),
      ),
    )
    .orderBy(asc(t.id))
    .limit(1);
  return row;
}

/** The tenant's contracts in the given statuses, locked (a closing ends them). */
export function lockTenantContracts(db: Db, tenantId: string, statuses: string[]): Promise<ContractRow[]> {
  const t = billingContracts;
  return db
    .select()
    .from(t)
    .where(and(eq(t.tenantId, tenantId), inArray(t.status, statuses)))
    .orderBy(asc(t.id))
    .for('update');
}

export async function contractsInForce(db: Db, tenantId: string): Promise<{ n: number; cents: number }> {
  const t = billingContracts;
  const [row] = await db
    .select({ n: count(), cents: sql<string>`coalesce(sum(${t.commitmentCents}), 0)` })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), inArray(t.status, ['active', 'suspended'])));
  return { n: row?.n ?? 0, cents: Number(row?.cents ?? 0) };
}

// ---- payments -------------------------------------------------------------------------------------------------------
function paymentWhere(q: z.output<typeof paymentListQuery>): SQL | undefined {
  const p = tenantPayments;
  const conds: SQL[] = [];
  if (q.tenant_id) conds.push(eq(p.tenantId, q.tenant_id));
  if (q.status?.length) conds.push(inArray(p.status, q.status));
  if (q.type) conds.push(eq(p.type, q.type));
  return conds.length ? and(...conds) : undefined;
}

export function selectPayments(db: Db, q: z.output<typeof paymentListQuery>): Promise<PaymentRow[]> {
  const p = tenantPayments;
  const { limit, offset } = page(q);
  return db
    .select()
    .from(p)
    .where(paymentWhere(q))
    .orderBy(...listOrder(q.sort, { created_at: p.createdAt, amount_cents: p.amountCents }, p.id))
    .limit(limit)
    .offset(offset);
}

export function countPayments(db: Db, q: z.output<typeof paymentListQuery>): Promise<number> {
  return total(db.select({ n: count() }).from(tenantPayments).where(paymentWhere(q)));
}

/** Succeeded payments less refunds since `from`, in cents. */
export async function paidSince(db: Db, tenantId: string, from: Date): Promise<number> {
  const p = tenantPayments;
  const [row] = await db
    .select({
      cents: sql<string>`coalesce(sum(case when ${p.status} = 'succeeded' then ${p.amountCents} when ${p.status} = 'refunded' then -${p.amountCents} else 0 end), 0)`,
    })
    .from(p)
    .where(and(eq(p.tenantId, tenantId), gte(p.createdAt, from)));
  return Number(row?.cents ?? 0);
}

export async function findAccount(db: Db, tenantId: string, forUpdate = false): Promise<AccountRow | undefined> {
  const q = db.select().from(tenantPaymentAccounts).where(eq(tenantPaymentAccounts.tenantId, tenantId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function upsertAccount(
  db: Db,
  tenantId: string,
  patch: Partial<typeof tenantPaymentAccounts.$inferInsert> & { updatedBy: string; updatedAt: Date },
): Promise<void> {
  await db
    .insert(tenantPaymentAccounts)
    .values({ tenantId, ...patch })
    .onConflictDoUpdate({ target: tenantPaymentAccounts.tenantId, set: patch });
}

// ---- marketplace subscriptions --------------------------------------------------------------------------------------
function subscriptionWhere(q: z.output<typeof subscriptionListQuery>): SQL | undefined {
  const s = marketplaceSubscriptions;
  const conds: SQL[] = [];
  if (q.tenant_id) conds.push(eq(s.tenantId, q.tenant_id));
  if (q.status?.length) conds.push(inArray(s.status, q.status));
  if (q.marketplace) conds.push(eq(s.marketplace, q.marketplace));
  return conds.length ? and(...conds) : undefined;
}

export function selectSubscriptions(db: Db, q: z.output<typeof subscriptionListQuery>): Promise<SubscriptionRow[]> {
  const s = marketplaceSubscriptions;
  const { limit, offset } = page(q);
  return db
    .select()
    .from(s)
    .where(subscriptionWhere(q))
    .orderBy(...listOrder(q.sort, { subscribed_at: s.subscribedAt }, s.id))
    .limit(limit)
    .offset(offset);
}

export function countSubscriptions(db: Db, q: z.output<typeof subscriptionListQuery>): Promise<number> {
  return total(db.select({ n: count() }).from(marketplaceSubscriptions).where(subscriptionWhere(q)));
}

export async function findSubscription(db: Db, id: string, forUpdate = false): Promise<SubscriptionRow | undefined> {
  const q = db.select().from(marketplaceSubscriptions).where(eq(marketplaceSubscriptions.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateSubscription(
  db: Db,
  id: string,
  patch: Partial<typeof marketplaceSubscriptions.$inferInsert>,
): Promise<void> {
  await db.update(marketplaceSubscriptions).set(patch).where(eq(marketplaceSubscriptions.id, id));
}

/** The tenant's subscriptions still open (pending or active), locked. */
export function lockOpenSubscriptions(db: Db, tenantId: string): Promise<SubscriptionRow[]> {
  const s = marketplaceSubscriptions;
  return db
    .select()
    .from(s)
    .where(and(eq(s.tenantId, tenantId), inArray(s.status, ['pending', 'active'])))
    .orderBy(asc(s.id))
    .for('update');
}

export async function activeSubscriptionCount(db: Db, tenantId: string): Promise<number> {
  const s = marketplaceSubscriptions;
  return total(
    db
      .select({ n: count() })
      .from(s)
      .where(and(eq(s.tenantId, tenantId), eq(s.status, 'active'))),
  );
}

// ---- budgets --------------------------------------------------------------------------------------------------------
const budgetWhere = (q: z.output<typeof budgetListQuery>) =>
  q.tenant_id ? eq(tenantBudgets.tenantId, q.tenant_id) : undefined;

export function selectBudgets(db: Db, q: z.output<typeof budgetListQuery>): Promise<BudgetRow[]> {
  const b = tenantBudgets;
  const { limit, offset } = page(q);
  return db
    .select()
    .from(b)
    .where(budgetWhere(q))
    .orderBy(...listOrder(q.sort, { created_at: b.createdAt, amount_cents: b.amountCents }, b.id))
    .limit(limit)
    .offset(offset);
}

export function countBudgets(db: Db, q: z.output<typeof budgetListQuery>): Promise<number> {
  return total(db.select({ n: count() }).from(tenantBudgets).where(budgetWhere(q)));
}

export async function findBudget(db: Db, id: number, forUpdate = false): Promise<BudgetRow | undefined> {
  const q = db.select().from(tenantBudgets).where(eq(tenantBudgets.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function deleteBudget(db: Db, id: number): Promise<void> {
  await db.delete(tenantBudgets).where(eq(tenantBudgets.id, id));
}

/** Deletes the tenant's budgets; returns how many. */
export async function deleteTenantBudgets(db: Db, tenantId: string): Promise<number> {
  const rows = await db
    .delete(tenantBudgets)
    .where(eq(tenantBudgets.tenantId, tenantId))
    .returning({ id: tenantBudgets.id });
  return rows.length;
}

export interface SpendWindow {
  id: number;
  tenantId: string;
  /** ISO instants: months starting in [from, to) count. */
  from: string;
  to: string;
  projectIds: string[];
}

/**
 * A tenant's spend in cents per window: its usage invoices (the billing area's, any status: a month still running is
 * a draft rated so far) whose month starts in [from, to), usage less discounts (before support and tax); within the
 * projects when some are named (the invoices' per-project costs). One statement for a page of budgets.
 */
export async function spendOf(db: Db, windows: SpendWindow[]): Promise<Map<number, number>> {
  if (!windows.length) return new Map();
  const i = billingInvoices;
  const projects = (ids: string[]) =>
    sql`ARRAY[${sql.join(
      ids.map((p) => sql`${p}`),
      sql`, `,
    )}]::text[]`;
  const rows = sql.join(
    windows.map(
      (w) =>
        sql`(${w.id}::bigint, ${w.tenantId}::text, ${w.from}::timestamptz, ${w.to}::timestamptz, ${projects(w.projectIds)})`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`
    select w.id, coalesce(sum(case when cardinality(w.projects) = 0
        then ${i.usageAmount} - ${i.discountAmount}
        else (select coalesce(sum((pc->>'amount')::bigint), 0) from jsonb_array_elements(${i.projectCosts}) pc
              where pc->>'project_id' = any(w.projects)) end), 0) as cents
    from (values ${rows}) as w(id, tenant_id, from_at, to_at, projects)
    left join ${i} on ${i.tenantId} = w.tenant_id and ${i.kind} = 'usage'
      and ${i.periodStart} >= w.from_at and ${i.periodStart} < w.to_at
    group by w.id`);
  const list = (result as unknown as { rows: { id: string | number; cents: string | number }[] }).rows;
  return new Map(list.map((r) => [Number(r.id), Number(r.cents)]));
}

export async function budgetCount(db: Db, tenantId: string): Promise<number> {
  return total(db.select({ n: count() }).from(tenantBudgets).where(eq(tenantBudgets.tenantId, tenantId)));
}

// ---- partner billing configs ----------------------------------------------------------------------------------------
export interface PartnerConfigWithTenant extends PartnerConfigRow {
  tenantName: string;
  tenantStatus: string;
}

function partnerSelect(db: Db) {
  const p = partnerBillingConfigs;
  return db
    .select({
      id: p.id,
      partnerType: p.partnerType,
      tenantId: p.tenantId,
      resellerId: p.resellerId,
      paymentCode: p.paymentCode,
      paymentSubCode: p.paymentSubCode,
      effectiveDate: p.effectiveDate,
      supportPlan: p.supportPlan,
      discounts: p.discounts,
      billingConfigId: p.billingConfigId,
      boundPlanId: p.boundPlanId,
      discountIds: p.discountIds,
      createdBy: p.createdBy,
      createdAt: p.createdAt,
      tenantName: tenants.name,
      tenantStatus: tenants.status,
    })
    .from(p)
    .innerJoin(tenants, eq(tenants.id, p.tenantId));
}

export async function insertPartnerConfig(db: Db, row: typeof partnerBillingConfigs.$inferInsert): Promise<number> {
  const [r] = await db.insert(partnerBillingConfigs).values(row).returning({ id: partnerBillingConfigs.id });
  return r!.id;
}

export async function findPartnerConfig(db: Db, id: number): Promise<PartnerConfigWithTenant | undefined> {
  const [row] = await partnerSelect(db).where(eq(partnerBillingConfigs.id, id)).limit(1);
  return row;
}

export async function findPartnerConfigOn(db: Db, tenantId: string, effective: Date) {
  const p = partnerBillingConfigs;
  const [row] = await db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.tenantId, tenantId), eq(p.effectiveDate, effective)))
    .limit(1);
  return row;
}

export function selectTenantPartnerConfigs(db: Db, tenantId: string): Promise<PartnerConfigWithTenant[]> {
  const p = partnerBillingConfigs;
  return partnerSelect(db).where(eq(p.tenantId, tenantId)).orderBy(desc(p.effectiveDate), desc(p.id));
}

export function selectManagedTenants(
  db: Db,
  resellerId: string,
  q: z.output<typeof managedTenantsQuery>,
): Promise<PartnerConfigWithTenant[]> {
  const p = partnerBillingConfigs;
  const { limit, offset } = page(q);
  const where = and(eq(p.resellerId, resellerId), q.partner_type ? eq(p.partnerType, q.partner_type) : undefined);
  return partnerSelect(db)
    .where(where)
    .orderBy(...listOrder(q.sort, { effective_date: p.effectiveDate, created_at: p.createdAt }, p.id))
    .limit(limit)
    .offset(offset);
}

export function countManagedTenants(
  db: Db,
  resellerId: string,
  q: z.output<typeof managedTenantsQuery>,
): Promise<number> {
  const p = partnerBillingConfigs;
  const where = and(eq(p.resellerId, resellerId), q.partner_type ? eq(p.partnerType, q.partner_type) : undefined);
  return total(db.select({ n: count() }).from(p).where(where));
}

// ---- tenant closings ------------------------------------------------------------------------------------------------
export async function latestClosing(db: Db, tenantId: string, forUpdate = false): Promise<ClosingRow | undefined> {
  const q = db
    .select()
    .from(tenantClosings)
    .where(eq(tenantClosings.tenantId, tenantId))
    .orderBy(desc(tenantClosings.id))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findClosing(db: Db, id: number, forUpdate = false): Promise<ClosingRow | undefined> {
  const q = db.select().from(tenantClosings).where(eq(tenantClosings.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertClosing(db: Db, row: typeof tenantClosings.$inferInsert): Promise<number> {
  const [r] = await db.insert(tenantClosings).values(row).returning({ id: tenantClosings.id });
  return r!.id;
}

export async function updateClosing(
  db: Db,
  id: number,
  patch: Partial<typeof tenantClosings.$inferInsert>,
): Promise<void> {
  await db.update(tenantClosings).set(patch).where(eq(tenantClosings.id, id));
}
