import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { clusterAlertListQuery, criticalAlertListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder } from '../../platform/list-query.js';
import { clusters, tenants } from '../orgs/index.js';
import { clusterAlerts, clusterStores, dmNamespaces, dmTasks } from './schema.js';

export type AlertRow = typeof clusterAlerts.$inferSelect;
export type NewAlert = typeof clusterAlerts.$inferInsert;
export type StoreRow = typeof clusterStores.$inferSelect;
export type NamespaceRow = typeof dmNamespaces.$inferSelect;
export type TaskRow = typeof dmTasks.$inferSelect;

export async function clusterExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: clusters.id }).from(clusters).where(eq(clusters.id, id)).limit(1);
  return rows.length > 0;
}

// ---- alerts -------------------------------------------------------------------------------------------------------
export interface AlertFilter {
  clusterId: string;
  status?: string[] | undefined;
  severity?: string[] | undefined;
  search?: string | undefined;
}

function alertWhere(f: AlertFilter): SQL {
  const a = clusterAlerts;
  const c: SQL[] = [eq(a.clusterId, f.clusterId)];
  if (f.status?.length) c.push(inArray(a.status, f.status));
  if (f.severity?.length) c.push(inArray(a.severity, f.severity));
  if (f.search) {
    const pattern = containsPattern(f.search);
    c.push(or(ilike(a.rule, pattern), ilike(a.summary, pattern))!);
  }
  return and(...c)!;
}

export function selectAlertPage(
  db: Db,
  f: AlertFilter,
  page: { limit: number; offset: number; sort: z.output<typeof clusterAlertListQuery>['sort'] },
): Promise<AlertRow[]> {
  const a = clusterAlerts;
  return db
    .select()
    .from(a)
    .where(alertWhere(f))
    .orderBy(...listOrder(page.sort, { starts_at: [a.startsAt, a.id] }))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAlerts(db: Db, f: AlertFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clusterAlerts).where(alertWhere(f));
  return row?.n ?? 0;
}

export async function findAlert(db: Db, clusterId: string, id: number, forUpdate = false) {
  const q = db
    .select()
    .from(clusterAlerts)
    .where(and(eq(clusterAlerts.id, id), eq(clusterAlerts.clusterId, clusterId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateAlert(db: Db, id: number, patch: Partial<NewAlert>): Promise<AlertRow> {
  const [row] = await db
    .update(clusterAlerts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(clusterAlerts.id, id))
    .returning();
  return row!;
}

/** The cluster's firing alerts by severity: how many, how many acknowledged and how many silenced at `now`. */
export function selectFiringCounts(db: Db, clusterId: string, now: Date) {
  const a = clusterAlerts;
  const silenced = sql`coalesce(${a.silencedUntil} > ${now.toISOString()}::timestamptz, false)`;
  const acknowledged = sql`${a.acknowledgedAt} is not null and not ${silenced}`;
  return db
    .select({
      severity: a.severity,
      n: count(),
      acknowledged: sql<number>`(count(*) filter (where ${acknowledged}))::int`,
      silenced: sql<number>`(count(*) filter (where ${silenced}))::int`,
    })
    .from(a)
    .where(and(eq(a.clusterId, clusterId), eq(a.status, 'firing')))
    .groupBy(a.severity);
}

/** Alerts of the cluster that started at or after `from`, counted per UTC day and severity. */
export function selectDailyCounts(db: Db, clusterId: string, from: Date) {
  const a = clusterAlerts;
  const day = sql<string>`to_char(${a.startsAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      severity: a.severity,
      n: count(),
      resolved: sql<number>`(count(*) filter (where ${a.status} = 'resolved'))::int`,
    })
    .from(a)
    .where(and(eq(a.clusterId, clusterId), gte(a.startsAt, from)))
    .groupBy(day, a.severity);
}

/** Critical, firing and not silenced at `now`: served by the partial index `cluster_alerts_critical_firing_idx`. */
function criticalWhere(now: Date): SQL {
  const a = clusterAlerts;
  return and(
    eq(a.severity, 'critical'),
    eq(a.status, 'firing'),
    or(isNull(a.silencedUntil), lte(a.silencedUntil, now)),
  )!;
}

export function selectCriticalPage(
  db: Db,
  now: Date,
  page: { limit: number; offset: number; sort: z.output<typeof criticalAlertListQuery>['sort'] },
) {
  const a = clusterAlerts;
  return db
    .select({
      alert: a,
      clusterName: sql<string>`coalesce(${clusters.name}, ${a.clusterId})`,
      tenantId: sql<string>`coalesce(${clusters.tenantId}, '')`,
      tenantName: sql<string>`coalesce(${tenants.name}, '')`,
    })
    .from(a)
    .leftJoin(clusters, eq(clusters.id, a.clusterId))
    .leftJoin(tenants, eq(tenants.id, clusters.tenantId))
    .where(criticalWhere(now))
    .orderBy(...listOrder(page.sort, { starts_at: [a.startsAt, a.id] }))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCritical(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clusterAlerts).where(criticalWhere(now));
  return row?.n ?? 0;
}

// ---- alert sync ---------------------------------------------------------------------------------------------------
/** The ids among `ids` that are clusters of the portal. */
export async function existingClusterIds(db: Db, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await db.select({ id: clusters.id }).from(clusters).where(inArray(clusters.id, chunk));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** Every firing alert of the fleet (over the partial index `cluster_alerts_firing_fingerprint_idx`). */
export function selectFiringAlerts(db: Db): Promise<AlertRow[]> {
  return db.select().from(clusterAlerts).where(eq(clusterAlerts.status, 'firing')).orderBy(asc(clusterAlerts.id));
}

/** Rows that are not firing with one of these fingerprints (an alert resolved, perhaps to fire again). */
export async function selectSettledByFingerprint(db: Db, fingerprints: string[]): Promise<AlertRow[]> {
  const out: AlertRow[] = [];
  for (let i = 0; i < fingerprints.length; i += 1000) {
    const chunk = fingerprints.slice(i, i + 1000);
    out.push(
      ...(await db
        .select()
        .from(clusterAlerts)
        .where(and(inArray(clusterAlerts.fingerprint, chunk), ne(clusterAlerts.status, 'firing')))),
    );
  }
  return out;
}

/** Resolves these alerts (still firing) at `at`. */
export async function resolveAlerts(db: Db, ids: number[], at: Date): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .update(clusterAlerts)
      .set({ status: 'resolved', endsAt: at, updatedAt: at })
      .where(and(inArray(clusterAlerts.id, ids.slice(i, i + 1000)), eq(clusterAlerts.status, 'firing')))
      .returning({ id: clusterAlerts.id });
    n += rows.length;
  }
  return n;
}

// ---- topology -----------------------------------------------------------------------------------------------------
/** TiKV stores first, then TiFlash, by store id. */
export function selectStores(db: Db, clusterId: string): Promise<StoreRow[]> {
  return db
    .select()
    .from(clusterStores)
    .where(eq(clusterStores.clusterId, clusterId))
    .orderBy(sql`${clusterStores.kind} = 'tiflash'`, asc(clusterStores.storeId));
}

// ---- DM -----------------------------------------------------------------------------------------------------------
export function selectNamespaces(db: Db, clusterId: string): Promise<NamespaceRow[]> {
  return db
    .select()
    .from(dmNamespaces)
    .where(eq(dmNamespaces.clusterId, clusterId))
    .orderBy(asc(dmNamespaces.createdAt), asc(dmNamespaces.id));
}

export function selectTasks(db: Db, namespaceIds: number[]): Promise<TaskRow[]> {
  if (namespaceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(dmTasks)
    .where(inArray(dmTasks.namespaceId, namespaceIds))
    .orderBy(asc(dmTasks.namespaceId), asc(dmTasks.name));
}
