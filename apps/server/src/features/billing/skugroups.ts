import { and, asc, count, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  expressionProblem,
  groupLabelsOf,
  lookupPrice,
  priceProblem,
  rateUsage,
  tierPrice,
  type ListResult,
  type PricePreview,
  type PreviewTree,
  type PriceTier,
  type pricePreviewBody,
  type SkuCategory,
  type SkuGroup,
  type skuGroupBody,
  type skuGroupListQuery,
  type SkuMeasureUnit,
  type SkuPriceType,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { containsPattern, listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { iso } from '../../platform/time.js';
import { filterName, LEAF_FILTERS } from './catalogue.js';
import { billingUnits, billingUsage, skuGroups } from './schema.js';
import { audit, monthBounds, monthOf, parseId, tenantNames } from './shared.js';
import { toUnit } from './units.js';

/*
 * SKU groups (§3, §5 SKU group form; contract billing-skus.ts for the pattern / formula / expression semantics):
 * list, create, update, delete (not while it has units), the categories, the preview tree and the price preview.
 */

type GroupRow = typeof skuGroups.$inferSelect;
type Body = z.output<typeof skuGroupBody>;

type Price = { price_cents: number; tiers: PriceTier[] | null };
const sameTiers = (a: PriceTier[] | null, b: PriceTier[] | null) => JSON.stringify(a) === JSON.stringify(b);

/** A unit's price under an expression and formula, looked up with its own provider, region and labels. */
function priceOf(
  u: typeof billingUnits.$inferSelect,
  expression: unknown,
  formula: string,
  type: SkuPriceType,
): Price | { error: string } {
  const found = lookupPrice(expression, formula, {
    ...u.labels,
    provider: u.provider.toLowerCase(),
    region: u.region ?? '',
  });
  if ('error' in found) return found;
  const bad = priceProblem(found.price, type);
  if (bad) return { error: `the price for ${found.path}: ${bad}` };
  const tiers = type === 'threshold' ? (found.price as PriceTier[]) : null;
  return { price_cents: tiers ? tiers[0]!.price : (found.price as number), tiers };
}

function toGroup(r: GroupRow, units: number): SkuGroup {
  return {
    group_id: String(r.id),
    unit_key_pattern: r.unitKeyPattern,
    name: r.name,
    category: r.category,
    category_name: filterName(r.category),
    price_formula: r.priceFormula,
    price_type: r.priceType as SkuPriceType,
    price_expression: r.priceExpression as Record<string, unknown>,
    measure_unit: r.measureUnit as SkuMeasureUnit | null,
    labels: groupLabelsOf(r.unitKeyPattern, r.priceFormula),
    unit_count: units,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

const notFound = (id: string | number) => new AppError('billing.skuGroupNotFound', `SKU group ${id} not found`);
const invalid = (field: string, message: string) =>
  new AppError('billing.skuGroupInvalid', message, [{ field: `body.${field}`, message }]);

/** The expression as an object: text is parsed as JSON (its parser's error is the message). */
function expressionOf(v: Record<string, unknown> | string): Record<string, unknown> {
  let value: unknown = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch (err) {
      throw invalid('price_expression', `Price expression is not valid JSON: ${(err as Error).message}`);
    }
  }
  return value as Record<string, unknown>;
}

/** Validates a body: a known category, a well-formed formula whose every path in the expression ends in a price. */
function checked(body: Body) {
  if (!LEAF_FILTERS.has(body.category))
    throw invalid('category', `Category ${body.category} is not a billing item (GET sku_groups/category)`);
  const expression = expressionOf(body.price_expression);
  const problem = expressionProblem(expression, body.price_formula, body.price_type);
  if (problem)
    throw invalid(
      problem.startsWith('price_expression') || problem.includes('JSON') ? 'price_expression' : 'price_formula',
      problem,
    );
  return {
    name: body.name,
    unitKeyPattern: body.unit_key_pattern,
    category: body.category,
    priceFormula: body.price_formula,
    priceType: body.price_type,
    priceExpression: expression,
    measureUnit: body.measure_unit,
  };
}

async function unitCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: billingUnits.groupId, n: count() })
    .from(billingUnits)
    .where(and(inArray(billingUnits.groupId, ids), isNull(billingUnits.deletedAt)))
    .groupBy(billingUnits.groupId);
  return new Map(rows.map((r) => [r.id!, r.n]));
}

export async function listSkuGroups(db: Db, q: z.output<typeof skuGroupListQuery>): Promise<ListResult<SkuGroup>> {
  const g = skuGroups;
  const w = q.name ? ilike(g.name, containsPattern(q.name)) : undefined;
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(g)
      .where(w)
      .orderBy(...listOrder(q.sort, { name: g.name, created_at: g.createdAt }, g.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(g)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  const counts = await unitCounts(
    db,
    page.items.map((r) => r.id),
  );
  return { total: page.total, items: page.items.map((r) => toGroup(r, counts.get(r.id) ?? 0)) };
}

async function getGroup(db: Db, id: number): Promise<SkuGroup> {
  const [row] = await db.select().from(skuGroups).where(eq(skuGroups.id, id)).limit(1);
  if (!row) throw notFound(id);
  return toGroup(row, (await unitCounts(db, [id])).get(id) ?? 0);
}

export async function createSkuGroup(db: Db, body: Body, who: string, at = new Date()): Promise<SkuGroup> {
  const values = checked(body);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(skuGroups)
      .values({ ...values, createdBy: who, createdAt: at, updatedAt: at })
      .returning({ id: skuGroups.id });
    await audit(tx, 'spu_sku', `sku_group:${row!.id}`, who, 'create_sku_group', { after: values });
    return row!.id;
  });
  return getGroup(db, id);
}

/**
 * Changes a group and re-prices its live units through the new formula and expression (each with its own provider,
 * region and labels; 400 when the expression has no price for one). Keys stay: a new pattern names new units only.
 * Usage already rated keeps its price; metering re-prices the running month's meter lines at its next round.
 */
export async function updateSkuGroup(db: Db, id: string, body: Body, who: string, at = new Date()): Promise<SkuGroup> {
  const n = parseId(id, 'billing.skuGroupNotFound', 'SKU group');
  const values = checked(body);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(skuGroups).where(eq(skuGroups.id, n)).for('update');
    if (!before) throw notFound(id);
    const units = await tx
      .select()
      .from(billingUnits)
      .where(and(eq(billingUnits.groupId, n), isNull(billingUnits.deletedAt)))
      .orderBy(asc(billingUnits.unit))
      .for('update');
    const repriced: { unit: string; before: Price; after: Price }[] = [];
    for (const u of units) {
      const next = priceOf(u, values.priceExpression, values.priceFormula, values.priceType);
      if ('error' in next) throw new AppError('billing.skuPriceNotFound', `Unit ${u.unit}: ${next.error}`);
      const prior: Price = { price_cents: u.priceCents, tiers: u.tiers ?? null };
      if (
        next.price_cents === prior.price_cents &&
        sameTiers(next.tiers, prior.tiers) &&
        u.priceType === values.priceType
      )
        continue;
      await tx
        .update(billingUnits)
        .set({ priceCents: next.price_cents, tiers: next.tiers, priceType: values.priceType })
        .where(eq(billingUnits.unit, u.unit));
      repriced.push({ unit: u.unit, before: prior, after: next });
    }
    await tx
      .update(skuGroups)
      .set({ ...values, updatedAt: at })
      .where(eq(skuGroups.id, n));
    const { createdAt: _c, updatedAt: _u, createdBy: _b, id: _i, ...prior } = before;
    await audit(tx, 'spu_sku', `sku_group:${n}`, who, 'update_sku_group', { before: prior, after: values, repriced });
  });
  return getGroup(db, n);
}

export async function deleteSkuGroup(db: Db, id: string, who: string): Promise<{ group_id: string }> {
  const n = parseId(id, 'billing.skuGroupNotFound', 'SKU group');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(skuGroups).where(eq(skuGroups.id, n)).for('update');
    if (!row) throw notFound(id);
    // Deleted units keep naming their group (their usage lines stay explained), so any unit row blocks.
    const [{ n: units } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(billingUnits)
      .where(eq(billingUnits.groupId, n));
    if (units > 0)
      throw new AppError('billing.skuGroupInUse', `SKU group ${row.name} has ${units} units; delete them first`, {
        units,
      });
    await tx.delete(skuGroups).where(eq(skuGroups.id, n));
    await audit(tx, 'spu_sku', `sku_group:${n}`, who, 'delete_sku_group', { before: { name: row.name } });
    return { group_id: String(n) };
  });
}

export function skuCategories(): { items: SkuCategory[] } {
  return {
    items: [...LEAF_FILTERS.values()].map((f) => ({ id: f.filter_id, name: f.name, measure_unit: f.measure })),
  };
}

/** Groups → their live units → the prices rating uses (units without a group last). */
export async function previewTree(db: Db): Promise<PreviewTree> {
  const groups = await db.select().from(skuGroups).orderBy(asc(skuGroups.name), asc(skuGroups.id));
  const units = await db
    .select()
    .from(billingUnits)
    .where(isNull(billingUnits.deletedAt))
    .orderBy(asc(billingUnits.unit));
  const items: PreviewTree['items'] = groups.map((g) => ({
    group_id: String(g.id),
    name: g.name,
    category: g.category,
    price_type: g.priceType as SkuPriceType,
    units: units.filter((u) => u.groupId === g.id).map(toUnit),
  }));
  const loose = units.filter((u) => u.groupId === null);
  if (loose.length)
    items.push({
      group_id: null,
      name: 'Units without a group',
      category: '',
      price_type: 'normal',
      units: loose.map(toUnit),
    });
  return { items };
}

/**
 * What saving a proposed expression would change, nothing saved: each live unit of the group re-priced through the
 * formula with its own provider, region and labels; then last month's rated usage of the units that change, re-rated
 * per tenant (threshold units on the tenant's month total), in integer cents.
 */
export async function pricePreview(
  db: Db,
  id: string,
  body: z.output<typeof pricePreviewBody>,
  now = new Date(),
): Promise<PricePreview> {
  const n = parseId(id, 'billing.skuGroupNotFound', 'SKU group');
  const [g] = await db.select().from(skuGroups).where(eq(skuGroups.id, n)).limit(1);
  if (!g) throw notFound(id);
  const expression = expressionOf(body.price_expression);
  const formula = body.price_formula ?? g.priceFormula;
  const type = body.price_type ?? (g.priceType as SkuPriceType);
  const problem = expressionProblem(expression, formula, type);
  if (problem) throw invalid('price_expression', problem);
  const units = await db
    .select()
    .from(billingUnits)
    .where(and(eq(billingUnits.groupId, n), isNull(billingUnits.deletedAt)))
    .orderBy(asc(billingUnits.unit));
  const after = new Map<string, Price>();
  const rows: PricePreview['units'] = units.map((u) => {
    const before: Price = { price_cents: u.priceCents, tiers: u.tiers ?? null };
    const next = priceOf(u, expression, formula, type);
    if ('error' in next) return { unit: u.unit, before, after: null, problem: next.error, changed: false };
    const changed = next.price_cents !== before.price_cents || !sameTiers(next.tiers, before.tiers);
    if (changed) after.set(u.unit, next);
    return { unit: u.unit, before, after: next, problem: null, changed };
  });
  const month = monthOf(new Date(monthBounds(monthOf(now)).start.getTime() - 1));
  const result: PricePreview = {
    month,
    units: rows,
    tenants_affected: 0,
    amount_before: 0,
    amount_after: 0,
    tenants: [],
  };
  if (!after.size) return result;
  const u = billingUsage;
  const lines = await db
    .select({ tenantId: u.tenantId, unit: u.unit, quantity: u.quantity, per: u.pricePer, amount: u.amount })
    .from(u)
    .where(and(eq(u.month, `${month}-01`), inArray(u.unit, [...after.keys()])));
  const totals = new Map<string, number>();
  for (const l of lines)
    totals.set(`${l.tenantId}|${l.unit}`, (totals.get(`${l.tenantId}|${l.unit}`) ?? 0) + l.quantity);
  const perTenant = new Map<string, { before: number; after: number }>();
  for (const l of lines) {
    const p = after.get(l.unit)!;
    const price = p.tiers ? tierPrice(p.tiers, totals.get(`${l.tenantId}|${l.unit}`)!) : p.price_cents;
    const t = perTenant.get(l.tenantId) ?? { before: 0, after: 0 };
    t.before += l.amount;
    t.after += rateUsage(l.quantity, price, l.per);
    perTenant.set(l.tenantId, t);
  }
  const changed = [...perTenant].filter(([, t]) => t.before !== t.after);
  const names = await tenantNames(
    db,
    changed.map(([t]) => t),
  );
  result.tenants_affected = changed.length;
  result.amount_before = [...perTenant.values()].reduce((s, t) => s + t.before, 0);
  result.amount_after = [...perTenant.values()].reduce((s, t) => s + t.after, 0);
  result.tenants = changed
    .map(([tenantId, t]) => ({
      tenant_id: tenantId,
      tenant_name: names.get(tenantId) ?? tenantId,
      before: t.before,
      after: t.after,
      delta: t.after - t.before,
    }))
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.tenant_id.localeCompare(b.tenant_id))
    .slice(0, 50);
  return result;
}
