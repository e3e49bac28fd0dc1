import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_K8S_TASK_STATUSES, type NodePool, type NodePoolStatus } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { containsPattern, listOrder, type SortKey } from '../../platform/list-query.js';
import { clusters, tenants } from '../orgs/index.js';
import { k8sClusterHosting, k8sClusters, k8sNodePools, k8sUpgradeTaskClusters, k8sUpgradeTasks } from './schema.js';

/** All SQL of the k8s area. */

export type K8sRow = typeof k8sClusters.$inferSelect;
export type TaskRow = typeof k8sUpgradeTasks.$inferSelect;
export type TaskClusterRow = typeof k8sUpgradeTaskClusters.$inferSelect;

/** `1.29` → 1029: what version filters and sorts use. */
export function versionRank(version: string): number {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major * 1000 + minor;
}

// ---- the fleet -------------------------------------------------------------------------------------------------

/**
 * The outer row's id, qualified: in a one-table select drizzle writes a column unqualified, which inside a subquery
 * would bind to the subquery's own table.
 */
const K8S_ID = sql.raw('"k8s_clusters"."id"');

const poolCount = sql<number>`(select count(*)::int from ${k8sNodePools} where ${k8sNodePools.k8sClusterId} = ${K8S_ID})`;
const nodeCount = sql<number>`(select coalesce(sum(${k8sNodePools.nodeCount}), 0)::int from ${k8sNodePools} where ${k8sNodePools.k8sClusterId} = ${K8S_ID})`;
const degraded = sql<boolean>`exists (select 1 from ${k8sNodePools} where ${k8sNodePools.k8sClusterId} = ${K8S_ID} and ${k8sNodePools.status} = 'unhealthy')`;
const hostedCount = sql<number>`(select count(*)::int from ${k8sClusterHosting} where ${k8sClusterHosting.k8sClusterId} = ${K8S_ID})`;
/** The open task a cluster is in, or the task whose upgrade of it is still running (newest first). */
const openTask = sql<{ task_id: string; name: string; status: string; cluster_status: string } | null>`(
  select json_build_object('task_id', t.id::text, 'name', t.name, 'status', t.status, 'cluster_status', tc.status)
  from ${k8sUpgradeTaskClusters} tc join ${k8sUpgradeTasks} t on t.id = tc.task_id
  where tc.k8s_cluster_id = ${K8S_ID}
    and (t.status in ('draft', 'running') and tc.status not in ('excluded', 'skipped') or tc.status = 'upgrading')
  order by t.id desc limit 1)`;

const infoColumns = {
  id: k8sClusters.id,
  name: k8sClusters.name,
  provider: k8sClusters.provider,
  region: k8sClusters.region,
  environment: k8sClusters.environment,
  version: k8sClusters.version,
  createdAt: k8sClusters.createdAt,
  poolCount,
  nodeCount,
  degraded,
  hostedCount,
  openTask,
};

export interface InfoFilter {
  provider?: string[] | undefined;
  region?: string | undefined;
  version?: string[] | undefined;
  environment?: string[] | undefined;
  search?: string | undefined;
}

function infoWhere(f: InfoFilter): SQL | undefined {
  return and(
    f.provider?.length ? inArray(k8sClusters.provider, f.provider) : undefined,
    f.region ? eq(k8sClusters.region, f.region) : undefined,
    f.version?.length ? inArray(k8sClusters.versionRank, f.version.map(versionRank)) : undefined,
    f.environment?.length ? inArray(k8sClusters.environment, f.environment) : undefined,
    f.search ? ilike(k8sClusters.name, containsPattern(f.search)) : undefined,
  );
}

export function selectInfoPage(
  db: Db,
  f: InfoFilter,
  page: {
    sort: 'name' | '-name' | 'version' | '-version' | 'created_at' | '-created_at';
    limit: number;
    offset: number;
  },
) {
  const keys: Record<'name' | 'version' | 'created_at', SortKey | SortKey[]> = {
    name: k8sClusters.name,
    version: [k8sClusters.versionRank, k8sClusters.name],
    created_at: [k8sClusters.createdAt, k8sClusters.id],
  };
  return db
    .select(infoColumns)
    .from(k8sClusters)
    .where(infoWhere(f))
    .orderBy(...listOrder(page.sort, keys, k8sClusters.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type InfoRow = Awaited<ReturnType<typeof selectInfoPage>>[number];

export async function countInfos(db: Db, f: InfoFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(k8sClusters).where(infoWhere(f));
  return row?.n ?? 0;
}

export async function findInfo(db: Db, name: string): Promise<InfoRow | undefined> {
  const [row] = await db.select(infoColumns).from(k8sClusters).where(eq(k8sClusters.name, name)).limit(1);
  return row;
}

export async function findK8s(db: Db, name: string, forUpdate = false): Promise<K8sRow | undefined> {
  const q = db.select().from(k8sClusters).where(eq(k8sClusters.name, name)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** The named clusters, locked in id order (every writer locks them in that order). */
export async function lockK8sByNames(db: Db, names: string[]): Promise<K8sRow[]> {
  if (!names.length) return [];
  return db
    .select()
    .from(k8sClusters)
    .where(inArray(k8sClusters.name, [...new Set(names)]))
    .orderBy(asc(k8sClusters.id))
    .for('update');
}

export async function setK8sVersion(db: Db, id: number, version: string): Promise<void> {
  await db
    .update(k8sClusters)
    .set({ version, versionRank: versionRank(version) })
    .where(eq(k8sClusters.id, id));
}

export async function poolsOf(db: Db, k8sId: number): Promise<NodePool[]> {
  const rows = await db
    .select()
    .from(k8sNodePools)
    .where(eq(k8sNodePools.k8sClusterId, k8sId))
    .orderBy(asc(k8sNodePools.name));
  return rows.map((p) => ({
    name: p.name,
    instance_type: p.instanceType,
    node_count: p.nodeCount,
    version: p.version,
    status: p.status as NodePoolStatus,
    message: p.message,
  }));
}

export async function setPoolVersions(db: Db, k8sId: number, version: string): Promise<void> {
  await db.update(k8sNodePools).set({ version }).where(eq(k8sNodePools.k8sClusterId, k8sId));
}

/** The tenant clusters a k8s cluster hosts, with their tenant (name order). */
export function hostedClusters(db: Db, k8sId: number) {
  return db
    .select({
      id: clusters.id,
      name: clusters.name,
      status: clusters.status,
      clusterType: clusters.clusterType,
      version: clusters.version,
      tenantId: clusters.tenantId,
      tenantName: tenants.name,
      projectId: clusters.projectId,
    })
    .from(k8sClusterHosting)
    .innerJoin(clusters, eq(clusters.id, k8sClusterHosting.clusterId))
    .innerJoin(tenants, eq(tenants.id, clusters.tenantId))
    .where(eq(k8sClusterHosting.k8sClusterId, k8sId))
    .orderBy(asc(clusters.name), asc(clusters.id));
}

export async function hostedClusterIds(db: Db, k8sIds: number[]): Promise<string[]> {
  if (!k8sIds.length) return [];
  const rows = await db
    .select({ id: k8sClusterHosting.clusterId })
    .from(k8sClusterHosting)
    .where(inArray(k8sClusterHosting.k8sClusterId, k8sIds))
    .orderBy(asc(k8sClusterHosting.clusterId));
  return rows.map((r) => r.id);
}

/** A k8s cluster's upgrades by tasks, newest first. */
export function upgradeHistory(db: Db, k8sId: number) {
  return db
    .select({
      taskId: k8sUpgradeTasks.id,
      taskName: k8sUpgradeTasks.name,
      taskStatus: k8sUpgradeTasks.status,
      targetVersion: k8sUpgradeTasks.targetVersion,
      createdAt: k8sUpgradeTasks.createdAt,
      batch: k8sUpgradeTaskClusters.batch,
      status: k8sUpgradeTaskClusters.status,
      fromVersion: k8sUpgradeTaskClusters.fromVersion,
      operationId: k8sUpgradeTaskClusters.operationId,
      reason: k8sUpgradeTaskClusters.reason,
      startedAt: k8sUpgradeTaskClusters.startedAt,
      finishedAt: k8sUpgradeTaskClusters.finishedAt,
    })
    .from(k8sUpgradeTaskClusters)
    .innerJoin(k8sUpgradeTasks, eq(k8sUpgradeTasks.id, k8sUpgradeTaskClusters.taskId))
    .where(eq(k8sUpgradeTaskClusters.k8sClusterId, k8sId))
    .orderBy(desc(k8sUpgradeTasks.createdAt), desc(k8sUpgradeTasks.id));
}

// ---- tasks -----------------------------------------------------------------------------------------------------

export interface TaskFilter {
  status?: string[] | undefined;
  targetVersion?: string | undefined;
  k8sName?: string | undefined;
  search?: string | undefined;
}

function taskWhere(f: TaskFilter): SQL | undefined {
  return and(
    f.status?.length ? inArray(k8sUpgradeTasks.status, f.status) : undefined,
    f.targetVersion ? eq(k8sUpgradeTasks.targetVersion, f.targetVersion) : undefined,
    f.search ? ilike(k8sUpgradeTasks.name, containsPattern(f.search)) : undefined,
    f.k8sName
      ? sql`exists (select 1 from ${k8sUpgradeTaskClusters} tc join ${k8sClusters} c on c.id = tc.k8s_cluster_id
          where tc.task_id = ${sql.raw('"k8s_upgrade_tasks"."id"')} and c.name = ${f.k8sName})`
      : undefined,
  );
}

export function selectTaskPage(
  db: Db,
  f: TaskFilter,
  page: { sort: 'created_at' | '-created_at' | 'name' | '-name'; limit: number; offset: number },
) {
  return db
    .select()
    .from(k8sUpgradeTasks)
    .where(taskWhere(f))
    .orderBy(
      ...listOrder(
        page.sort,
        { created_at: [k8sUpgradeTasks.createdAt, k8sUpgradeTasks.id], name: [k8sUpgradeTasks.name] },
        k8sUpgradeTasks.id,
      ),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countTasks(db: Db, f: TaskFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(k8sUpgradeTasks).where(taskWhere(f));
  return row?.n ?? 0;
}

/** Per task: how many clusters are in each status, and the number of batches. */
export async function taskProgress(
  db: Db,
  taskIds: number[],
): Promise<{ taskId: number; status: string; n: number; batches: number }[]> {
  if (!taskIds.length) return [];
  return db
    .select({
      taskId: k8sUpgradeTaskClusters.taskId,
      status: k8sUpgradeTaskClusters.status,
      n: count(),
      batches: sql<number>`max(${k8sUpgradeTaskClusters.batch})::int`,
    })
    .from(k8sUpgradeTaskClusters)
    .where(inArray(k8sUpgradeTaskClusters.taskId, taskIds))
    .groupBy(k8sUpgradeTaskClusters.taskId, k8sUpgradeTaskClusters.status);
}

export async function findTask(db: Db, id: number, forUpdate = false): Promise<TaskRow | undefined> {
  const q = db.select().from(k8sUpgradeTasks).where(eq(k8sUpgradeTasks.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertTask(db: Db, row: typeof k8sUpgradeTasks.$inferInsert): Promise<number> {
  const [r] = await db.insert(k8sUpgradeTasks).values(row).returning({ id: k8sUpgradeTasks.id });
  return r!.id;
}

export async function updateTask(db: Db, id: number, patch: Partial<typeof k8sUpgradeTasks.$inferInsert>) {
  await db
    .update(k8sUpgradeTasks)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(k8sUpgradeTasks.id, id));
}

export async function deleteTask(db: Db, id: number): Promise<void> {
  await db.delete(k8sUpgradeTasks).where(eq(k8sUpgradeTasks.id, id));
}

/** A task's clusters in batch order, with what the task pages show of each. */
export function taskClusters(db: Db, taskId: number) {
  return db
    .select({
      row: k8sUpgradeTaskClusters,
      name: k8sClusters.name,
      provider: k8sClusters.provider,
      region: k8sClusters.region,
      environment: k8sClusters.environment,
      version: k8sClusters.version,
      nodeCount,
      hostedCount,
    })
    .from(k8sUpgradeTaskClusters)
    .innerJoin(k8sClusters, eq(k8sClusters.id, k8sUpgradeTaskClusters.k8sClusterId))
    .where(eq(k8sUpgradeTaskClusters.taskId, taskId))
    .orderBy(asc(k8sUpgradeTaskClusters.batch), asc(k8sUpgradeTaskClusters.position));
}
export type TaskClusterView = Awaited<ReturnType<typeof taskClusters>>[number];

export async function insertTaskClusters(db: Db, rows: (typeof k8sUpgradeTaskClusters.$inferInsert)[]) {
  if (rows.length) await db.insert(k8sUpgradeTaskClusters).values(rows);
}

export async function deleteTaskClusters(db: Db, taskId: number): Promise<void> {
  await db.delete(k8sUpgradeTaskClusters).where(eq(k8sUpgradeTaskClusters.taskId, taskId));
}

export async function findTaskCluster(
  db: Db,
  taskId: number,
  k8sId: number,
  forUpdate = false,
): Promise<TaskClusterRow | undefined> {
  const q = db
    .select()
    .from(k8sUpgradeTaskClusters)
    .where(and(eq(k8sUpgradeTaskClusters.taskId, taskId), eq(k8sUpgradeTaskClusters.k8sClusterId, k8sId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateTaskCluster(
  db: Db,
  taskId: number,
  k8sId: number,
  patch: Partial<typeof k8sUpgradeTaskClusters.$inferInsert>,
): Promise<void> {
  await db
    .update(k8sUpgradeTaskClusters)
    .set(patch)
    .where(and(eq(k8sUpgradeTaskClusters.taskId, taskId), eq(k8sUpgradeTaskClusters.k8sClusterId, k8sId)));
}

/** Marks the task's clusters in `from` status (in batches after `afterBatch`) as `to`, with a reason. */
export async function markClusters(
  db: Db,
  taskId: number,
  from: string,
  to: string,
  reason: string,
  afterBatch = 0,
): Promise<void> {
  await db
    .update(k8sUpgradeTaskClusters)
    .set({ status: to, reason })
    .where(
      and(
        eq(k8sUpgradeTaskClusters.taskId, taskId),
        eq(k8sUpgradeTaskClusters.status, from),
        sql`${k8sUpgradeTaskClusters.batch} > ${afterBatch}`,
      ),
    );
}

/**
 * Of these clusters, those in another open task (draft or running; not excluded there) or whose upgrade by another
 * task still runs: `[k8s name, task id, task status]`.
 */
export async function clustersInOtherTasks(
  db: Db,
  k8sIds: number[],
  taskId: number | null,
): Promise<{ name: string; taskId: number; taskStatus: string }[]> {
  if (!k8sIds.length) return [];
  return db
    .select({ name: k8sClusters.name, taskId: k8sUpgradeTasks.id, taskStatus: k8sUpgradeTasks.status })
    .from(k8sUpgradeTaskClusters)
    .innerJoin(k8sUpgradeTasks, eq(k8sUpgradeTasks.id, k8sUpgradeTaskClusters.taskId))
    .innerJoin(k8sClusters, eq(k8sClusters.id, k8sUpgradeTaskClusters.k8sClusterId))
    .where(
      and(
        inArray(k8sUpgradeTaskClusters.k8sClusterId, k8sIds),
        taskId === null ? undefined : ne(k8sUpgradeTasks.id, taskId),
        or(
          and(
            inArray(k8sUpgradeTasks.status, [...OPEN_K8S_TASK_STATUSES]),
            notInArray(k8sUpgradeTaskClusters.status, ['excluded', 'skipped']),
          ),
          eq(k8sUpgradeTaskClusters.status, 'upgrading'),
        ),
      ),
    )
    .orderBy(asc(k8sClusters.name));
}

/** The clusters auto-generation may pick from: below `belowRank`, in the filters, with their size. */
export function generationCandidates(
  db: Db,
  f: {
    belowRank: number;
    provider?: string | undefined;
    region?: string | undefined;
    environment?: string | undefined;
  },
) {
  return db
    .select({ id: k8sClusters.id, name: k8sClusters.name, environment: k8sClusters.environment, nodeCount })
    .from(k8sClusters)
    .where(
      and(
        sql`${k8sClusters.versionRank} < ${f.belowRank}`,
        f.provider ? eq(k8sClusters.provider, f.provider) : undefined,
        f.region ? eq(k8sClusters.region, f.region) : undefined,
        f.environment ? eq(k8sClusters.environment, f.environment) : undefined,
      ),
    )
    .orderBy(asc(k8sClusters.id));
}
