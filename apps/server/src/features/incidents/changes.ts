import { and, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { IncidentChange } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { iso } from '../../platform/time.js';
import { APPLY_OPERATION, configChanges } from '../configchange/index.js';
import { k8sClusterHosting, k8sClusters } from '../k8s/index.js';
import { clusterMaintenanceExecutions, clusterMaintenances } from '../maintenance/index.js';
import { operations } from '../operations/index.js';
import { changefeeds, ticdcClusters } from '../ticdc/index.js';

/*
 * "What changed here": the changes that touched an incident's clusters in the hours before it started, read from the
 * portal's own records (the on-call's first question: what did we change?).
 *
 * - config_change: a cluster configuration change whose apply operation ran in the window (config_changes →
 *   operations); its apply operation is not listed again as an operation.
 * - release: a release deploy operation (`release.deploy`) whose target clusters include the cluster.
 * - maintenance: a maintenance execution on the cluster that was worked on in the window (started, and not ended
 *   before it).
 * - k8s_upgrade: an upgrade operation (`k8s_upgrade.cluster`) of the Kubernetes cluster hosting the cluster.
 * - operation: any other operation on the cluster itself, its TiCDC clusters or its changefeeds.
 *
 * "In the window" means the work's span [start, end] overlaps [started_at − hours, started_at]: a change still
 * running when the incident began counts, one that started after it does not.
 */

/** Operation types (stored strings of other areas) this module recognises. */
const RELEASE_DEPLOY = 'release.deploy';
const K8S_UPGRADE = 'k8s_upgrade.cluster';
/** Enough for a page; the window is at most a week of a handful of clusters. */
const MAX_ITEMS = 200;

export interface ChangeWindow {
  clusterIds: readonly string[];
  from: Date;
  to: Date;
}

const o = operations;
const opStart = sql<Date>`coalesce(${o.startedAt}, ${o.createdAt})`.mapWith(o.createdAt);
/** The operation's span overlaps the window. */
const opInWindow = (w: ChangeWindow): SQL =>
  and(
    lte(o.createdAt, w.to),
    lte(opStart, w.to),
    sql`coalesce(${o.finishedAt}, 'infinity'::timestamptz) >= ${w.from.toISOString()}::timestamptz`,
  )!;

const truncate = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

async function configChangeItems(db: Db, w: ChangeWindow): Promise<IncidentChange[]> {
  const c = configChanges;
  const rows = await db
    .select({
      id: c.id,
      clusterId: c.targetId,
      reason: c.reason,
      phase: c.phase,
      at: opStart,
      operator: o.createdBy,
    })
    .from(c)
    .innerJoin(o, eq(sql`${o.id}::text`, c.operationId))
    .where(and(eq(c.targetType, 'cluster'), inArray(c.targetId, [...w.clusterIds]), opInWindow(w)))
    .limit(MAX_ITEMS);
  return rows.map((r) => ({
    kind: 'config_change',
    id: String(r.id),
    title: truncate(`Configuration change ${r.id}: ${r.reason}`),
    cluster_id: r.clusterId,
    at: iso(r.at),
    link: `/confighistories/${r.id}`,
    operator: r.operator,
    status: r.phase,
  }));
}

async function releaseItems(db: Db, w: ChangeWindow): Promise<IncidentChange[]> {
  const ids = sql.join(
    w.clusterIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db
    .select({ id: o.id, title: o.title, status: o.status, params: o.params, at: opStart, operator: o.createdBy })
    .from(o)
    .where(
      and(
        eq(o.type, RELEASE_DEPLOY),
        sql`(${o.params} -> 'target_cluster_ids') ?| array[${ids}]::text[]`,
        opInWindow(w),
      ),
    )
    .limit(MAX_ITEMS);
  const wanted = new Set(w.clusterIds);
  return rows.flatMap((r) => {
    const p = r.params as { release_id?: string; change_id?: string; target_cluster_ids?: string[] };
    const link = p.release_id && p.change_id ? `/release/${p.release_id}/change/${p.change_id}` : `/operations/${r.id}`;
    return (p.target_cluster_ids ?? [])
      .filter((id) => wanted.has(id))
      .map((clusterId) => ({
        kind: 'release' as const,
        id: p.release_id ?? String(r.id),
        title: truncate(r.title),
        cluster_id: clusterId,
        at: iso(r.at),
        link,
        operator: r.operator,
        status: r.status,
      }));
  });
}

async function maintenanceItems(db: Db, w: ChangeWindow): Promise<IncidentChange[]> {
  const e = clusterMaintenanceExecutions;
  const m = clusterMaintenances;
  const rows = await db
    .select({
      id: m.id,
      description: m.description,
      createdBy: m.createdBy,
      clusterId: e.clusterId,
      status: e.status,
      startedAt: e.startedAt,
      operator: e.operator,
    })
    .from(e)
    .innerJoin(m, eq(m.id, e.maintenanceId))
    .where(
      and(
        inArray(e.clusterId, [...w.clusterIds]),
        lte(e.startedAt, w.to),
        sql`coalesce(${e.endedAt}, 'infinity'::timestamptz) >= ${w.from.toISOString()}::timestamptz`,
      ),
    )
    .limit(MAX_ITEMS);
  return rows.map((r) => ({
    kind: 'maintenance',
    id: String(r.id),
    title: truncate(r.description ? `Maintenance ${r.id}: ${r.description}` : `Maintenance ${r.id}`),
    cluster_id: r.clusterId,
    at: iso(r.startedAt!),
    link: `/maintenance/${r.id}`,
    operator: r.operator ?? r.createdBy,
    status: r.status,
  }));
}

async function k8sUpgradeItems(db: Db, w: ChangeWindow): Promise<IncidentChange[]> {
  const h = k8sClusterHosting;
  const k = k8sClusters;
  const rows = await db
    .select({
      id: o.id,
      title: o.title,
      status: o.status,
      params: o.params,
      at: opStart,
      operator: o.createdBy,
      clusterId: h.clusterId,
      k8sName: k.name,
    })
    .from(h)
    .innerJoin(k, eq(k.id, h.k8sClusterId))
    .innerJoin(o, and(eq(o.targetId, k.name), eq(o.targetType, 'k8s_cluster')))
    .where(and(inArray(h.clusterId, [...w.clusterIds]), eq(o.type, K8S_UPGRADE), opInWindow(w)))
    .limit(MAX_ITEMS);
  return rows.map((r) => {
    const p = r.params as { task_id?: string };
    return {
      kind: 'k8s_upgrade',
      id: String(r.id),
      title: truncate(r.title),
      cluster_id: r.clusterId,
      at: iso(r.at),
      link: p.task_id
        ? `/k8sUpgradeTask/${p.task_id}/k8sCluster/${encodeURIComponent(r.k8sName)}`
        : `/operations/${r.id}`,
      operator: r.operator,
      status: r.status,
    };
  });
}

async function operationItems(db: Db, w: ChangeWindow): Promise<IncidentChange[]> {
  const ids = [...w.clusterIds];
  const cols = { id: o.id, title: o.title, status: o.status, at: opStart, operator: o.createdBy };
  const [own, ticdc, feeds] = await Promise.all([
    db
      .select({ ...cols, clusterId: o.targetId })
      .from(o)
      .where(and(eq(o.targetType, 'cluster'), inArray(o.targetId, ids), ne(o.type, APPLY_OPERATION), opInWindow(w)))
      .limit(MAX_ITEMS),
    db
      .select({ ...cols, clusterId: ticdcClusters.clusterId })
      .from(ticdcClusters)
      .innerJoin(o, and(eq(o.targetType, 'ticdc_cluster'), eq(o.targetId, ticdcClusters.id)))
      .where(and(inArray(ticdcClusters.clusterId, ids), opInWindow(w)))
      .limit(MAX_ITEMS),
    db
      .select({ ...cols, clusterId: changefeeds.clusterId })
      .from(changefeeds)
      .innerJoin(o, and(eq(o.targetType, 'changefeed'), eq(o.targetId, changefeeds.id)))
      .where(and(inArray(changefeeds.clusterId, ids), opInWindow(w)))
      .limit(MAX_ITEMS),
  ]);
  return [...own, ...ticdc, ...feeds].map((r) => ({
    kind: 'operation',
    id: String(r.id),
    title: truncate(r.title),
    cluster_id: r.clusterId,
    at: iso(r.at),
    link: `/operations/${r.id}`,
    operator: r.operator,
    status: r.status,
  }));
}

/** Every change in the window, newest first (at most MAX_ITEMS). */
export async function changesInWindow(db: Db, w: ChangeWindow): Promise<IncidentChange[]> {
  if (!w.clusterIds.length) return [];
  const parts = await Promise.all([
    configChangeItems(db, w),
    releaseItems(db, w),
    maintenanceItems(db, w),
    k8sUpgradeItems(db, w),
    operationItems(db, w),
  ]);
  return parts
    .flat()
    .sort((a, b) => b.at.localeCompare(a.at) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id))
    .slice(0, MAX_ITEMS);
}

/** Exported for the seed: the same bounds the route uses. */
export const changeWindowOf = (startedAt: Date, hours: number): { from: Date; to: Date } => ({
  from: new Date(startedAt.getTime() - hours * 3_600_000),
  to: startedAt,
});
