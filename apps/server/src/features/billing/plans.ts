import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canBoundPlan,
  type addBoundPlanBody,
  type BoundPlanAction,
  type boundPlanListQuery,
  type BoundPlanStatus,
  type BoundSupportPlan,
  type ListResult,
  type SupportLevel,
  type SupportPlan,
  type supportPlanListQuery,
  type SupportType,
  type TieredPriceRule,
  type updateSupportPlanBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import { tenants } from '../orgs/index.js';
import { billingBoundPlans, billingSupportPlans } from './schema.js';
import { audit, fractionText, num, parseId, queueRating, requireTenant } from './shared.js';

/*
 * Support plans (§3, §4, §5): the public catalogue and tenants' private plans (terms), and the plans bound to tenants
 * over time. A binding's status is derived when read: cancelled / disabled as people left it, else to_be_activated
 * before its active date, expired after its expired date, else active. Every change re-rates the tenant's open
 * invoices (support is part of them).
 */

type PlanRow = typeof billingSupportPlans.$inferSelect;
type BindingRow = typeof billingBoundPlans.$inferSelect;

export function bindingStatus(
  b: Pick<BindingRow, 'state' | 'activeDate' | 'expiredDate'>,
  now = new Date(),
): BoundPlanStatus {
  if (b.state === 'cancelled' || b.state === 'disabled') return b.state;
  if (b.activeDate.getTime() > now.getTime()) return 'to_be_activated';
  if (b.expiredDate && b.expiredDate.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

const tiersOf = (p: PlanRow) => p.tieredPriceRules as TieredPriceRule[];

function toPlan(p: PlanRow, bindingCount: number): SupportPlan {
  return {
    support_plan_id: String(p.id),
    name: p.name,
    level: p.level as SupportLevel,
    type: p.type as SupportType,
    fixed_charge_price: p.fixedChargePrice,
    support_price_percentage: num(p.supportPricePercentage),
    tiered_price_rules: tiersOf(p),
    is_public: p.isPublic,
    tenant_id: p.tenantId,
    binding_count: bindingCount,
    updated_at: iso(p.updatedAt),
  };
}

function toBound(b: BindingRow, p: PlanRow, tenantName: string, now = new Date()): BoundSupportPlan {
  return {
    support_plan_id: String(p.id),
    name: p.name,
    level: p.level as SupportLevel,
    type: p.type as SupportType,
    fixed_charge_price: p.fixedChargePrice,
    support_price_percentage: num(p.supportPricePercentage),
    tiered_price_rules: tiersOf(p),
    is_public: p.isPublic,
    binded_support_plan_id: String(b.id),
    tenant_id: b.tenantId,
    tenant_name: tenantName,
    active_date: iso(b.activeDate),
    expired_date: isoOrNull(b.expiredDate),
    status: bindingStatus(b, now),
    created_by: b.createdBy,
    created_at: iso(b.createdAt),
    ended_by: b.endedBy,
    ended_at: isoOrNull(b.endedAt),
  };
}

/** Bindings that still count (not cancelled or disabled, not expired): a plan's binding_count. */
const liveBinding = (b = billingBoundPlans) =>
  and(eq(b.state, 'bound'), or(isNull(b.expiredDate), sql`${b.expiredDate} > now()`));

export async function listSupportPlans(
  db: Db,
  q: z.output<typeof supportPlanListQuery>,
): Promise<ListResult<SupportPlan>> {
  const p = billingSupportPlans;
  const c: SQL[] = [];
  if (q.is_public) c.push(eq(p.isPublic, q.is_public === 'true'));
  if (q.tenant_id) c.push(eq(p.tenantId, q.tenant_id));
  if (q.level?.length) c.push(inArray(p.level, q.level));
  if (q.type?.length) c.push(inArray(p.type, q.type));
  const w = c.length ? and(...c) : undefined;
  const { limit, offset } = pageWindow(q);
  // Levels in their order (basic … premium), not alphabetically.
  const levelRank = sql`array_position(array['basic','developer','standard','enterprise','premium'], ${p.level})`;
  const page = await listPage(
    db
      .select()
      .from(p)
      .where(w)
      .orderBy(...listOrder(q.sort, { name: p.name, level: [levelRank, p.isPublic], updated_at: p.updatedAt }, p.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(p)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  const counts = await bindingCounts(
    db,
    page.items.map((r) => r.id),
  );
  return { total: page.total, items: page.items.map((r) => toPlan(r, counts.get(r.id) ?? 0)) };
}

async function bindingCounts(db: Db, planIds: number[]): Promise<Map<number, number>> {
  if (!planIds.length) return new Map();
  const b = billingBoundPlans;
  const rows = await db
    .select({ id: b.supportPlanId, n: count() })
    .from(b)
    .where(and(inArray(b.supportPlanId, planIds), liveBinding()))
    .groupBy(b.supportPlanId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const planNotFound = (id: string) => new AppError('billing.supportPlanNotFound', `Support plan ${id} not found`);

function termsColumns(body: {
  level: string;
  type: string;
  fixed_charge_price: number;
  support_price_percentage: number | null;
  tiered_price_rules: TieredPriceRule[];
}) {
  return {
    level: body.level,
    type: body.type,
    fixedChargePrice: body.fixed_charge_price,
    supportPricePercentage:
      body.type === 'percentage_price' && body.support_price_percentage !== null
        ? fractionText(body.support_price_percentage)
        : null,
    tieredPriceRules: body.type === 'tiered_price' ? body.tiered_price_rules : [],
  };
}

/** `PUT support_plan/:id`: new terms for a plan; every tenant bound to it is re-rated. */
export async function updateSupportPlan(
  db: Db,
  id: string,
  body: z.output<typeof updateSupportPlanBody>,
  who: string,
  at = new Date(),
): Promise<SupportPlan> {
  const n = parseId(id, 'billing.supportPlanNotFound', 'Support plan');
  await db.transaction(async (tx) => {
    const p = billingSupportPlans;
    const [row] = await tx.select().from(p).where(eq(p.id, n)).limit(1).for('update');
    if (!row) throw planNotFound(id);
    const after = { ...termsColumns(body), ...(body.name ? { name: body.name } : {}) };
    await tx
      .update(p)
      .set({ ...after, updatedAt: at })
      .where(eq(p.id, n));
    await audit(tx, 'billing_support_plan', n, who, 'update_plan', {
      before: termsOut(row),
      after: { name: body.name ?? row.name, ...termsOut({ ...row, ...after } as PlanRow) },
    });
    const bound = await tx
      .selectDistinct({ tenantId: billingBoundPlans.tenantId })
      .from(billingBoundPlans)
      .where(eq(billingBoundPlans.supportPlanId, n));
    if (bound.length) await queueRating(tx, { tenant_ids: bound.map((b) => b.tenantId) });
  });
  const [row] = await db.select().from(billingSupportPlans).where(eq(billingSupportPlans.id, n));
  return toPlan(row!, (await bindingCounts(db, [n])).get(n) ?? 0);
}

const termsOut = (p: PlanRow) => ({
  level: p.level,
  type: p.type,
  fixed_charge_price: p.fixedChargePrice,
  support_price_percentage: num(p.supportPricePercentage),
  tiered_price_rules: tiersOf(p),
});

// ---- bound plans ----------------------------------------------------------------------------------------------------

async function bindingsWithPlans(db: Db, where: SQL | undefined, order?: SQL[], limit?: number, offset?: number) {
  const b = billingBoundPlans;
  let q = db
    .select({ b, p: billingSupportPlans, tenantName: tenants.name })
    .from(b)
    .innerJoin(billingSupportPlans, eq(billingSupportPlans.id, b.supportPlanId))
    .leftJoin(tenants, eq(tenants.id, b.tenantId))
    .where(where)
    .$dynamic();
  if (order) q = q.orderBy(...order);
  if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
  return q;
}

/** The SQL condition of derived statuses (the same rules as bindingStatus, by the database's clock). */
function statusCondition(statuses: BoundPlanStatus[]): SQL {
  const b = billingBoundPlans;
  const parts: SQL[] = [];
  for (const s of statuses) {
    if (s === 'cancelled' || s === 'disabled') parts.push(eq(b.state, s));
    else if (s === 'to_be_activated') parts.push(and(eq(b.state, 'bound'), sql`${b.activeDate} > now()`)!);
    else if (s === 'expired')
      parts.push(and(eq(b.state, 'bound'), sql`${b.activeDate} <= now()`, sql`${b.expiredDate} <= now()`)!);
    else
      parts.push(
        and(
          eq(b.state, 'bound'),
          sql`${b.activeDate} <= now()`,
          or(isNull(b.expiredDate), sql`${b.expiredDate} > now()`),
        )!,
      );
  }
  return or(...parts)!;
}

export async function listBoundPlans(
  db: Db,
  q: z.output<typeof boundPlanListQuery>,
): Promise<ListResult<BoundSupportPlan>> {
  const b = billingBoundPlans;
  const c: SQL[] = [];
  if (q.tenant_id) c.push(eq(b.tenantId, q.tenant_id));
  if (q.status?.length) c.push(statusCondition(q.status));
  if (q.level?.length) c.push(inArray(billingSupportPlans.level, q.level));
  const w = c.length ? and(...c) : undefined;
  const { limit, offset } = pageWindow(q);
  const order = listOrder(
    q.sort,
    { active_date: b.activeDate, tenant_name: tenants.name, created_at: b.createdAt },
    b.id,
  );
  const page = await listPage(
    bindingsWithPlans(db, w, order, limit, offset),
    db
      .select({ n: count() })
      .from(b)
      .innerJoin(billingSupportPlans, eq(billingSupportPlans.id, b.supportPlanId))
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  const now = new Date();
  return { total: page.total, items: page.items.map((r) => toBound(r.b, r.p, r.tenantName ?? r.b.tenantId, now)) };
}

/** The tenant's current plan: the active one, else the next to be activated. */
async function currentBinding(db: Db, tenantId: string, forUpdate = false) {
  const b = billingBoundPlans;
  const rows = await (forUpdate
    ? db
        .select()
        .from(b)
        .where(and(eq(b.tenantId, tenantId), eq(b.state, 'bound')))
        .orderBy(asc(b.activeDate), asc(b.id))
        .for('update')
    : db
        .select()
        .from(b)
        .where(and(eq(b.tenantId, tenantId), eq(b.state, 'bound')))
        .orderBy(asc(b.activeDate), asc(b.id)));
  const now = new Date();
  const live = rows.filter((r) => ['active', 'to_be_activated'].includes(bindingStatus(r, now)));
  return live.find((r) => bindingStatus(r, now) === 'active') ?? live[0];
}

async function boundOut(db: Db, id: number): Promise<BoundSupportPlan> {
  const [r] = await bindingsWithPlans(db, eq(billingBoundPlans.id, id));
  return toBound(r!.b, r!.p, r!.tenantName ?? r!.b.tenantId);
}

export async function getBoundPlan(db: Db, tenantId: string): Promise<BoundSupportPlan | null> {
  const current = await currentBinding(db, tenantId);
  return current ? boundOut(db, current.id) : null;
}

export interface BindInput {
  tenant_id: string;
  support_plan_id?: string | undefined;
  level: SupportLevel;
  type: SupportType;
  fixed_charge_price: number;
  support_price_percentage: number | null;
  tiered_price_rules: TieredPriceRule[];
  active_date: string;
  expired_date: string | null;
  created_by: string;
}

/**
 * Binds a plan to a tenant (in the caller's transaction, no audit): the public plan named, or a new private plan with
 * the terms. The tenant's active plan ends where this one starts; a plan still to be activated is in the way (409
 * billing.boundPlanPending). Queues the re-rating of the tenant's open invoices.
 */
export async function bindSupportPlan(
  tx: Db,
  input: BindInput,
  at = new Date(),
): Promise<{ id: number; endedId?: number }> {
  const start = new Date(input.active_date);
  const b = billingBoundPlans;
  const rows = await tx
    .select()
    .from(b)
    .where(and(eq(b.tenantId, input.tenant_id), eq(b.state, 'bound')))
    .for('update');
  const pending = rows.find((r) => bindingStatus(r, at) === 'to_be_activated');
  if (pending)
    throw new AppError(
      'billing.boundPlanPending',
      `Tenant ${input.tenant_id} already has a support plan to be activated on ${iso(pending.activeDate).slice(0, 10)}: cancel it first`,
      { binded_support_plan_id: String(pending.id) },
    );
  let planId: number;
  if (input.support_plan_id) {
    const n = parseId(input.support_plan_id, 'billing.supportPlanNotFound', 'Support plan');
    const [plan] = await tx.select().from(billingSupportPlans).where(eq(billingSupportPlans.id, n)).limit(1);
    if (!plan || (!plan.isPublic && plan.tenantId !== input.tenant_id)) throw planNotFound(input.support_plan_id);
    planId = n;
  } else {
    const [plan] = await tx
      .insert(billingSupportPlans)
      .values({
        name: `${input.level[0]!.toUpperCase()}${input.level.slice(1)} (private)`,
        ...termsColumns(input),
        isPublic: false,
        tenantId: input.tenant_id,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: billingSupportPlans.id });
    planId = plan!.id;
  }
  // The active plan (if any) ends where the new one starts.
  const active = rows.find((r) => bindingStatus(r, at) === 'active' && (!r.expiredDate || r.expiredDate > start));
  if (active) await tx.update(b).set({ expiredDate: start }).where(eq(b.id, active.id));
  const [row] = await tx
    .insert(b)
    .values({
      tenantId: input.tenant_id,
      supportPlanId: planId,
      activeDate: start,
      expiredDate: input.expired_date ? new Date(input.expired_date) : null,
      state: 'bound',
      createdBy: input.created_by,
      createdAt: at,
    })
    .returning({ id: b.id });
  await queueRating(tx, { tenant_ids: [input.tenant_id] });
  return { id: row!.id, ...(active ? { endedId: active.id } : {}) };
}

/** `POST binded_support_plan/private`. */
export async function addBoundPlan(
  db: Db,
  body: z.output<typeof addBoundPlanBody>,
  who: string,
): Promise<BoundSupportPlan> {
  await requireTenant(db, body.tenant_id);
  const id = await db.transaction(async (tx) => {
    const r = await bindSupportPlan(tx, { ...body, created_by: who });
    await audit(tx, 'billing_support_plan', `binding-${r.id}`, who, 'bind_plan', {
      tenant_id: body.tenant_id,
      ...(r.endedId ? { ended_binding_id: String(r.endedId) } : {}),
      after: {
        support_plan_id: body.support_plan_id ?? null,
        level: body.level,
        type: body.type,
        fixed_charge_price: body.fixed_charge_price,
        active_date: body.active_date,
        expired_date: body.expired_date,
      },
    });
    return r.id;
  });
  return boundOut(db, id);
}

const refused = (status: BoundPlanStatus, action: BoundPlanAction) =>
  new AppError(
    'billing.boundPlanActionNotAllowed',
    `A support plan that is ${status} cannot be ${action === 'cancel' ? 'cancelled' : 'disabled'}`,
    { status, action },
  );

async function endBinding(tx: Db, row: BindingRow, action: BoundPlanAction, who: string, at: Date): Promise<void> {
  const status = bindingStatus(row, at);
  if (!canBoundPlan(status, action)) throw refused(status, action);
  const state = action === 'cancel' ? 'cancelled' : 'disabled';
  await tx.update(billingBoundPlans).set({ state, endedBy: who, endedAt: at }).where(eq(billingBoundPlans.id, row.id));
  await audit(
    tx,
    'billing_support_plan',
    `binding-${row.id}`,
    who,
    action === 'cancel' ? 'cancel_plan' : 'disable_plan',
    {
      tenant_id: row.tenantId,
      before: { status },
      after: { status: state },
    },
  );
  await queueRating(tx, { tenant_ids: [row.tenantId] });
}

/** `DELETE binded_support_plan?tenant_id=`: cancels the tenant's current plan (409 when it has none). */
export async function cancelCurrentPlan(
  db: Db,
  tenantId: string,
  who: string,
  at = new Date(),
): Promise<BoundSupportPlan> {
  const id = await db.transaction(async (tx) => {
    const current = await currentBinding(tx, tenantId, true);
    if (!current)
      throw new AppError('billing.noCurrentPlan', `Tenant ${tenantId} has no active or to_be_activated support plan`);
    await endBinding(tx, current, 'cancel', who, at);
    return current.id;
  });
  return boundOut(db, id);
}

/** `DELETE binded_support_plan/:id`: disables a binding (only active or to_be_activated). */
export async function disableBoundPlan(db: Db, id: string, who: string, at = new Date()): Promise<BoundSupportPlan> {
  const n = parseId(id, 'billing.boundPlanNotFound', 'Bound support plan');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(billingBoundPlans).where(eq(billingBoundPlans.id, n)).limit(1).for('update');
    if (!row) throw new AppError('billing.boundPlanNotFound', `Bound support plan ${id} not found`);
    await endBinding(tx, row, 'disable', who, at);
  });
  return boundOut(db, n);
}

export { toBound };
