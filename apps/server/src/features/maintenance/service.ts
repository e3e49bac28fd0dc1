import type { z } from 'zod';
import {
  auditTimeRange,
  canCloseMaintenance,
  executionActionRefusal,
  maintenanceWindowProblem,
  OPEN_EXECUTION_STATUSES,
  type createMaintenanceBody,
  type ExecutionAction,
  type ExecutionStatus,
  type ListResult,
  type Maintenance,
  type MaintenanceDetail,
  type MaintenanceExecution,
  type maintenanceListQuery,
  type MaintenanceStatus,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { enqueueJob } from '../../platform/jobs.js';
import { publishEvent } from '../../platform/events.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import * as repo from './repo.js';

export const AUDIT_TYPE = 'cluster_maintenance';
/** Who acts when the window job or a last execution moves a maintenance. */
export const SYSTEM = 'system';
/** The durable job that opens a maintenance at its schedule time and closes it at its deadline. */
export const WINDOW_JOB = 'maintenance.window';
export const windowJobKey = (id: number | string) => `${WINDOW_JOB}:${id}`;
export interface WindowJobPayload {
  maintenance_id: string;
}

const isOpenExecution = (status: string) => (OPEN_EXECUTION_STATUSES as readonly string[]).includes(status);
/** A time in messages: ISO 8601 UTC to the second. */
export const at = (d: Date) => iso(d).replace(/\.000Z$/, 'Z');
const clustersAre = (ids: readonly string[]) =>
  ids.length === 1 ? `Cluster ${ids[0]} is` : `Clusters ${ids.join(', ')} are`;

// ---------------------------------------------------------------- views

function toExecution(r: repo.ExecutionRow): MaintenanceExecution {
  return {
    id: String(r.id),
    maintenance_id: String(r.maintenanceId),
    cluster_id: r.clusterId,
    cluster_name: r.clusterName,
    status: r.status as ExecutionStatus,
    cancel_reason: r.cancelReason,
    started_at: isoOrNull(r.startedAt),
    ended_at: isoOrNull(r.endedAt),
    operator: r.operator,
  };
}

function toMaintenance(r: repo.MaintenanceView): Maintenance {
  return {
    id: String(r.id),
    project_id: r.projectId,
    project_name: r.projectName,
    tenant_id: r.tenantId,
    schedule_time: iso(r.scheduleTime),
    deadline: iso(r.deadline),
    status: r.status as MaintenanceStatus,
    description: r.description,
    created_by: r.createdBy,
    created_at: iso(r.createdAt),
    closed_at: isoOrNull(r.closedAt),
    close_reason: r.closeReason,
    cluster_ids: r.clusterIds ?? [],
  };
}

function parseId(id: string, code: 'maintenance.notFound' | 'maintenance.executionNotFound'): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError(code);
  return Number(id);
}

export async function getMaintenance(db: Db, id: string, withExecutions = true): Promise<MaintenanceDetail> {
  const n = parseId(id, 'maintenance.notFound');
  const row = await repo.findView(db, n);
  if (!row) throw new AppError('maintenance.notFound');
  const executions = withExecutions ? (await repo.selectExecutions(db, n)).map(toExecution) : [];
  return { ...toMaintenance(row), executions };
}

type ListQuery = z.output<typeof maintenanceListQuery>;
export async function listMaintenances(db: Db, q: ListQuery): Promise<ListResult<Maintenance>> {
  const range = auditTimeRange(q.schedule_from, q.schedule_to);
  const filter: repo.MaintenanceFilter = {
    status: q.status,
    projectId: q.project_id || undefined,
    clusterId: q.cluster_id || undefined,
    scheduleFrom: range.from,
    scheduleBefore: range.before,
  };
  const page = await listPage(
    repo.selectPage(db, filter, { ...pageWindow(q), sort: q.sort }),
    repo.countMaintenances(db, filter),
  );
  return { total: page.total, items: page.items.map(toMaintenance) };
}

// ---------------------------------------------------------------- create

/**
 * Creates a maintenance of a project's clusters with one Pending execution per cluster, and queues its window job
 * (durable: it opens the task at the schedule time and closes it at the deadline, across restarts). Refuses an invalid
 * window (400), clusters of another project or deleted ones (400), and clusters already in another non-closed
 * maintenance whose window overlaps this one (409 `maintenance.overlap`).
 */
export async function createMaintenance(
  db: Db,
  who: string,
  body: z.output<typeof createMaintenanceBody>,
): Promise<string> {
  const email = who.toLowerCase();
  const id = await db.transaction(async (tx) => {
    const now = await repo.dbNow(tx);
    const scheduleTime = new Date(body.schedule_time);
    const deadline = new Date(body.deadline);
    const problem = maintenanceWindowProblem(scheduleTime, deadline, now);
    if (problem)
      throw new AppError('maintenance.invalidWindow', problem.message, [
        { field: `body.${problem.field}`, message: problem.message },
      ]);
    const project = await repo.findProject(tx, body.project_id);
    if (!project) throw new AppError('project.notFound', `Project ${body.project_id} not found`);

    const clusterIds = [...new Set(body.cluster_ids)];
    const found = await repo.lockClusters(tx, clusterIds);
    const byId = new Map(found.map((c) => [c.id, c]));
    const foreign = clusterIds.filter((c) => byId.get(c)?.projectId !== project.id);
    if (foreign.length) {
      const message = `${clustersAre(foreign)} not in project ${project.name} (${project.id}): a maintenance covers clusters of its own project only`;
      throw new AppError('maintenance.clusterNotInProject', message, [{ field: 'body.cluster_ids', message }]);
    }
    const deleted = found.filter((c) => /DELET(ED|ING)$/.test(c.status)).map((c) => c.id);
    if (deleted.length) {
      const message = `${clustersAre(deleted)} deleted or being deleted and cannot be maintained`;
      throw new AppError('maintenance.clusterNotMaintainable', message, [{ field: 'body.cluster_ids', message }]);
    }

    const overlaps = await repo.selectOverlaps(tx, clusterIds, scheduleTime, deadline);
    const first = overlaps[0];
    if (first) {
      const same = overlaps.filter((h) => h.maintenanceId === first.maintenanceId).map((h) => h.clusterId);
      throw new AppError(
        'maintenance.overlap',
        `${clustersAre(same)} already in maintenance ${first.maintenanceId} (${at(first.scheduleTime)} – ${at(first.deadline)}), whose window overlaps this one`,
        {
          maintenance_id: String(first.maintenanceId),
          cluster_ids: same,
          conflicts: overlaps.map((h) => ({ maintenance_id: String(h.maintenanceId), cluster_id: h.clusterId })),
        },
      );
    }

    const n = await repo.insertMaintenance(tx, {
      projectId: project.id,
      tenantId: project.tenantId,
      scheduleTime,
      deadline,
      status: 'Pending',
      description: body.description,
      createdBy: email,
    });
    await repo.insertExecutions(
      tx,
      clusterIds.map((c) => ({ maintenanceId: n, clusterId: c, clusterName: byId.get(c)!.name, status: 'Pending' })),
    );
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: String(n),
      operator: email,
      operation: 'create',
      details: {
        after: {
          status: 'Pending',
          project_id: project.id,
          schedule_time: iso(scheduleTime),
          deadline: iso(deadline),
          cluster_ids: clusterIds,
          description: body.description,
        },
      },
    });
    await scheduleWindowJob(tx, n, scheduleTime);
    // Portal event `maintenance.scheduled` (notification workflows listen), committed with the maintenance.
    await publishEvent(tx, {
      type: 'maintenance.scheduled',
      subjectType: AUDIT_TYPE,
      subjectId: String(n),
      title: `Maintenance ${n} scheduled for project ${project.name}`,
      summary: `${clusterIds.length} cluster${clusterIds.length === 1 ? '' : 's'} (${clusterIds.join(', ')}), ${at(scheduleTime)} – ${at(deadline)}${body.description ? `: ${body.description}` : ''}`,
      link: `/maintenance/${n}`,
      tenantId: project.tenantId,
      clusterIds,
      actor: email,
    });
    return n;
  });
  return String(id);
}

/** Queues (once) the job that moves a maintenance along its window; it reschedules itself until the task closes. */
export async function scheduleWindowJob(tx: Db, id: number, runAt: Date): Promise<void> {
  await enqueueJob(tx, WINDOW_JOB, { maintenance_id: String(id) } satisfies WindowJobPayload, {
    runAt,
    dedupeKey: windowJobKey(id),
    maxAttempts: 20,
  });
}

// ---------------------------------------------------------------- transitions

interface CloseCause {
  /** The close reason kept on the task; cancelled executions carry it too. */
  reason: string;
  trigger: 'user' | 'deadline' | 'executions_done';
}

/**
 * Closes a locked, not yet closed task in the caller's transaction: its executions still Pending or Running are
 * cancelled with the close reason, and one audit row records it all.
 */
async function closeTask(tx: Db, task: repo.MaintenanceRow, operator: string, cause: CloseCause): Promise<void> {
  const now = await repo.dbNow(tx);
  const executions = await repo.selectExecutions(tx, task.id);
  const cancelled = executions.filter((e) => isOpenExecution(e.status));
  const cancelReason = `The maintenance was closed: ${cause.reason}`;
  for (const e of cancelled)
    await repo.updateExecution(tx, e.id, { status: 'Cancelled', cancelReason, endedAt: now, operator });
  await repo.updateMaintenance(tx, task.id, { status: 'Closed', closedAt: now, closeReason: cause.reason });
  await writeAudit(tx, {
    type: AUDIT_TYPE,
    instanceId: String(task.id),
    operator,
    operation: 'close',
    details: {
      trigger: cause.trigger,
      before: { status: task.status },
      after: { status: 'Closed', close_reason: cause.reason },
      cancelled_executions: cancelled.map((e) => ({
        id: String(e.id),
        cluster_id: e.clusterId,
        before: { status: e.status },
        after: { status: 'Cancelled', cancel_reason: cancelReason },
      })),
    },
  });
}

const VERB: Record<ExecutionAction, string> = { start: 'started', finish: 'finished', cancel: 'cancelled' };
const ALLOWED_FROM: Record<ExecutionAction, string> = {
  start: 'only a Pending execution can be',
  finish: 'only a Running execution can be',
  cancel: 'only a Pending or Running execution can be',
};
const AFTER: Record<ExecutionAction, ExecutionStatus> = { start: 'Running', finish: 'Finished', cancel: 'Cancelled' };

/**
 * Start, finish or cancel one execution (spec §4), refused with 409 outside the contract's state tables. When it was
 * the last execution still to do, the maintenance closes with it.
 */
export async function executionAction(
  db: Db,
  id: string,
  executionId: string,
  action: ExecutionAction,
  who: string,
  reason?: string,
): Promise<void> {
  const n = parseId(id, 'maintenance.notFound');
  const e = parseId(executionId, 'maintenance.executionNotFound');
  const email = who.toLowerCase();
  await db.transaction(async (tx) => {
    const task = await repo.lockMaintenance(tx, n);
    if (!task) throw new AppError('maintenance.notFound');
    const executions = await repo.selectExecutions(tx, n);
    const execution = executions.find((x) => x.id === e);
    if (!execution) throw new AppError('maintenance.executionNotFound');
    const refusal = executionActionRefusal(action, task.status, execution.status);
    if (refusal === 'alreadyClosed')
      throw new AppError('maintenance.alreadyClosed', `Maintenance ${id} is already Closed`);
    if (refusal === 'taskNotRunning')
      throw new AppError(
        'maintenance.taskNotRunning',
        `Execution ${executionId} cannot be ${VERB[action]}: maintenance ${id} is ${task.status}, and an execution can be started only while the maintenance is Running (from its schedule time ${at(task.scheduleTime)})`,
      );
    if (refusal === 'executionStatusForbids')
      throw new AppError(
        'maintenance.executionStatusForbids',
        `Execution ${executionId} is ${execution.status} and cannot be ${VERB[action]}: ${ALLOWED_FROM[action]} ${VERB[action]}`,
      );

    const now = await repo.dbNow(tx);
    const status = AFTER[action];
    const cancelReason = action === 'cancel' ? reason || `Cancelled by ${email}` : null;
    await repo.updateExecution(tx, e, {
      status,
      operator: email,
      ...(action === 'start' ? { startedAt: now } : { endedAt: now }),
      ...(action === 'cancel' ? { cancelReason } : {}),
    });
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: id,
      operator: email,
      operation: `${action}_execution`,
      details: {
        execution_id: executionId,
        cluster_id: execution.clusterId,
        before: { status: execution.status },
        after: { status, ...(action === 'cancel' ? { cancel_reason: cancelReason } : {}) },
      },
    });
    const stillToDo = executions.some((x) => x.id !== e && isOpenExecution(x.status)) || isOpenExecution(status);
    if (!stillToDo)
      await closeTask(tx, task, SYSTEM, {
        reason: 'every execution is finished or cancelled',
        trigger: 'executions_done',
      });
  });
}

/** Close the Maintenance (spec §2, §4): allowed unless already Closed. */
export async function closeMaintenance(db: Db, id: string, who: string, reason?: string): Promise<void> {
  const n = parseId(id, 'maintenance.notFound');
  const email = who.toLowerCase();
  await db.transaction(async (tx) => {
    const task = await repo.lockMaintenance(tx, n);
    if (!task) throw new AppError('maintenance.notFound');
    if (!canCloseMaintenance(task.status))
      throw new AppError('maintenance.alreadyClosed', `Maintenance ${id} is already Closed`);
    await closeTask(tx, task, email, { reason: reason || `Closed by ${email}`, trigger: 'user' });
  });
}

/**
 * The window job: Pending → Running once the schedule time has come, Closed at the deadline (by the database's clock,
 * the one that made the job due). Until the task is closed it reschedules itself for its next moment.
 */
export async function onWindowJob(tx: Db, payload: WindowJobPayload): Promise<{ rerunAt?: Date } | void> {
  if (!/^\d{1,15}$/.test(payload?.maintenance_id ?? '')) return;
  const task = await repo.lockMaintenance(tx, Number(payload.maintenance_id));
  if (!task || task.status === 'Closed') return;
  const now = await repo.dbNow(tx);
  if (now >= task.deadline) {
    await closeTask(tx, task, SYSTEM, {
      reason: `the maintenance window ended at its deadline ${at(task.deadline)}`,
      trigger: 'deadline',
    });
    return;
  }
  if (task.status === 'Pending') {
    if (now < task.scheduleTime) return { rerunAt: task.scheduleTime };
    await repo.updateMaintenance(tx, task.id, { status: 'Running' });
    await writeAudit(tx, {
      type: AUDIT_TYPE,
      instanceId: String(task.id),
      operator: SYSTEM,
      operation: 'open_window',
      details: { before: { status: 'Pending' }, after: { status: 'Running' }, schedule_time: iso(task.scheduleTime) },
    });
  }
  return { rerunAt: task.deadline };
}
