import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { skuListQuery, spuListQuery, whitelistListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { listOrder, listPage, pageWindow } from '../../platform/list-query.js';
import { tenants } from '../orgs/index.js';
import { skuComputeMus, skuSkus, skuSpus, skuStorageMus, skuWhitelist } from './schema.js';

export type SpuRow = typeof skuSpus.$inferSelect;
export type SkuTableRow = typeof skuSkus.$inferSelect;
export type ComputeMuRow = typeof skuComputeMus.$inferSelect;
export type StorageMuRow = typeof skuStorageMus.$inferSelect;
export type WhitelistRow = typeof skuWhitelist.$inferSelect;

// ---- MUs ------------------------------------------------------------------------------------------------------------
export function selectComputeMus(db: Db, cloudProvider: string): Promise<ComputeMuRow[]> {
  return db
    .select()
    .from(skuComputeMus)
    .where(eq(skuComputeMus.cloudProvider, cloudProvider))
    .orderBy(asc(skuComputeMus.cloudProvider), asc(skuComputeMus.instanceType));
}

export function selectStorageMus(db: Db, cloudProvider: string): Promise<StorageMuRow[]> {
  return db
    .select()
    .from(skuStorageMus)
    .where(eq(skuStorageMus.cloudProvider, cloudProvider))
    .orderBy(asc(skuStorageMus.cloudProvider), asc(skuStorageMus.volumeType));
}

export async function findComputeMu(db: Db, id: string): Promise<ComputeMuRow | undefined> {
  const [row] = await db.select().from(skuComputeMus).where(eq(skuComputeMus.id, id)).limit(1);
  return row;
}

export async function findStorageMu(db: Db, id: string): Promise<StorageMuRow | undefined> {
  const [row] = await db.select().from(skuStorageMus).where(eq(skuStorageMus.id, id)).limit(1);
  return row;
}

// ---- SPUs -----------------------------------------------------------------------------------------------------------
export async function selectSpuPage(db: Db, q: z.output<typeof spuListQuery>) {
  const where = and(
    q.componentType ? eq(skuSpus.componentType, q.componentType) : undefined,
    q.key ? eq(skuSpus.key, q.key) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const order = listOrder(
    q.sort,
    { key: skuSpus.key, cpuCore: skuSpus.cpuCore, createdAt: skuSpus.createdAt },
    skuSpus.id,
  );
  return listPage(
    db
      .select()
      .from(skuSpus)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(skuSpus)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
}

export async function findSpu(db: Db, by: { id?: number; key?: string }, forUpdate = false) {
  const cond = by.id !== undefined ? eq(skuSpus.id, by.id) : eq(skuSpus.key, by.key ?? '');
  const q = db.select().from(skuSpus).where(cond).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Inserts an SPU; undefined when the key is taken (the unique index decides: two racing creates never both win). */
export async function insertSpu(db: Db, row: typeof skuSpus.$inferInsert): Promise<SpuRow | undefined> {
  const [out] = await db.insert(skuSpus).values(row).onConflictDoNothing({ target: skuSpus.key }).returning();
  return out;
}

export async function updateSpu(db: Db, id: number, set: Partial<typeof skuSpus.$inferInsert>): Promise<SpuRow> {
  const [out] = await db.update(skuSpus).set(set).where(eq(skuSpus.id, id)).returning();
  return out!;
}

// ---- SKUs -----------------------------------------------------------------------------------------------------------
const skuFields = {
  sku: skuSkus,
  spuKey: skuSpus.key,
  spuDisplayName: skuSpus.displayName,
  mu: skuComputeMus,
};
export interface SkuRow {
  sku: SkuTableRow;
  spuKey: string;
  spuDisplayName: string;
  mu: ComputeMuRow;
}

const skuJoin = (db: Db) =>
  db
    .select(skuFields)
    .from(skuSkus)
    .innerJoin(skuSpus, eq(skuSpus.id, skuSkus.spuId))
    .innerJoin(skuComputeMus, eq(skuComputeMus.id, skuSkus.instanceMuId));

export async function selectSkuPage(db: Db, q: z.output<typeof skuListQuery>) {
  const where = and(
    q.cloudProvider ? eq(skuSkus.cloudProvider, q.cloudProvider) : undefined,
    q.componentTypes?.length ? inArray(skuSkus.componentType, q.componentTypes) : undefined,
    q.spuKey ? eq(skuSpus.key, q.spuKey) : undefined,
    q.key ? eq(skuSkus.key, q.key) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const order = listOrder(
    q.sort,
    { key: skuSkus.key, cpuCore: skuComputeMus.cpuCore, createdAt: skuSkus.createdAt },
    skuSkus.id,
  );
  return listPage<SkuRow>(
    skuJoin(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(skuSkus)
      .innerJoin(skuSpus, eq(skuSpus.id, skuSkus.spuId))
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
}

export async function findSku(db: Db, by: { id?: number; key?: string }): Promise<SkuRow | undefined> {
  const cond: SQL = by.id !== undefined ? eq(skuSkus.id, by.id) : eq(skuSkus.key, by.key ?? '');
  const [row] = await skuJoin(db).where(cond).limit(1);
  return row;
}

/** Locks the SKU's row (updates of one SKU apply one at a time). */
export async function lockSku(db: Db, id: number): Promise<SkuTableRow | undefined> {
  const [row] = await db.select().from(skuSkus).where(eq(skuSkus.id, id)).limit(1).for('update');
  return row;
}

export async function insertSku(db: Db, row: typeof skuSkus.$inferInsert): Promise<SkuTableRow | undefined> {
  const [out] = await db.insert(skuSkus).values(row).onConflictDoNothing({ target: skuSkus.key }).returning();
  return out;
}

export async function updateSku(db: Db, id: number, set: Partial<typeof skuSkus.$inferInsert>): Promise<void> {
  await db.update(skuSkus).set(set).where(eq(skuSkus.id, id));
}

// ---- whitelist ------------------------------------------------------------------------------------------------------
export interface WhitelistListRow {
  entry: WhitelistRow;
  tenantName: string | null;
}

export async function selectWhitelistPage(
  db: Db,
  q: z.output<typeof whitelistListQuery>,
  target: { scope: string; key: string } | undefined,
) {
  const where = and(
    target ? and(eq(skuWhitelist.scope, target.scope), eq(skuWhitelist.targetKey, target.key)) : undefined,
    q.component_type ? eq(skuWhitelist.componentType, q.component_type) : undefined,
    q.tenant_id ? eq(skuWhitelist.tenantId, q.tenant_id) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const order = listOrder(
    q.sort,
    { created_at: skuWhitelist.createdAt, tenant_id: skuWhitelist.tenantId },
    skuWhitelist.id,
  );
  return listPage<WhitelistListRow>(
    db
      .select({ entry: skuWhitelist, tenantName: tenants.name })
      .from(skuWhitelist)
      .leftJoin(tenants, eq(tenants.id, skuWhitelist.tenantId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(skuWhitelist)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
}

export async function findTenantNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The tenants of `tenantIds` already on the target's whitelist. */
export async function selectWhitelisted(db: Db, scope: string, key: string, tenantIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ tenantId: skuWhitelist.tenantId })
    .from(skuWhitelist)
    .where(
      and(eq(skuWhitelist.scope, scope), eq(skuWhitelist.targetKey, key), inArray(skuWhitelist.tenantId, tenantIds)),
    );
  return rows.map((r) => r.tenantId);
}

export async function insertWhitelist(db: Db, rows: (typeof skuWhitelist.$inferInsert)[]): Promise<WhitelistRow[]> {
  return db.insert(skuWhitelist).values(rows).returning();
}

export async function deleteWhitelist(db: Db, id: number): Promise<WhitelistRow | undefined> {
  const [row] = await db.delete(skuWhitelist).where(eq(skuWhitelist.id, id)).returning();
  return row;
}
