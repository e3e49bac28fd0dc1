import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { changefeedListQuery, ticdcClusterListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { listOrder, pageWindow } from '../../platform/list-query.js';
import { changefeeds, ticdcClusters } from './schema.js';

export type TicdcRow = typeof ticdcClusters.$inferSelect & { changefeedCount: number };
export type ChangefeedRow = typeof changefeeds.$inferSelect & {
  ticdcName: string;
  ticdcStatus: string;
  ticdcVersion: string;
};

/** A parsed list query (empty id filters already dropped by the service). */
export type TicdcFilter = z.output<typeof ticdcClusterListQuery>;
export type ChangefeedFilter = z.output<typeof changefeedListQuery>;
type Page = 'page' | 'per_page' | 'sort';

// Qualified by hand: drizzle renders columns unqualified in a single-table select, which would bind `id` to the
// subquery.
const changefeedCount = sql<number>`(select count(*) from "changefeeds" where "changefeeds"."ticdc_cluster_id" = "ticdc_clusters"."id")::int`;

const ticdcColumns = {
  id: ticdcClusters.id,
  clusterId: ticdcClusters.clusterId,
  tenantId: ticdcClusters.tenantId,
  name: ticdcClusters.name,
  status: ticdcClusters.status,
  version: ticdcClusters.version,
  deployType: ticdcClusters.deployType,
  specification: ticdcClusters.specification,
  region: ticdcClusters.region,
  provider: ticdcClusters.provider,
  controlPlaneArch: ticdcClusters.controlPlaneArch,
  operatorVersion: ticdcClusters.operatorVersion,
  baseImage: ticdcClusters.baseImage,
  imageTag: ticdcClusters.imageTag,
  overwriteImageTag: ticdcClusters.overwriteImageTag,
  createdAt: ticdcClusters.createdAt,
  updatedAt: ticdcClusters.updatedAt,
};

function ticdcWhere(q: Omit<TicdcFilter, Page>): SQL | undefined {
  const conds: SQL[] = [];
  if (q.cluster_id) conds.push(eq(ticdcClusters.clusterId, q.cluster_id));
  if (q.tenant_id) conds.push(eq(ticdcClusters.tenantId, q.tenant_id));
  if (q.status?.length) conds.push(inArray(ticdcClusters.status, q.status));
  return conds.length ? and(...conds) : undefined;
}

export function selectTicdcPage(db: Db, q: TicdcFilter): Promise<TicdcRow[]> {
  const { limit, offset } = pageWindow(q);
  return db
    .select({ ...ticdcColumns, changefeedCount })
    .from(ticdcClusters)
    .where(ticdcWhere(q))
    .orderBy(...listOrder(q.sort, { created_at: ticdcClusters.createdAt, name: ticdcClusters.name }, ticdcClusters.id))
    .limit(limit)
    .offset(offset);
}

export async function countTicdc(db: Db, q: TicdcFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ticdcClusters).where(ticdcWhere(q));
  return row?.n ?? 0;
}

/** One TiCDC cluster; `forUpdate` locks the row for the rest of the transaction (actions, config apply). */
export async function selectTicdc(db: Db, id: string, forUpdate = false): Promise<TicdcRow | undefined> {
  const q = db
    .select({ ...ticdcColumns, changefeedCount })
    .from(ticdcClusters)
    .where(eq(ticdcClusters.id, id))
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: ticdcClusters }) : await q;
  return row;
}

export async function updateTicdc(
  tx: Db,
  id: string,
  patch: Partial<typeof ticdcClusters.$inferInsert>,
): Promise<void> {
  await tx
    .update(ticdcClusters)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(ticdcClusters.id, id));
}

// ---------------------------------------------------------------- changefeeds

function changefeedWhere(q: Omit<ChangefeedFilter, Page>): SQL | undefined {
  const conds: SQL[] = [];
  if (q.cluster_id) conds.push(eq(changefeeds.clusterId, q.cluster_id));
  if (q.ticdc_cluster_id) conds.push(eq(changefeeds.ticdcClusterId, q.ticdc_cluster_id));
  if (q.status?.length) conds.push(inArray(changefeeds.status, q.status));
  if (q.downstream_type?.length) conds.push(inArray(changefeeds.downstreamType, q.downstream_type));
  return conds.length ? and(...conds) : undefined;
}

function changefeedSelect(db: Db) {
  return db
    .select({
      id: changefeeds.id,
      displayId: changefeeds.displayId,
      displayName: changefeeds.displayName,
      ticdcClusterId: changefeeds.ticdcClusterId,
      clusterId: changefeeds.clusterId,
      tenantId: changefeeds.tenantId,
      status: changefeeds.status,
      downstreamType: changefeeds.downstreamType,
      destination: changefeeds.destination,
      error: changefeeds.error,
      checkpointAt: changefeeds.checkpointAt,
      createdAt: changefeeds.createdAt,
      updatedAt: changefeeds.updatedAt,
      ticdcName: ticdcClusters.name,
      ticdcStatus: ticdcClusters.status,
      ticdcVersion: ticdcClusters.version,
    })
    .from(changefeeds)
    .innerJoin(ticdcClusters, eq(ticdcClusters.id, changefeeds.ticdcClusterId));
}

export function selectChangefeedPage(db: Db, q: ChangefeedFilter): Promise<ChangefeedRow[]> {
  const { limit, offset } = pageWindow(q);
  return changefeedSelect(db)
    .where(changefeedWhere(q))
    .orderBy(
      ...listOrder(
        q.sort,
        { created_at: changefeeds.createdAt, display_name: changefeeds.displayName },
        changefeeds.id,
      ),
    )
    .limit(limit)
    .offset(offset);
}

export async function countChangefeeds(db: Db, q: ChangefeedFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(changefeeds).where(changefeedWhere(q));
  return row?.n ?? 0;
}

/** One changefeed with its TiCDC cluster's name and status; `forUpdate` locks both rows. */
export async function selectChangefeed(db: Db, id: string, forUpdate = false): Promise<ChangefeedRow | undefined> {
  const q = changefeedSelect(db).where(eq(changefeeds.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Every changefeed of a TiCDC cluster, oldest first (a TiCDC cluster runs a handful; the cap is a guard). */
export function selectChangefeedsOfTicdc(db: Db, ticdcId: string, limit = 1000): Promise<ChangefeedRow[]> {
  return changefeedSelect(db)
    .where(eq(changefeeds.ticdcClusterId, ticdcId))
    .orderBy(changefeeds.createdAt, changefeeds.id)
    .limit(limit);
}

export async function updateChangefeed(
  tx: Db,
  id: string,
  patch: Partial<typeof changefeeds.$inferInsert>,
): Promise<void> {
  await tx
    .update(changefeeds)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(changefeeds.id, id));
}

/** Moves the changefeeds of a TiCDC cluster that are in one of `from` statuses; returns their ids. */
export async function updateChangefeedsOfTicdc(
  tx: Db,
  ticdcId: string,
  from: readonly string[],
  patch: Partial<typeof changefeeds.$inferInsert>,
): Promise<string[]> {
  const rows = await tx
    .update(changefeeds)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(changefeeds.ticdcClusterId, ticdcId), inArray(changefeeds.status, [...from])))
    .returning({ id: changefeeds.id });
  return rows.map((r) => r.id);
}
