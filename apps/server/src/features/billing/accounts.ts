import { and, count, desc, eq, gte, ilike, lt, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import {
  UNLIMITED_QUOTA,
  type BillingConfig,
  type BillingConfigKind,
  type createRiskLevelBody,
  type CreditRiskLevel,
  type FxRate,
  type fxRateListQuery,
  type ListResult,
  type riskLevelListQuery,
  type setFxRateBody,
  type setTaxRateBody,
  type TenantRiskLevel,
  type updateRiskLevelBody,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { containsPattern, listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { iso } from '../../platform/time.js';
import {
  billingConfigs,
  billingCredits,
  billingFxRates,
  billingInvoices,
  billingRiskLevels,
  billingTenantRiskLevels,
  billingUsage,
} from './schema.js';
import { audit, fractionText, monthOf, parseId, queueRating, requireTenant, tenantNames } from './shared.js';

/*
 * A tenant's standing: credit risk levels and their cost quota (§3: -1 unlimited), the tenant's level, billing configs
 * and their tax rate, exchange rates (USD → SGD).
 */

type LevelRow = typeof billingRiskLevels.$inferSelect;
type ConfigRow = typeof billingConfigs.$inferSelect;

function toLevel(r: LevelRow, tenantCount: number): CreditRiskLevel {
  return {
    credit_risk_level_id: String(r.id),
    credit_risk_level_name: r.name,
    description: r.description,
    cost_quota: { cost_quota_limit: r.costQuotaLimit },
    tenant_count: tenantCount,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

async function levelCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const t = billingTenantRiskLevels;
  const rows = await db
    .select({ id: t.riskLevelId, n: count() })
    .from(t)
    .where(
      sql`${t.riskLevelId} in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    )
    .groupBy(t.riskLevelId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function listRiskLevels(
  db: Db,
  q: z.output<typeof riskLevelListQuery>,
): Promise<ListResult<CreditRiskLevel>> {
  const l = billingRiskLevels;
  const w = q.search ? ilike(l.name, containsPattern(q.search)) : undefined;
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(l)
      .where(w)
      .orderBy(...listOrder(q.sort, { credit_risk_level_name: l.name, created_at: l.createdAt }, l.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(l)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  const counts = await levelCounts(
    db,
    page.items.map((r) => r.id),
  );
  return { total: page.total, items: page.items.map((r) => toLevel(r, counts.get(r.id) ?? 0)) };
}

async function getLevel(db: Db, id: number): Promise<CreditRiskLevel> {
  const [row] = await db.select().from(billingRiskLevels).where(eq(billingRiskLevels.id, id)).limit(1);
  if (!row) throw new AppError('billing.riskLevelNotFound', `Credit risk level ${id} not found`);
  return toLevel(row, (await levelCounts(db, [id])).get(id) ?? 0);
}

const levelNotFound = (id: string) => new AppError('billing.riskLevelNotFound', `Credit risk level ${id} not found`);

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}
const nameTaken = (name: string) => {
  const message = `A credit risk level named ${name} already exists`;
  return new AppError('billing.riskLevelExists', message, [{ field: 'body.credit_risk_level_name', message }]);
};

export async function createRiskLevel(
  db: Db,
  body: z.output<typeof createRiskLevelBody>,
  who: string,
  at = new Date(),
): Promise<CreditRiskLevel> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(billingRiskLevels)
        .values({
          name: body.credit_risk_level_name,
          description: body.description,
          costQuotaLimit: body.cost_quota.cost_quota_limit,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: billingRiskLevels.id });
      await audit(tx, 'billing_risk_level', row!.id, who, 'create', {
        after: {
          credit_risk_level_name: body.credit_risk_level_name,
          cost_quota_limit: body.cost_quota.cost_quota_limit,
        },
      });
      return row!.id;
    });
    return getLevel(db, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.credit_risk_level_name);
    throw err;
  }
}

async function changeLevel(
  db: Db,
  id: string,
  who: string,
  operation: string,
  patch: (row: LevelRow) => Partial<typeof billingRiskLevels.$inferInsert>,
  at: Date,
): Promise<CreditRiskLevel> {
  const n = parseId(id, 'billing.riskLevelNotFound', 'Credit risk level');
  await db.transaction(async (tx) => {
    const l = billingRiskLevels;
    const [row] = await tx.select().from(l).where(eq(l.id, n)).limit(1).for('update');
    if (!row) throw levelNotFound(id);
    const change = patch(row);
    await tx
      .update(l)
      .set({ ...change, updatedAt: at })
      .where(eq(l.id, n));
    const shape = (r: Partial<LevelRow>) => ({
      credit_risk_level_name: r.name,
      description: r.description,
      cost_quota_limit: r.costQuotaLimit,
    });
    await audit(tx, 'billing_risk_level', n, who, operation, {
      before: shape(row),
      after: shape({ ...row, ...change }),
    });
  });
  return getLevel(db, n);
}

export async function updateRiskLevel(
  db: Db,
  id: string,
  body: z.output<typeof updateRiskLevelBody>,
  who: string,
  at = new Date(),
): Promise<CreditRiskLevel> {
  try {
    return await changeLevel(
      db,
      id,
      who,
      'update',
      () => ({ name: body.credit_risk_level_name, description: body.description }),
      at,
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(body.credit_risk_level_name);
    throw err;
  }
}

export function updateCostQuota(db: Db, id: string, limit: number, who: string, at = new Date()) {
  return changeLevel(db, id, who, 'update_cost_quota', () => ({ costQuotaLimit: limit }), at);
}

/** Refused (409 billing.riskLevelInUse) while tenants have it. */
export async function deleteRiskLevel(db: Db, id: string, who: string): Promise<{ credit_risk_level_id: string }> {
  const n = parseId(id, 'billing.riskLevelNotFound', 'Credit risk level');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(billingRiskLevels).where(eq(billingRiskLevels.id, n)).limit(1).for('update');
    if (!row) throw levelNotFound(id);
    const used = (await levelCounts(tx, [n])).get(n) ?? 0;
    if (used)
      throw new AppError('billing.riskLevelInUse', `${used} tenant(s) are at credit risk level ${row.name}`, {
        tenant_count: used,
      });
    await tx.delete(billingRiskLevels).where(eq(billingRiskLevels.id, n));
    await audit(tx, 'billing_risk_level', n, who, 'delete', {
      before: { credit_risk_level_name: row.name, cost_quota_limit: row.costQuotaLimit },
    });
  });
  return { credit_risk_level_id: String(n) };
}

/** Rated usage of the running month (by `now`), cents. */
async function monthToDate(db: Db, tenantId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ total: sum(billingUsage.amount) })
    .from(billingUsage)
    .where(and(eq(billingUsage.tenantId, tenantId), eq(billingUsage.month, `${monthOf(now)}-01`)));
  return Number(row?.total ?? 0);
}

export async function getTenantRiskLevel(db: Db, tenantId: string): Promise<TenantRiskLevel> {
  const names = await tenantNames(db, [tenantId]);
  if (!names.has(tenantId)) throw new AppError('tenant.notFound', `Tenant ${tenantId} not found`);
  const [link] = await db
    .select({ id: billingTenantRiskLevels.riskLevelId })
    .from(billingTenantRiskLevels)
    .where(eq(billingTenantRiskLevels.tenantId, tenantId))
    .limit(1);
  const level = link ? await getLevel(db, link.id) : null;
  const mtd = await monthToDate(db, tenantId);
  const limit = level?.cost_quota.cost_quota_limit ?? UNLIMITED_QUOTA;
  return {
    tenant_id: tenantId,
    tenant_name: names.get(tenantId)!,
    credit_risk_level: level,
    month_to_date_cost: mtd,
    over_quota: limit !== UNLIMITED_QUOTA && mtd > limit,
  };
}

export async function setTenantRiskLevel(
  db: Db,
  tenantId: string,
  levelId: string | null,
  who: string,
  at = new Date(),
): Promise<TenantRiskLevel> {
  const names = await tenantNames(db, [tenantId]);
  if (!names.has(tenantId)) throw new AppError('tenant.notFound', `Tenant ${tenantId} not found`);
  await db.transaction(async (tx) => {
    const t = billingTenantRiskLevels;
    const [before] = await tx.select().from(t).where(eq(t.tenantId, tenantId)).limit(1).for('update');
    if (levelId === null) {
      await tx.delete(t).where(eq(t.tenantId, tenantId));
    } else {
      const n = parseId(levelId, 'billing.riskLevelNotFound', 'Credit risk level');
      const [level] = await tx
        .select({ id: billingRiskLevels.id })
        .from(billingRiskLevels)
        .where(eq(billingRiskLevels.id, n));
      if (!level) throw levelNotFound(levelId);
      await tx
        .insert(t)
        .values({ tenantId, riskLevelId: n, updatedBy: who, updatedAt: at })
        .onConflictDoUpdate({ target: t.tenantId, set: { riskLevelId: n, updatedBy: who, updatedAt: at } });
    }
    await audit(tx, 'tenant', tenantId, who, 'set_credit_risk_level', {
      before: { credit_risk_level_id: before ? String(before.riskLevelId) : null },
      after: { credit_risk_level_id: levelId },
    });
  });
  return getTenantRiskLevel(db, tenantId);
}

// ---- fx rates -------------------------------------------------------------------------------------------------------

type FxRow = typeof billingFxRates.$inferSelect;
const toFx = (r: FxRow): FxRate => ({
  base: r.base as FxRate['base'],
  target: r.target as FxRate['target'],
  value: Number(r.value),
  date: r.date,
  created_by: r.createdBy,
  created_at: iso(r.createdAt),
});

export async function listFxRates(db: Db, q: z.output<typeof fxRateListQuery>): Promise<ListResult<FxRate>> {
  const f = billingFxRates;
  const w = and(eq(f.base, q.base), eq(f.target, q.target));
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(f)
      .where(w)
      .orderBy(...listOrder(q.sort, { date: f.date }))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(f)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: page.items.map(toFx) };
}

/** Sets the rate of a day (a second one for the same day replaces it; audited with the value before). */
export async function setFxRate(
  db: Db,
  body: z.output<typeof setFxRateBody>,
  who: string,
  at = new Date(),
): Promise<FxRate> {
  const f = billingFxRates;
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(f)
      .where(and(eq(f.base, body.base), eq(f.target, body.target), eq(f.date, body.date)))
      .limit(1)
      .for('update');
    const value = body.value.toFixed(4);
    const [saved] = await tx
      .insert(f)
      .values({ base: body.base, target: body.target, date: body.date, value, createdBy: who, createdAt: at })
      .onConflictDoUpdate({ target: [f.base, f.target, f.date], set: { value, createdBy: who, createdAt: at } })
      .returning();
    await audit(tx, 'billing_fx_rate', `${body.base}-${body.target}-${body.date}`, who, before ? 'update' : 'create', {
      ...(before ? { before: { value: Number(before.value) } } : {}),
      after: { value: body.value, date: body.date },
    });
    return saved!;
  });
  return toFx(row);
}

// ---- billing configs and tax rates ----------------------------------------------------------------------------------

export function toConfig(r: ConfigRow, tenantName: string): BillingConfig {
  return {
    billing_config_id: String(r.id),
    tenant_id: r.tenantId,
    tenant_name: tenantName,
    kind: r.kind as BillingConfigKind,
    reseller_id: r.resellerId,
    payment_code: r.paymentCode,
    payment_sub_code: r.paymentSubCode,
    currency: 'USD',
    effective_date: r.effectiveDate,
    expired_date: r.expiredDate,
    tax_rate: { rate: Number(r.taxRate), display_name: r.taxDisplayName },
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
  };
}

/** A tenant's billing configs, newest effective first. */
export async function listTenantBillingConfigs(db: Db, tenantId: string): Promise<BillingConfig[]> {
  const rows = await db
    .select()
    .from(billingConfigs)
    .where(eq(billingConfigs.tenantId, tenantId))
    .orderBy(desc(billingConfigs.effectiveDate), desc(billingConfigs.id));
  const name = (await tenantNames(db, [tenantId])).get(tenantId) ?? tenantId;
  return rows.map((r) => toConfig(r, name));
}

export async function getBillingConfig(db: Db, id: string): Promise<BillingConfig> {
  const n = parseId(id, 'billing.billingConfigNotFound', 'Billing config');
  const [row] = await db.select().from(billingConfigs).where(eq(billingConfigs.id, n)).limit(1);
  if (!row) throw new AppError('billing.billingConfigNotFound', `Billing config ${id} not found`);
  return toConfig(row, (await tenantNames(db, [row.tenantId])).get(row.tenantId) ?? row.tenantId);
}

export interface BillingConfigInput {
  tenant_id: string;
  kind: BillingConfigKind;
  reseller_id: string | null;
  payment_code: string | null;
  payment_sub_code: string | null;
  /** YYYY-MM-DD */
  effective_date: string;
  created_by: string;
  tax_rate?: { rate: number; display_name: string };
}

/**
 * Creates a billing config in the caller's transaction (no audit: the caller writes it). The tenant's config in force
 * before it ends the day before; its tax rate carries over unless one is given. Queues the tenant's re-rating.
 */
export async function createBillingConfig(tx: Db, input: BillingConfigInput, at = new Date()): Promise<BillingConfig> {
  const c = billingConfigs;
  const [previous] = await tx
    .select()
    .from(c)
    .where(and(eq(c.tenantId, input.tenant_id), lt(c.effectiveDate, input.effective_date)))
    .orderBy(desc(c.effectiveDate), desc(c.id))
    .limit(1)
    .for('update');
  if (previous && (!previous.expiredDate || previous.expiredDate >= input.effective_date)) {
    const dayBefore = new Date(Date.parse(`${input.effective_date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await tx.update(c).set({ expiredDate: dayBefore }).where(eq(c.id, previous.id));
  }
  const tax = input.tax_rate
    ? { taxRate: fractionText(input.tax_rate.rate), taxDisplayName: input.tax_rate.display_name }
    : previous
      ? { taxRate: previous.taxRate, taxDisplayName: previous.taxDisplayName }
      : {};
  const [row] = await tx
    .insert(c)
    .values({
      tenantId: input.tenant_id,
      kind: input.kind,
      resellerId: input.reseller_id,
      paymentCode: input.payment_code,
      paymentSubCode: input.payment_sub_code,
      effectiveDate: input.effective_date,
      ...tax,
      createdBy: input.created_by,
      createdAt: at,
    })
    .returning();
  await queueRating(tx, { tenant_ids: [input.tenant_id] });
  return toConfig(row!, (await tenantNames(tx, [input.tenant_id])).get(input.tenant_id) ?? input.tenant_id);
}

/** `POST tax_rates`: the tax rate of the tenant's current billing config; its open invoices are re-rated. */
export async function setTaxRate(
  db: Db,
  body: z.output<typeof setTaxRateBody>,
  who: string,
): Promise<{ billing_config: BillingConfig }> {
  await requireTenant(db, body.tenant_id);
  const configId = await db.transaction(async (tx) => {
    const c = billingConfigs;
    const [config] = await tx
      .select()
      .from(c)
      .where(eq(c.tenantId, body.tenant_id))
      .orderBy(desc(c.effectiveDate), desc(c.id))
      .limit(1)
      .for('update');
    if (!config) throw new AppError('billing.noBillingConfig', `Tenant ${body.tenant_id} has no billing config`);
    await tx
      .update(c)
      .set({ taxRate: fractionText(body.rate), taxDisplayName: body.display_name })
      .where(eq(c.id, config.id));
    await queueRating(tx, { tenant_ids: [body.tenant_id] });
    await audit(tx, 'billing_config', config.id, who, 'set_tax_rate', {
      tenant_id: body.tenant_id,
      before: { rate: Number(config.taxRate), display_name: config.taxDisplayName },
      after: { rate: body.rate, display_name: body.display_name },
    });
    return config.id;
  });
  return { billing_config: await getBillingConfig(db, String(configId)) };
}

// ---- for other areas (billing accounts) -----------------------------------------------------------------------------

/** Rated usage of a tenant whose month starts in [from, to), cents. */
export async function tenantCostCents(db: Db, tenantId: string, fromIso: string, toIso: string): Promise<number> {
  const u = billingUsage;
  const [row] = await db
    .select({ total: sum(u.amount) })
    .from(u)
    .where(
      and(
        eq(u.tenantId, tenantId),
        gte(u.month, new Date(fromIso).toISOString().slice(0, 10)),
        lt(u.month, new Date(toIso).toISOString().slice(0, 10)),
      ),
    );
  return Number(row?.total ?? 0);
}

/** A tenant's money at a glance: risk level, month-to-date cost, confirmed amount due, credit balance (cents). */
export async function tenantBillingSummary(db: Db, tenantId: string) {
  const [link] = await db
    .select({ id: billingTenantRiskLevels.riskLevelId })
    .from(billingTenantRiskLevels)
    .where(eq(billingTenantRiskLevels.tenantId, tenantId))
    .limit(1);
  const [due] = await db
    .select({ total: sum(billingInvoices.amountDue) })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.tenantId, tenantId), eq(billingInvoices.status, 'confirmed')));
  const c = billingCredits;
  const [credit] = await db
    .select({ total: sum(c.balance) })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.status, 'valid'), sql`${c.expiredAt} >= now()`));
  return {
    credit_risk_level: link ? await getLevel(db, link.id) : null,
    month_to_date_cost: await monthToDate(db, tenantId),
    confirmed_due: Number(due?.total ?? 0),
    credit_balance: Number(credit?.total ?? 0),
  };
}
