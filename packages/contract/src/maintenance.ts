import { z } from 'zod';
import { route } from './api.js';
import { auditTimeRange } from './audits.js';
import { listQuery, listResult, repeated } from './list.js';

/*
 * Cluster maintenances (spec §2 Maintenance detail, §3 Maintenance, §4 Maintenance, §7 cluster/maintenances, §8): a
 * maintenance window of one project's clusters, with one execution per cluster that the SRE starts, finishes or
 * cancels. The task opens (Pending → Running) at its schedule time and closes at its deadline by itself; while its
 * window is open, other automation (configuration-change apply, release deploy, Kubernetes upgrades) leaves its
 * clusters alone.
 */

// ---- state machines (spec §4) ----------------------------------------------------------------------------------
export const MAINTENANCE_STATUSES = ['Pending', 'Running', 'Closed'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const EXECUTION_STATUSES = ['Pending', 'Running', 'Finished', 'Cancelled'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const EXECUTION_ACTIONS = ['start', 'finish', 'cancel'] as const;
export type ExecutionAction = (typeof EXECUTION_ACTIONS)[number];
export type MaintenanceAction = ExecutionAction | 'close';

/**
 * What a task in each status allows: closing it, and which actions its executions may take (spec §4: an execution
 * starts only while the task is Running; the maintenance can be closed unless it is already Closed).
 */
export const MAINTENANCE_ACTIONS: Record<MaintenanceStatus, readonly MaintenanceAction[]> = {
  Pending: ['close', 'finish', 'cancel'],
  Running: ['close', 'start', 'finish', 'cancel'],
  Closed: [],
};
/** What an execution in each status allows (spec §4: start Pending; finish Running; cancel Running or Pending). */
export const EXECUTION_STATUS_ACTIONS: Record<ExecutionStatus, readonly ExecutionAction[]> = {
  Pending: ['start', 'cancel'],
  Running: ['finish', 'cancel'],
  Finished: [],
  Cancelled: [],
};
/** Executions still to do: they keep their cluster inside the window and are cancelled when the task closes. */
export const OPEN_EXECUTION_STATUSES = ['Pending', 'Running'] as const satisfies readonly ExecutionStatus[];

/**
 * Why an execution action is refused (the server's error code after `maintenance.`), or null when it is allowed: a
 * closed task first, then the execution's own status, then the task's (only start needs a Running task).
 */
export function executionActionRefusal(
  action: ExecutionAction,
  task: string,
  execution: string,
): 'alreadyClosed' | 'taskNotRunning' | 'executionStatusForbids' | null {
  if (task === 'Closed') return 'alreadyClosed';
  if (!(EXECUTION_STATUS_ACTIONS[execution as ExecutionStatus] ?? []).includes(action)) return 'executionStatusForbids';
  if (!(MAINTENANCE_ACTIONS[task as MaintenanceStatus] ?? []).includes(action)) return 'taskNotRunning';
  return null;
}
export const canExecutionAction = (action: ExecutionAction, task: string, execution: string): boolean =>
  executionActionRefusal(action, task, execution) === null;
export const canCloseMaintenance = (status: string): boolean =>
  (MAINTENANCE_ACTIONS[status as MaintenanceStatus] ?? []).includes('close');

// ---- messages (spec §8, verbatim) ------------------------------------------------------------------------------
export const MAINTENANCE_MESSAGES = {
  start: { success: 'start the execution successfully', failure: 'fail to start the execution' },
  finish: { success: 'finish the execution successfully', failure: 'fail to finish the execution' },
  cancel: { success: 'cancel the execution successfully', failure: 'fail to cancel the execution' },
  close: { success: 'close the maintenance successfully', failure: 'fail to close the maintenance' },
} as const satisfies Record<MaintenanceAction, { success: string; failure: string }>;

/** The browser confirmations before each action (spec §8 "browser confirmations"; the wording is ours). */
export const MAINTENANCE_CONFIRMATIONS = {
  start: (executionId: string, clusterId: string) => `Start execution ${executionId} on cluster ${clusterId}?`,
  finish: (executionId: string, clusterId: string) => `Finish execution ${executionId} on cluster ${clusterId}?`,
  cancel: (executionId: string, clusterId: string) =>
    `Cancel execution ${executionId} on cluster ${clusterId}? Reason (optional):`,
  close: (id: string) =>
    `Close maintenance ${id}? Executions not finished yet are cancelled, and its clusters leave the window.`,
} as const;

// ---- the window (create) ---------------------------------------------------------------------------------------
/** A schedule time this far in the past still counts as "now" (the time it took to fill the form). */
export const SCHEDULE_GRACE_MS = 15 * 60_000;
/** The longest window: other automation waits for a window's clusters, so a window cannot hold them indefinitely. */
export const MAX_WINDOW_DAYS = 30;

export const MAINTENANCE_FIELD_MESSAGES = {
  projectRequired: 'project is required',
  scheduleRequired: 'schedule time is required',
  deadlineRequired: 'deadline is required',
  clustersRequired: 'choose at least one cluster',
  deadlineBeforeSchedule: 'the deadline must be after the schedule time',
  scheduleInPast: 'the schedule time must not be more than 15 minutes in the past',
  windowTooLong: `a maintenance window must not be longer than ${MAX_WINDOW_DAYS} days`,
} as const;

/** The first problem of a window, with the field it belongs to; undefined when the window is acceptable. */
export function maintenanceWindowProblem(
  scheduleTime: Date,
  deadline: Date,
  now: Date,
): { field: 'schedule_time' | 'deadline'; message: string } | undefined {
  const m = MAINTENANCE_FIELD_MESSAGES;
  if (scheduleTime.getTime() < now.getTime() - SCHEDULE_GRACE_MS)
    return { field: 'schedule_time', message: m.scheduleInPast };
  if (deadline.getTime() <= scheduleTime.getTime()) return { field: 'deadline', message: m.deadlineBeforeSchedule };
  if (deadline.getTime() - scheduleTime.getTime() > MAX_WINDOW_DAYS * 86_400_000)
    return { field: 'deadline', message: m.windowTooLong };
  return undefined;
}

// ---- entities (spec §3 Maintenance) ----------------------------------------------------------------------------
export const maintenanceExecutionSchema = z.object({
  id: z.string(),
  maintenance_id: z.string(),
  cluster_id: z.string(),
  /** The cluster's name when it was added (the cluster page has the rest). */
  cluster_name: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  cancel_reason: z.string().nullable(),
  started_at: z.string().nullable(),
  /** When it was finished or cancelled. */
  ended_at: z.string().nullable(),
  /** Who last acted on it (the system when the task closed it). */
  operator: z.string().nullable(),
});
export type MaintenanceExecution = z.infer<typeof maintenanceExecutionSchema>;

export const maintenanceSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  tenant_id: z.string(),
  schedule_time: z.string(),
  deadline: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  description: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  close_reason: z.string().nullable(),
  /** Its executions' clusters, in execution order. */
  cluster_ids: z.array(z.string()),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;
export const maintenanceDetailSchema = maintenanceSchema.extend({ executions: z.array(maintenanceExecutionSchema) });
export type MaintenanceDetail = z.infer<typeof maintenanceDetailSchema>;

// ---- requests ----------------------------------------------------------------------------------------------------
const maintenanceId = z.string().trim().min(1).max(64);
// Marked pure for the web build, which cannot tell that `z.iso.…()` has no side effects (apps/web/vite.config.ts).
const isoTime = /* @__PURE__ */ z.iso.datetime({ offset: true, error: 'an ISO 8601 time, e.g. 2026-11-24T10:00:00Z' });
const utcDateOrTime = /* @__PURE__ */ z.union([/* @__PURE__ */ z.iso.date(), isoTime], {
  error: 'a UTC date (YYYY-MM-DD) or an ISO 8601 time',
});

/** GET /cluster/maintenances: by status (repeated), project, cluster and schedule time; 10 per page (spec §9). */
export const maintenanceListQuery = listQuery(
  {
    status: repeated(z.enum(MAINTENANCE_STATUSES)),
    project_id: z.string().trim().max(64).optional(),
    /** Only the maintenances with an execution on this cluster (the cluster page's Maintenance tab). */
    cluster_id: z.string().trim().max(64).optional(),
    /** Schedule time at or after: a UTC day (from its 00:00Z) or an ISO time. */
    schedule_from: utcDateOrTime.optional(),
    /** Schedule time at or before: a UTC day (the whole day) or an ISO time. */
    schedule_to: utcDateOrTime.optional(),
  },
  ['schedule_time', 'created_at'],
  '-schedule_time',
).refine(
  (q) => {
    const { from, before } = auditTimeRange(q.schedule_from, q.schedule_to);
    return !from || !before || from < before;
  },
  { message: 'must not be before schedule_from', path: ['schedule_to'] },
);
export type MaintenanceListQuery = z.input<typeof maintenanceListQuery>;
export const maintenanceList = listResult(maintenanceSchema);

const F = MAINTENANCE_FIELD_MESSAGES;
export const createMaintenanceBody = z.object({
  project_id: z.string({ error: F.projectRequired }).trim().min(1, F.projectRequired).max(64),
  schedule_time: z.string({ error: F.scheduleRequired }).min(1, F.scheduleRequired).pipe(isoTime),
  deadline: z.string({ error: F.deadlineRequired }).min(1, F.deadlineRequired).pipe(isoTime),
  cluster_ids: z
    .array(z.string().trim().min(1).max(64), { error: F.clustersRequired })
    .min(1, F.clustersRequired)
    .max(100),
  description: z.string().trim().max(1000).default(''),
});
export type CreateMaintenanceBody = z.input<typeof createMaintenanceBody>;

export const maintenanceDetailQuery = z.object({
  /** Spec §7 "get with executions": false leaves them out (an empty list). */
  with_executions: z.enum(['true', 'false']).default('true'),
});
export const cancelExecutionBody = z
  .object({ reason: z.string().trim().max(500).optional() })
  .default({ reason: undefined });
export const closeMaintenanceBody = z
  .object({ reason: z.string().trim().max(500).optional() })
  .default({ reason: undefined });

const idParams = z.object({ id: maintenanceId });
const executionParams = z.object({ id: maintenanceId, execution_id: maintenanceId });
const BASE = '/api/v1/devops/cluster/maintenances';

/** Cluster maintenances (spec §7 cluster/maintenances). */
export const maintenanceApi = {
  list: route({
    method: 'GET',
    path: BASE,
    access: 'maintenance.read',
    query: maintenanceListQuery,
    response: maintenanceList,
  }),
  create: route({
    method: 'POST',
    path: BASE,
    access: 'maintenance.write',
    status: 201,
    body: createMaintenanceBody,
    response: maintenanceDetailSchema,
  }),
  detail: route({
    method: 'GET',
    path: `${BASE}/:id`,
    access: 'maintenance.read',
    params: idParams,
    query: maintenanceDetailQuery,
    response: maintenanceDetailSchema,
  }),
  close: route({
    method: 'POST',
    path: `${BASE}/:id/close`,
    access: 'maintenance.write',
    params: idParams,
    body: closeMaintenanceBody,
    response: maintenanceDetailSchema,
  }),
  start: route({
    method: 'POST',
    path: `${BASE}/:id/executions/:execution_id/start`,
    access: 'maintenance.write',
    params: executionParams,
    response: maintenanceDetailSchema,
  }),
  finish: route({
    method: 'POST',
    path: `${BASE}/:id/executions/:execution_id/finish`,
    access: 'maintenance.write',
    params: executionParams,
    response: maintenanceDetailSchema,
  }),
  cancel: route({
    method: 'POST',
    path: `${BASE}/:id/executions/:execution_id/cancel`,
    access: 'maintenance.write',
    params: executionParams,
    body: cancelExecutionBody,
    response: maintenanceDetailSchema,
  }),
};
