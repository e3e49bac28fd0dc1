import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fillPlaceholders,
  groupLabelsOf,
  lookupPrice,
  priceProblem,
  rateUsage,
  tierPrice,
  type BillingUnit,
  type CloudProvider,
  type createUnitsByGroupBody,
  type CreateUnitsResult,
  type ListResult,
  type MeasureUnit,
  type PlannedUnit,
  type PriceTier,
  type SkuPriceType,
  type unitListQuery,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { isoOrNull } from '../../platform/time.js';
import { filterName, LEAF_FILTERS, PRICE_PER, unitKey } from './catalogue.js';
import { billingInvoices, billingUnits, billingUsage, skuGroups } from './schema.js';
import { audit, parseId } from './shared.js';

/*
 * The price list as rows (billing_units): what metering, the measures API and the seed price usage with, loaded once
 * per round or request (`loadUnitBook`), and units made from a SKU group (dry run, create), listed and deleted.
 */

type UnitRow = typeof billingUnits.$inferSelect;

export function toUnit(r: UnitRow): BillingUnit {
  return {
    unit: r.unit,
    name: r.name,
    filter_id: r.filterId,
    provider: r.provider as CloudProvider,
    measure_unit: r.measureUnit as MeasureUnit,
    price_cents: r.priceCents,
    price_per: r.pricePer,
    price_type: r.priceType as SkuPriceType,
    beta_end_time: isoOrNull(r.betaEndTime),
    group_id: r.groupId === null ? null : String(r.groupId),
    region: r.region,
    labels: r.labels,
    tiers: r.tiers ?? null,
  };
}

/** The live price list, in memory: by key, and the unit a cluster's usage of an item on a provider goes to. */
export interface UnitBook {
  byKey(key: string): BillingUnit | undefined;
  /** The provider's unit of a billing item: its plain key (`aws.dedicated.compute.tidb`) else the first by key. */
  forUsage(provider: CloudProvider, filterId: string): BillingUnit | undefined;
}

/** Loads the live (not deleted) units: once per metering round or measures request, never per line. */
export async function loadUnitBook(db: Db): Promise<UnitBook> {
  const rows = await db
    .select()
    .from(billingUnits)
    .where(isNull(billingUnits.deletedAt))
    .orderBy(asc(billingUnits.unit));
  const byKey = new Map(rows.map((r) => [r.unit, toUnit(r)]));
  const byItem = new Map<string, BillingUnit>();
  for (const u of byKey.values()) {
    const k = `${u.provider}|${u.filter_id}`;
    if (!byItem.has(k) || u.unit === unitKey(u.provider, u.filter_id)) byItem.set(k, u);
  }
  return {
    byKey: (key) => byKey.get(key),
    forUsage: (provider, filterId) => byItem.get(`${provider}|${filterId}`),
  };
}

export async function listUnits(db: Db, q: z.output<typeof unitListQuery>): Promise<ListResult<BillingUnit>> {
  const u = billingUnits;
  const groupId = q.group_id === undefined ? undefined : /^\d{1,15}$/.test(q.group_id) ? Number(q.group_id) : -1;
  const w = and(
    isNull(u.deletedAt),
    q.provider ? eq(u.provider, q.provider) : undefined,
    q.filter_id ? eq(u.filterId, q.filter_id) : undefined,
    groupId === undefined ? undefined : eq(u.groupId, groupId),
  );
  const { limit, offset } = pageWindow(q);
  const page = await listPage(
    db
      .select()
      .from(u)
      .where(w)
      .orderBy(...listOrder(q.sort, { unit: u.unit }))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(u)
      .where(w)
      .then((r) => r[0]?.n ?? 0),
  );
  return { total: page.total, items: page.items.map(toUnit) };
}

// ---- create by group ------------------------------------------------------------------------------------------------

type CreateBody = z.output<typeof createUnitsByGroupBody>;

const groupNotFound = (id: string) => new AppError('billing.skuGroupNotFound', `SKU group ${id} not found`);

/** The unit a group makes for the input, or the 400/404/409 saying why it cannot. */
async function planUnit(db: Db, body: CreateBody): Promise<PlannedUnit> {
  const id = parseId(body.group_id, 'billing.skuGroupNotFound', 'SKU group');
  const [g] = await db.select().from(skuGroups).where(eq(skuGroups.id, id)).limit(1);
  if (!g) throw groupNotFound(body.group_id);
  const labels = groupLabelsOf(g.unitKeyPattern, g.priceFormula);
  const missing = labels.filter((l) => !body.group_labels[l]);
  if (missing.length)
    throw new AppError(
      'billing.skuLabelsMissing',
      `Missing group labels: ${missing.join(', ')}`,
      missing.map((l) => ({ field: `body.group_labels.${l}`, message: `Please input ${l}!` })),
    );
  const values: Record<string, string> = {
    ...Object.fromEntries(labels.map((l) => [l, body.group_labels[l]!])),
    provider: body.provider.toLowerCase(),
    region: body.region,
  };
  const found = lookupPrice(g.priceExpression, g.priceFormula, values);
  if ('error' in found) throw new AppError('billing.skuPriceNotFound', found.error);
  const type = g.priceType as SkuPriceType;
  const problem = priceProblem(found.price, type);
  if (problem) throw new AppError('billing.skuPriceNotFound', `The price for ${found.path}: ${problem}`);
  const tiers = type === 'threshold' ? (found.price as PriceTier[]) : null;
  const key = fillPlaceholders(g.unitKeyPattern, values);
  const [existing] = await db
    .select({ unit: billingUnits.unit })
    .from(billingUnits)
    .where(eq(billingUnits.unit, key))
    .limit(1);
  if (existing) throw new AppError('billing.unitExists', `Unit ${key} already exists`, { unit: key });
  const leaf = LEAF_FILTERS.get(g.category);
  const labelText = labels.map((l) => values[l]).join(', ');
  return {
    unit: key,
    name: `${filterName(g.category)} (${body.provider} ${body.region}${labelText ? `, ${labelText}` : ''})`,
    filter_id: g.category,
    provider: body.provider,
    region: body.region,
    labels: Object.fromEntries(labels.map((l) => [l, values[l]!])),
    price_type: type,
    price_cents: tiers ? tiers[0]!.price : (found.price as number),
    tiers,
    price_per: PRICE_PER,
    measure_unit: leaf?.measure ?? 'vcpu_hour',
    beta_end_time: body.beta_end_time ? new Date(body.beta_end_time).toISOString() : null,
  };
}

export async function dryRunUnits(db: Db, body: CreateBody): Promise<CreateUnitsResult> {
  return { created: false, units: [await planUnit(db, body)] };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/** Creates the group's unit for the input (the dry run's answer), with its audit row, in one transaction. */
export async function createUnits(db: Db, body: CreateBody, who: string, at = new Date()): Promise<CreateUnitsResult> {
  try {
    const units = await db.transaction(async (tx) => {
      const u = await planUnit(tx, body);
      await tx.insert(billingUnits).values({
        unit: u.unit,
        groupId: Number(body.group_id),
        name: u.name,
        filterId: u.filter_id,
        provider: u.provider,
        region: u.region,
        labels: u.labels,
        measureUnit: u.measure_unit,
        priceType: u.price_type,
        priceCents: u.price_cents,
        tiers: u.tiers,
        pricePer: u.price_per,
        betaEndTime: u.beta_end_time ? new Date(u.beta_end_time) : null,
        createdBy: who,
        createdAt: at,
      });
      await audit(tx, 'spu_sku', `unit:${u.unit}`, who, 'create_unit', { after: u });
      return [u];
    });
    return { created: true, units };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('billing.unitExists', 'The unit already exists');
    throw err;
  }
}

/**
 * Soft-deletes a unit. Refused while it has usage in a tenant month that is not settled (no usage invoice yet, or a
 * draft or unconfirmed one): that month can still be re-rated, and its lines name the unit.
 */
export async function deleteUnit(db: Db, key: string, who: string, at = new Date()): Promise<{ unit: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(billingUnits)
      .where(and(eq(billingUnits.unit, key), isNull(billingUnits.deletedAt)))
      .for('update');
    if (!row) throw new AppError('billing.unitNotFound', `Unit ${key} not found`);
    const u = billingUsage;
    const i = billingInvoices;
    const [open] = await tx
      .select({ tenantId: u.tenantId, month: u.month })
      .from(u)
      .where(
        and(
          eq(u.unit, key),
          sql`NOT EXISTS (SELECT 1 FROM ${i} WHERE ${i.tenantId} = ${u.tenantId} AND ${i.kind} = 'usage'
            AND ${i.periodStart} = (${u.month}::timestamp AT TIME ZONE 'UTC')
            AND ${i.status} IN ('confirmed', 'suspended'))`,
        ),
      )
      .orderBy(desc(u.month))
      .limit(1);
    if (open)
      throw new AppError(
        'billing.unitInUse',
        `Unit ${key} has usage of tenant ${open.tenantId} in ${open.month.slice(0, 7)}, whose invoice is not confirmed yet`,
        { tenant_id: open.tenantId, month: open.month.slice(0, 7) },
      );
    await tx.update(billingUnits).set({ deletedAt: at }).where(eq(billingUnits.unit, key));
    await audit(tx, 'spu_sku', `unit:${key}`, who, 'delete_unit', { before: toUnit(row) });
    return { unit: key };
  });
}

// ---- threshold (volume) pricing -------------------------------------------------------------------------------------

/**
 * Re-prices a tenant month's lines of threshold units at the tier its total quantity of each unit reached (volume
 * pricing: the whole month at the highest tier's price). Run before the month's invoice is rated, so the stored lines,
 * the invoice and the reports agree.
 */
export async function applyTiers(tx: Db, tenantId: string, monthDay: string): Promise<void> {
  const u = billingUsage;
  const rows = await tx
    .select({ id: u.id, unit: u.unit, quantity: u.quantity, price: u.priceCents, per: u.pricePer, amount: u.amount })
    .from(u)
    .innerJoin(billingUnits, eq(billingUnits.unit, u.unit))
    .where(and(eq(u.tenantId, tenantId), eq(u.month, monthDay), eq(billingUnits.priceType, 'threshold')));
  if (!rows.length) return;
  const tiersOf = new Map(
    (
      await tx
        .select({ unit: billingUnits.unit, tiers: billingUnits.tiers })
        .from(billingUnits)
        .where(
          inArray(
            billingUnits.unit,
            rows.map((r) => r.unit),
          ),
        )
    ).map((r) => [r.unit, r.tiers ?? []]),
  );
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.unit, (totals.get(r.unit) ?? 0) + r.quantity);
  for (const r of rows) {
    const price = tierPrice(tiersOf.get(r.unit) ?? [], totals.get(r.unit)!);
    const amount = rateUsage(r.quantity, price, r.per);
    if (price !== r.price || amount !== r.amount)
      await tx.update(u).set({ priceCents: price, amount }).where(eq(u.id, r.id));
  }
}
