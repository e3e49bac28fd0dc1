import { and, asc, count, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { OPEN_EXECUTION_STATUSES, type maintenanceListQuery } from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { listOrder } from '../../platform/list-query.js';
import { clusters, projects } from '../orgs/index.js';
import { clusterMaintenanceExecutions as executions, clusterMaintenances as maintenances } from './schema.js';

export type MaintenanceRow = typeof maintenances.$inferSelect;
export type ExecutionRow = typeof executions.$inferSelect;
/** A maintenance as the API shows it: its row, its project's name and its executions' clusters. */
export type MaintenanceView = MaintenanceRow & { projectName: string; clusterIds: string[] };

/** The database's clock: every window decision compares with it, so app and job runner agree on "now". */
export async function dbNow(db: Db): Promise<Date> {
  const rows = (await db.execute(sql`select now() as now`)) as unknown as { rows: { now: string | Date }[] };
  return new Date(rows.rows[0]!.now);
}

// ---------------------------------------------------------------- reads

const clusterIdsOf = sql<string[]>`coalesce((
  select array_agg(e.cluster_id order by e.id) from ${executions} e where e.maintenance_id = ${maintenances.id}
), '{}')`;

function selectView(db: Db) {
  return db
    .select({
      id: maintenances.id,
      projectId: maintenances.projectId,
      tenantId: maintenances.tenantId,
      scheduleTime: maintenances.scheduleTime,
      deadline: maintenances.deadline,
      status: maintenances.status,
      description: maintenances.description,
      createdBy: maintenances.createdBy,
      createdAt: maintenances.createdAt,
      updatedAt: maintenances.updatedAt,
      closedAt: maintenances.closedAt,
      closeReason: maintenances.closeReason,
      projectName: sql<string>`coalesce(${projects.name}, '')`,
      clusterIds: clusterIdsOf,
    })
    .from(maintenances)
    .leftJoin(projects, eq(projects.id, maintenances.projectId));
}

export async function findView(db: Db, id: number): Promise<MaintenanceView | undefined> {
  const [row] = await selectView(db).where(eq(maintenances.id, id)).limit(1);
  return row;
}

/** The maintenance row, locked for the caller's transaction (every transition goes through this lock). */
export async function lockMaintenance(db: Db, id: number): Promise<MaintenanceRow | undefined> {
  const [row] = await db.select().from(maintenances).where(eq(maintenances.id, id)).limit(1).for('update');
  return row;
}

export function selectExecutions(db: Db, maintenanceId: number): Promise<ExecutionRow[]> {
  return db.select().from(executions).where(eq(executions.maintenanceId, maintenanceId)).orderBy(asc(executions.id));
}

export interface MaintenanceFilter {
  status?: string[] | undefined;
  projectId?: string | undefined;
  clusterId?: string | undefined;
  scheduleFrom?: Date | undefined;
  /** Exclusive upper bound of the schedule time. */
  scheduleBefore?: Date | undefined;
}

function where(f: MaintenanceFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.status?.length) c.push(inArray(maintenances.status, f.status));
  if (f.projectId) c.push(eq(maintenances.projectId, f.projectId));
  if (f.clusterId)
    c.push(
      inArray(maintenances.id, sql`(select e.maintenance_id from ${executions} e where e.cluster_id = ${f.clusterId})`),
    );
  if (f.scheduleFrom) c.push(gte(maintenances.scheduleTime, f.scheduleFrom));
  if (f.scheduleBefore) c.push(lt(maintenances.scheduleTime, f.scheduleBefore));
  return c.length ? and(...c) : undefined;
}

type ListQuery = z.output<typeof maintenanceListQuery>;

export function selectPage(
  db: Db,
  f: MaintenanceFilter,
  page: { limit: number; offset: number; sort: ListQuery['sort'] },
): Promise<MaintenanceView[]> {
  return selectView(db)
    .where(where(f))
    .orderBy(
      ...listOrder(
        page.sort,
        { schedule_time: maintenances.scheduleTime, created_at: maintenances.createdAt },
        maintenances.id,
      ),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMaintenances(db: Db, f: MaintenanceFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(maintenances).where(where(f));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- clusters of a new maintenance

export async function findProject(db: Db, id: string) {
  const [row] = await db
    .select({ id: projects.id, tenantId: projects.tenantId, name: projects.name })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}

/**
 * The clusters asked for, locked (`FOR NO KEY UPDATE`, in id order) so that two maintenances of the same cluster are
 * created one after the other and the second sees the first; the window guard's `FOR SHARE` waits for it too.
 */
export function lockClusters(db: Db, ids: string[]) {
  return db
    .select({ id: clusters.id, name: clusters.name, projectId: clusters.projectId, status: clusters.status })
    .from(clusters)
    .where(inArray(clusters.id, ids))
    .orderBy(asc(clusters.id))
    .for('no key update');
}

/** Rows that conflict with a window: a non-closed maintenance with an execution still to do on one of `clusterIds`. */
export interface WindowHit {
  maintenanceId: number;
  scheduleTime: Date;
  deadline: Date;
  clusterId: string;
}

/** Non-closed maintenances overlapping [from, to) that still have work to do on one of the clusters. */
export function selectOverlaps(db: Db, clusterIds: string[], from: Date, to: Date): Promise<WindowHit[]> {
  return db
    .select({
      maintenanceId: maintenances.id,
      scheduleTime: maintenances.scheduleTime,
      deadline: maintenances.deadline,
      clusterId: executions.clusterId,
    })
    .from(executions)
    .innerJoin(maintenances, eq(maintenances.id, executions.maintenanceId))
    .where(
      and(
        inArray(executions.clusterId, clusterIds),
        inArray(executions.status, [...OPEN_EXECUTION_STATUSES]),
        ne(maintenances.status, 'Closed'),
        lt(maintenances.scheduleTime, to),
        sql`${maintenances.deadline} > ${from}`,
      ),
    )
    .orderBy(asc(maintenances.scheduleTime), asc(maintenances.id), asc(executions.clusterId));
}

/**
 * Open windows (not Closed, schedule_time ≤ now < deadline) holding one of the clusters with an execution still to
 * do, by the database's clock; the earliest deadline first.
 */
export function selectOpenWindows(db: Db, clusterIds: readonly string[], exceptMaintenance?: number) {
  return db
    .select({
      maintenanceId: maintenances.id,
      scheduleTime: maintenances.scheduleTime,
      deadline: maintenances.deadline,
      clusterId: executions.clusterId,
    })
    .from(executions)
    .innerJoin(maintenances, eq(maintenances.id, executions.maintenanceId))
    .where(
      and(
        inArray(executions.clusterId, [...clusterIds]),
        inArray(executions.status, [...OPEN_EXECUTION_STATUSES]),
        ne(maintenances.status, 'Closed'),
        lte(maintenances.scheduleTime, sql`now()`),
        sql`${maintenances.deadline} > now()`,
        exceptMaintenance === undefined ? undefined : ne(maintenances.id, exceptMaintenance),
      ),
    )
    .orderBy(asc(maintenances.deadline), asc(maintenances.id), asc(executions.clusterId));
}

/** Takes `FOR SHARE` locks on clusters (the guard), so a maintenance being created for them commits first. */
export async function shareLockClusters(db: Db, ids: readonly string[]): Promise<void> {
  await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(inArray(clusters.id, [...ids]))
    .orderBy(asc(clusters.id))
    .for('share');
}

// ---------------------------------------------------------------- writes

export async function insertMaintenance(db: Db, row: typeof maintenances.$inferInsert): Promise<number> {
  const [r] = await db.insert(maintenances).values(row).returning({ id: maintenances.id });
  return r!.id;
}

export async function insertExecutions(db: Db, rows: (typeof executions.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(executions).values(rows);
}

export async function updateMaintenance(
  db: Db,
  id: number,
  patch: Partial<typeof maintenances.$inferInsert>,
): Promise<void> {
  await db
    .update(maintenances)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(maintenances.id, id));
}

export async function updateExecution(
  db: Db,
  id: number,
  patch: Partial<typeof executions.$inferInsert>,
): Promise<void> {
  await db
    .update(executions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(executions.id, id));
}
