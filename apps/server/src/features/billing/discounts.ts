import { randomUUID } from 'node:crypto';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canDiscount,
  canGlobalDiscount,
  fractionOfAmount,
  PPM,
  toPpm,
  type createDiscountBody,
  type createGlobalDiscountBody,
  type Discount,
  type discountListQuery,
  type DiscountStatus,
  type GlobalDiscount,
  type globalDiscountListQuery,
  type GlobalDiscountStatus,
  type ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { containsPattern, listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { createApproval, type ApprovalSettled } from '../approvals/index.js';
import { filterName, leavesOf } from './catalogue.js';
import { billingDiscountCustomers, billingDiscounts, billingGlobalDiscounts, billingUsage } from './schema.js';
import {
  audit,
  DISCOUNT_APPROVAL,
  fractionText,
  parseId,
  queueRating,
  SYSTEM,
  tenantNames,
  type BillingDeps,
} from './shared.js';

/*
 * Discounts (§3, §4, §5): a price multiplier on named customers' usage of some billing items, from a start to an end.
 * Worth more a month than the approval threshold → it waits for an approval (approving), else it is valid at once.
 * Only a valid one can be reclaimed. Global discounts apply to every tenant and are admin-only. Each change re-rates
 * the open invoices concerned.
 */

type DiscountRow = typeof billingDiscounts.$inferSelect;
type GlobalRow = typeof billingGlobalDiscounts.$inferSelect;

/** Stored status → shown status: a valid discount past its end is expired. */
export function discountStatus(r: Pick<DiscountRow, 'status' | 'expiredAt'>, now = new Date()): DiscountStatus {
  if (r.status === 'valid' && r.expiredAt.getTime() < now.getTime()) return 'expired';
  return r.status as DiscountStatus;
}
export function globalDiscountStatus(
  r: Pick<GlobalRow, 'status' | 'expiredAt'>,
  now = new Date(),
): GlobalDiscountStatus {
  if (r.status === 'valid' && r.expiredAt.getTime() < now.getTime()) return 'expired';
  return r.status as GlobalDiscountStatus;
}

const filtersOut = (ids: unknown) => (ids as string[]).map((filter_id) => ({ filter_id, name: filterName(filter_id) }));

function toDiscount(
  r: DiscountRow,
  customers: { tenant_id: string; tenant_name: string }[],
  now = new Date(),
): Discount {
  return {
    discount_sid: String(r.id),
    discount_code: r.code,
    status: discountStatus(r, now),
    provider: r.provider as Discount['provider'],
    unit_filters: filtersOut(r.unitFilters),
    description: r.description,
    discount: Number(r.discount),
    started_at: iso(r.startedAt),
    expired_at: iso(r.expiredAt),
    usage: r.usage as Discount['usage'],
    note: r.note,
    customers,
    estimated_monthly_value: r.estimatedMonthlyValue,
    approval_id: r.approvalId,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    reclaimed_by: r.reclaimedBy,
    reclaimed_at: isoOrNull(r.reclaimedAt),
  };
}

function toGlobal(r: GlobalRow, now = new Date()): GlobalDiscount {
  return {
    id: String(r.id),
    name: r.name,
    status: globalDiscountStatus(r, now),
    provider: r.provider as GlobalDiscount['provider'],
    unit_filters: filtersOut(r.unitFilters),
    discount: Number(r.discount),
    started_at: iso(r.startedAt),
    expired_at: iso(r.expiredAt),
    note: r.note,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    deleted_by: r.deletedBy,
    deleted_at: isoOrNull(r.deletedAt),
  };
}

async function customersOf(db: Db, ids: number[]): Promise<Map<number, { tenant_id: string; tenant_name: string }[]>> {
  const out = new Map<number, { tenant_id: string; tenant_name: string }[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(billingDiscountCustomers)
    .where(inArray(billingDiscountCustomers.discountId, ids))
    .orderBy(billingDiscountCustomers.tenantId);
  const names = await tenantNames(
    db,
    rows.map((r) => r.tenantId),
  );
  for (const r of rows) {
    const list = out.get(r.discountId) ?? [];
    list.push({ tenant_id: r.tenantId, tenant_name: names.get(r.tenantId) ?? r.tenantId });
    out.set(r.discountId, list);
  }
  return out;
}

/** Stored statuses whose shown status is one of `statuses`. */
function statusCondition(
  statuses: DiscountStatus[],
  t: { status: typeof billingDiscounts.status; expiredAt: typeof billingDiscounts.expiredAt },
): SQL {
  const parts: SQL[] = [];
  for (const s of statuses) {
    if (s === 'expired') parts.push(and(eq(t.status, 'valid'), sql`${t.expiredAt} < now()`)!);
    else if (s === 'valid') parts.push(and(eq(t.status, 'valid'), sql`${t.expiredAt} >= now()`)!);
    else parts.push(eq(t.status, s));
  }
  return or(...parts)!;
}

export async function listDiscounts(db: Db, q: z.output<typeof discountListQuery>): Promise<ListResult<Discount>> {
  const d = billingDiscounts;
  const c: SQL[] = [];
  if (q.status?.length) c.push(statusCondition(q.status, d));
  if (q.usage?.length) c.push(inArray(d.usage, q.usage));
  if (q.provider) c.push(eq(d.provider, q.provider));
  if (q.tenant_id)
    c.push(
      inArray(
        d.id,
        db
          .select({ id: billingDiscountCustomers.discountId })
          .from(billingDiscountCustomers)
          .where(eq(billingDiscountCustomers.tenantId, q.tenant_id)),
      ),
    );
  if (q.search) {
    const p = containsPattern(q.search);
    c.push(or(ilike(d.code, p), ilike(d.description, p), ilike(d.note, p))!);
  }
  const w = c.length ? and(...c) : undefined;
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(d)
      .where(w)
      .orderBy(
        ...listOrder(q.sort, { created_at: d.createdAt, started_at: d.startedAt, expired_at: d.expiredAt }, d.id),
      )
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(d)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  const customers = await customersOf(
    db,
    page.items.map((r) => r.id),
  );
  const now = new Date();
  return { total: page.total, items: page.items.map((r) => toDiscount(r, customers.get(r.id) ?? [], now)) };
}

export async function getDiscount(db: Db, id: number): Promise<Discount> {
  const [row] = await db.select().from(billingDiscounts).where(eq(billingDiscounts.id, id)).limit(1);
  if (!row) throw new AppError('billing.discountNotFound', `Discount ${id} not found`);
  return toDiscount(row, (await customersOf(db, [id])).get(id) ?? []);
}

/** Leaf filter ids, refused (400 billing.unknownUnitFilter) when one is not in the tree; branches expand to leaves. */
export function resolveFilters(ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    const leaves = leavesOf(id);
    if (!leaves) {
      const message = `Unit filter ${id} does not exist`;
      throw new AppError('billing.unknownUnitFilter', message, [{ field: 'body.unit_filters', message }]);
    }
    for (const l of leaves) out.add(l);
  }
  return [...out].sort();
}

/**
 * What a discount is worth a month: its percent off × its customers' usage of its items (and provider) in each
 * customer's latest month with usage. Decides whether it needs an approval.
 */
export async function estimateMonthlyValue(
  db: Db,
  customers: readonly string[],
  filters: readonly string[],
  provider: string,
  discount: number,
): Promise<number> {
  const u = billingUsage;
  const rows = (await db.execute(sql`
    SELECT coalesce(sum(u.amount), 0)::bigint AS amount
    FROM ${u} u
    JOIN (SELECT tenant_id, max(month) AS month FROM ${u}
          WHERE tenant_id IN (${sql.join(
            customers.map((c) => sql`${c}`),
            sql`, `,
          )}) GROUP BY tenant_id) latest
      ON latest.tenant_id = u.tenant_id AND latest.month = u.month
    WHERE u.filter_id IN (${sql.join(
      filters.map((f) => sql`${f}`),
      sql`, `,
    )})
      ${provider === 'all' ? sql`` : sql`AND u.provider = ${provider}`}`)) as unknown as {
    rows: { amount: string | number }[];
  };
  const usage = Number(rows.rows[0]?.amount ?? 0);
  return fractionOfAmount(usage, PPM - toPpm(discount));
}

/** A readable, unique discount code: D-YYYYMMDD-<id>. */
const discountCode = (id: number, at: Date) => `D-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${id}`;

export interface DiscountInput {
  customers: string[];
  unit_filters: string[];
  usage: string;
  provider: string;
  description: string;
  discount: number;
  started_at: string;
  expired_at: string;
  note: string;
  created_by: string;
}

/**
 * Inserts a discount (in the caller's transaction, no audit) with the given status; queues the re-rating of its
 * customers' open invoices when it is valid. The filters are resolved to leaves; customers must exist.
 */
export async function insertDiscount(
  tx: Db,
  input: DiscountInput,
  opts: { status?: 'valid' | 'approving'; estimatedMonthlyValue?: number } = {},
  at = new Date(),
): Promise<number> {
  const customers = [...new Set(input.customers)];
  const names = await tenantNames(tx, customers);
  const unknown = customers.filter((c) => !names.has(c));
  if (unknown.length) {
    const message = `Tenant ${unknown.join(', ')} does not exist`;
    throw new AppError('billing.unknownTenant', message, [{ field: 'body.customers', message }]);
  }
  const filters = resolveFilters(input.unit_filters);
  const status = opts.status ?? 'valid';
  const [row] = await tx
    .insert(billingDiscounts)
    .values({
      code: `pending-${randomUUID()}`,
      status,
      provider: input.provider,
      unitFilters: filters,
      description: input.description,
      discount: fractionText(input.discount),
      startedAt: new Date(input.started_at),
      expiredAt: new Date(input.expired_at),
      usage: input.usage,
      note: input.note,
      estimatedMonthlyValue: opts.estimatedMonthlyValue ?? 0,
      createdBy: input.created_by,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: billingDiscounts.id });
  const id = row!.id;
  await tx
    .update(billingDiscounts)
    .set({ code: discountCode(id, at) })
    .where(eq(billingDiscounts.id, id));
  await tx.insert(billingDiscountCustomers).values(customers.map((tenantId) => ({ discountId: id, tenantId })));
  if (status === 'valid') await queueRating(tx, { tenant_ids: customers });
  return id;
}

/** §5 Add Discount: valid at once, or approving when worth more a month than the threshold. */
export async function createDiscount(
  deps: BillingDeps,
  body: z.output<typeof createDiscountBody>,
  who: string,
  at = new Date(),
): Promise<Discount> {
  const filters = resolveFilters(body.unit_filters);
  const value = await estimateMonthlyValue(deps.db, body.customers, filters, body.provider, body.discount);
  const needsApproval = value > deps.approvalThresholdCents;
  const id = await deps.db.transaction(async (tx) => {
    const n = await insertDiscount(
      tx,
      { ...body, unit_filters: filters, created_by: who },
      { status: needsApproval ? 'approving' : 'valid', estimatedMonthlyValue: value },
      at,
    );
    let approvalId: string | null = null;
    if (needsApproval) {
      approvalId = await createApproval(tx, {
        template: DISCOUNT_APPROVAL.name,
        name: `Discount ${discountCode(n, at)}: ${Number(((1 - body.discount) * 100).toFixed(2))}% off for ${body.customers.length} customer(s), about $${(value / 100).toFixed(2)} a month`,
        applicant: who,
        subjectType: 'billing_discount',
        subjectId: String(n),
      });
      await tx.update(billingDiscounts).set({ approvalId }).where(eq(billingDiscounts.id, n));
    }
    await audit(tx, 'billing_discount', n, who, 'create', {
      ...(approvalId ? { approval_id: approvalId } : {}),
      after: {
        status: needsApproval ? 'approving' : 'valid',
        customers: body.customers,
        unit_filters: filters,
        usage: body.usage,
        provider: body.provider,
        discount: body.discount,
        started_at: body.started_at,
        expired_at: body.expired_at,
        estimated_monthly_value: value,
      },
    });
    return n;
  });
  return getDiscount(deps.db, id);
}

/** §4 reclaim (`DELETE discounts/:id`): only a valid discount; it stops applying to invoices still open. */
export async function reclaimDiscount(db: Db, id: string, who: string, at = new Date()): Promise<Discount> {
  const n = parseId(id, 'billing.discountNotFound', 'Discount');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(billingDiscounts).where(eq(billingDiscounts.id, n)).limit(1).for('update');
    if (!row) throw new AppError('billing.discountNotFound', `Discount ${id} not found`);
    const status = discountStatus(row, at);
    if (!canDiscount(status, 'reclaim'))
      throw new AppError('billing.discountActionNotAllowed', `A discount that is ${status} cannot be reclaimed`, {
        status,
      });
    await tx
      .update(billingDiscounts)
      .set({ status: 'reclaimed', reclaimedBy: who, reclaimedAt: at, updatedAt: at })
      .where(eq(billingDiscounts.id, n));
    const customers = await tx
      .select({ tenantId: billingDiscountCustomers.tenantId })
      .from(billingDiscountCustomers)
      .where(eq(billingDiscountCustomers.discountId, n));
    await queueRating(tx, { tenant_ids: customers.map((c) => c.tenantId) });
    await audit(tx, 'billing_discount', n, who, 'reclaim', { before: { status }, after: { status: 'reclaimed' } });
  });
  return getDiscount(db, n);
}

/** The discount's approval settled: approved → valid (its customers re-rated), rejected or cancelled → rejected. */
export async function onDiscountApprovalSettled(tx: Db, p: ApprovalSettled, at = new Date()): Promise<void> {
  if (!/^\d{1,15}$/.test(p.subject_id)) return;
  const n = Number(p.subject_id);
  const [row] = await tx.select().from(billingDiscounts).where(eq(billingDiscounts.id, n)).limit(1).for('update');
  if (!row || row.status !== 'approving' || row.approvalId !== p.approval_id) return;
  const approved = p.status === 'APPROVED';
  await tx
    .update(billingDiscounts)
    .set({ status: approved ? 'valid' : 'rejected', updatedAt: at })
    .where(eq(billingDiscounts.id, n));
  if (approved) {
    const customers = await tx
      .select({ tenantId: billingDiscountCustomers.tenantId })
      .from(billingDiscountCustomers)
      .where(eq(billingDiscountCustomers.discountId, n));
    await queueRating(tx, { tenant_ids: customers.map((c) => c.tenantId) });
  }
  await audit(tx, 'billing_discount', n, p.decided_by || SYSTEM, approved ? 'approved' : 'rejected', {
    approval_id: p.approval_id,
    before: { status: 'approving' },
    after: { status: approved ? 'valid' : 'rejected' },
  });
}

// ---- global discounts -----------------------------------------------------------------------------------------------

export async function listGlobalDiscounts(
  db: Db,
  q: z.output<typeof globalDiscountListQuery>,
): Promise<ListResult<GlobalDiscount>> {
  const g = billingGlobalDiscounts;
  const c: SQL[] = [];
  if (q.status?.length) {
    const parts: SQL[] = [];
    for (const s of q.status) {
      if (s === 'expired') parts.push(and(eq(g.status, 'valid'), sql`${g.expiredAt} < now()`)!);
      else if (s === 'valid') parts.push(and(eq(g.status, 'valid'), sql`${g.expiredAt} >= now()`)!);
      else parts.push(eq(g.status, s));
    }
    c.push(or(...parts)!);
  }
  const w = c.length ? and(...c) : undefined;
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(g)
      .where(w)
      .orderBy(...listOrder(q.sort, { created_at: g.createdAt, started_at: g.startedAt }, g.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(g)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  const now = new Date();
  return { total: page.total, items: page.items.map((r) => toGlobal(r, now)) };
}

async function getGlobal(db: Db, id: number): Promise<GlobalDiscount> {
  const [row] = await db.select().from(billingGlobalDiscounts).where(eq(billingGlobalDiscounts.id, id)).limit(1);
  if (!row) throw new AppError('billing.globalDiscountNotFound', `Global discount ${id} not found`);
  return toGlobal(row);
}

export async function createGlobalDiscount(
  db: Db,
  body: z.output<typeof createGlobalDiscountBody>,
  who: string,
  at = new Date(),
): Promise<GlobalDiscount> {
  const filters = resolveFilters(body.unit_filters);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(billingGlobalDiscounts)
      .values({
        name: body.name,
        status: 'valid',
        provider: body.provider,
        unitFilters: filters,
        discount: fractionText(body.discount),
        startedAt: new Date(body.started_at),
        expiredAt: new Date(body.expired_at),
        note: body.note,
        createdBy: who,
        createdAt: at,
      })
      .returning({ id: billingGlobalDiscounts.id });
    await queueRating(tx, { all: true });
    await audit(tx, 'billing_global_discount', row!.id, who, 'create', {
      after: { status: 'valid', ...body, unit_filters: filters },
    });
    return row!.id;
  });
  return getGlobal(db, id);
}

/** `DELETE global-discounts?id=`: only a valid one; it no longer applies to invoices still open. */
export async function deleteGlobalDiscount(db: Db, id: string, who: string, at = new Date()): Promise<GlobalDiscount> {
  const n = parseId(id, 'billing.globalDiscountNotFound', 'Global discount');
  await db.transaction(async (tx) => {
    const g = billingGlobalDiscounts;
    const [row] = await tx.select().from(g).where(eq(g.id, n)).limit(1).for('update');
    if (!row) throw new AppError('billing.globalDiscountNotFound', `Global discount ${id} not found`);
    const status = globalDiscountStatus(row, at);
    if (!canGlobalDiscount(status, 'delete'))
      throw new AppError(
        'billing.globalDiscountActionNotAllowed',
        `A global discount that is ${status} cannot be deleted`,
        {
          status,
        },
      );
    await tx.update(g).set({ status: 'deleted', deletedBy: who, deletedAt: at }).where(eq(g.id, n));
    await queueRating(tx, { all: true });
    await audit(tx, 'billing_global_discount', n, who, 'delete', { before: { status }, after: { status: 'deleted' } });
  });
  return getGlobal(db, n);
}
