import { z } from 'zod';
import { route } from './api.js';
import { CLOUD_PROVIDERS } from './constants.js';
import { listQuery, listResult, repeated } from './list.js';
import { operationDetailSchema } from './operations.js';

/*
 * Kubernetes infrastructure and upgrade tasks (issue 12; spec §2 /infraInformation, /k8sUpgradeTask, §4 "k8s upgrade
 * tasks: submit, close, cancel, exclude, delete", §7 "cluster: k8sInfos; k8sUpgradeTasks (CRUD, submit, close,
 * cancel, exclude, autoGeneration)"). The fleet of Kubernetes clusters the tenant clusters run on (k8s_name, provider,
 * region, version, node pools, hosted tenant clusters), and tasks that upgrade them batch by batch: each k8s cluster
 * of a running batch is upgraded by its own operation (`k8s_upgrade.cluster`, target type `k8s_cluster`, target id
 * the k8s name); the next batch starts when every upgrade of the current one has ended, and a batch with a failed
 * upgrade fails the task and skips the later batches.
 */

// ---- versions -------------------------------------------------------------------------------------------------
/** The Kubernetes minor versions the platform runs and may upgrade to (oldest first). */
export const K8S_VERSIONS = ['1.27', '1.28', '1.29', '1.30', '1.31'] as const;
export type K8sVersion = (typeof K8S_VERSIONS)[number];

/** Orders two `major.minor` versions numerically (`1.9` < `1.10`): negative, 0 or positive. */
export function compareK8sVersions(a: string, b: string): number {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am - bm || an - bn;
}

/**
 * The minor versions a cluster passes through from `from` to `to` (exclusive of `from`): the control plane moves one
 * minor version at a time (the Kubernetes version-skew policy), so 1.27 → 1.30 is 1.28, 1.29, 1.30.
 */
export function k8sUpgradePath(from: string, to: string): string[] {
  const [major = 1, minor = 0] = from.split('.').map(Number);
  const [, last = 0] = to.split('.').map(Number);
  const path: string[] = [];
  for (let m = minor + 1; m <= last && compareK8sVersions(`${major}.${m}`, to) <= 0; m++) path.push(`${major}.${m}`);
  return path;
}

// ---- the fleet -----------------------------------------------------------------------------------------------
/** Which stage a k8s cluster serves: auto-generated tasks upgrade dev first, then staging, then prod. */
export const K8S_ENVIRONMENTS = ['dev', 'staging', 'prod'] as const;
export type K8sEnvironment = (typeof K8S_ENVIRONMENTS)[number];

export const NODE_POOL_STATUSES = ['healthy', 'unhealthy'] as const;
export type NodePoolStatus = (typeof NODE_POOL_STATUSES)[number];
/** A cluster is degraded while one of its node pools is unhealthy (an upgrade's pre-check then fails). */
export const K8S_HEALTH = ['healthy', 'degraded'] as const;
export type K8sHealth = (typeof K8S_HEALTH)[number];
export const K8S_HEALTH_COLORS: Record<K8sHealth, string> = { healthy: 'success', degraded: 'error' };

/** A k8s cluster's name: what `/infraInformation/{k8s_name}` carries. */
export const k8sName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'a k8s cluster name is lower-case letters, digits and dashes');

export const nodePoolSchema = z.object({
  name: z.string(),
  instance_type: z.string(),
  node_count: z.number().int(),
  version: z.string(),
  status: z.enum(NODE_POOL_STATUSES),
  /** Why the pool is unhealthy (null when healthy). */
  message: z.string().nullable(),
});
export type NodePool = z.infer<typeof nodePoolSchema>;

/**
 * The open upgrade task (draft or running, unless excluded there) a k8s cluster is in, or the task whose upgrade of it
 * is still running: such a cluster cannot go into another task.
 */
export const k8sOpenTaskSchema = z.object({
  task_id: z.string(),
  name: z.string(),
  status: z.string(),
  /** The cluster's status inside that task (K8S_CLUSTER_STATUSES). */
  cluster_status: z.string(),
});

export const k8sInfoSchema = z.object({
  name: z.string(),
  provider: z.enum(CLOUD_PROVIDERS),
  region: z.string(),
  environment: z.enum(K8S_ENVIRONMENTS),
  /** The control plane's version. */
  version: z.string(),
  health: z.enum(K8S_HEALTH),
  node_pool_count: z.number().int(),
  node_count: z.number().int(),
  hosted_cluster_count: z.number().int(),
  open_task: k8sOpenTaskSchema.nullable(),
  created_at: z.string(),
});
export type K8sInfo = z.infer<typeof k8sInfoSchema>;

/** A tenant cluster a k8s cluster hosts: links to /orgs/{tenant_id}/clusters/{id}. */
export const hostedClusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  cluster_type: z.string(),
  version: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  project_id: z.string(),
});
export type HostedCluster = z.infer<typeof hostedClusterSchema>;

/** One upgrade of a k8s cluster by a task (newest first on the detail page). */
export const k8sUpgradeHistorySchema = z.object({
  task_id: z.string(),
  task_name: z.string(),
  task_status: z.string(),
  batch: z.number().int(),
  status: z.string(),
  from_version: z.string(),
  to_version: z.string(),
  operation_id: z.string().nullable(),
  reason: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type K8sUpgradeHistory = z.infer<typeof k8sUpgradeHistorySchema>;

export const k8sInfoDetailSchema = k8sInfoSchema.extend({
  node_pools: z.array(nodePoolSchema),
  hosted_clusters: z.array(hostedClusterSchema),
  upgrade_history: z.array(k8sUpgradeHistorySchema),
});
export type K8sInfoDetail = z.infer<typeof k8sInfoDetailSchema>;

export const k8sInfoListQuery = listQuery(
  {
    provider: repeated(z.enum(CLOUD_PROVIDERS)),
    region: z.string().trim().max(64).optional(),
    version: repeated(
      z
        .string()
        .trim()
        .regex(/^\d{1,2}\.\d{1,3}$/, 'a version looks like 1.29'),
    ),
    environment: repeated(z.enum(K8S_ENVIRONMENTS)),
    /** Part of the k8s name. */
    search: z.string().trim().max(100).optional(),
  },
  ['name', 'version', 'created_at'],
  'name',
);
export type K8sInfoListQuery = z.input<typeof k8sInfoListQuery>;

// ---- upgrade tasks: states and actions (spec §4) ----------------------------------------------------------------
/**
 * draft → (submit) running → succeeded | failed; draft | running → (cancel) cancelled; succeeded | failed |
 * cancelled → (close) closed; draft | closed → (delete) gone. Cancelling a running task starts no further batch;
 * the upgrades already running finish (a control-plane upgrade is not interrupted) and their results are recorded.
 */
export const K8S_TASK_STATUSES = ['draft', 'running', 'succeeded', 'failed', 'cancelled', 'closed'] as const;
export type K8sTaskStatus = (typeof K8S_TASK_STATUSES)[number];
export const K8S_TASK_ACTIONS = ['edit', 'submit', 'cancel', 'close', 'exclude', 'delete'] as const;
export type K8sTaskAction = (typeof K8S_TASK_ACTIONS)[number];
/**
 * Which actions each task status allows: the server enforces it (409 `k8sUpgrade.actionNotAllowed`), the web enables
 * its buttons from it.
 */
export const K8S_TASK_STATE_ACTIONS: Record<K8sTaskStatus, readonly K8sTaskAction[]> = {
  draft: ['edit', 'submit', 'cancel', 'exclude', 'delete'],
  running: ['cancel', 'exclude'],
  succeeded: ['close'],
  failed: ['close'],
  cancelled: ['close'],
  closed: ['delete'],
};
export const canDoOnK8sTask = (status: string, action: K8sTaskAction): boolean =>
  K8S_TASK_STATE_ACTIONS[status as K8sTaskStatus]?.includes(action) ?? false;
/** A k8s cluster is in at most one task with one of these statuses (not counting one it is excluded from). */
export const OPEN_K8S_TASK_STATUSES = ['draft', 'running'] as const satisfies readonly K8sTaskStatus[];
export const K8S_TASK_STATUS_COLORS: Record<K8sTaskStatus, string> = {
  draft: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
  closed: 'default',
};

/** A k8s cluster inside a task. Only a `pending` one can be excluded. */
export const K8S_CLUSTER_STATUSES = ['pending', 'upgrading', 'succeeded', 'failed', 'excluded', 'skipped'] as const;
export type K8sClusterStatus = (typeof K8S_CLUSTER_STATUSES)[number];
export const canExcludeK8sCluster = (taskStatus: string, clusterStatus: string): boolean =>
  canDoOnK8sTask(taskStatus, 'exclude') && clusterStatus === 'pending';
export const K8S_CLUSTER_STATUS_COLORS: Record<K8sClusterStatus, string> = {
  pending: 'default',
  upgrading: 'processing',
  succeeded: 'success',
  failed: 'error',
  excluded: 'warning',
  skipped: 'default',
};

/** A batch's status, derived from its clusters'. */
export const K8S_BATCH_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'skipped'] as const;
export type K8sBatchStatus = (typeof K8S_BATCH_STATUSES)[number];
export function k8sBatchStatus(statuses: readonly string[]): K8sBatchStatus {
  if (statuses.includes('upgrading')) return 'running';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('pending')) return 'pending';
  if (statuses.includes('succeeded')) return 'succeeded';
  return 'skipped';
}

/**
 * How a cluster's upgrade ends: `automatic` verifies and moves on; `manual` waits at the step "Confirm the workloads
 * are healthy" of each cluster's operation until an operator finishes it on /operations/{id} (a human gate for prod).
 */
export const K8S_VERIFICATIONS = ['automatic', 'manual'] as const;
export type K8sVerification = (typeof K8S_VERIFICATIONS)[number];

/** The operation type of one cluster's upgrade, and what it targets (operations link back by target type). */
export const K8S_UPGRADE_OPERATION = 'k8s_upgrade.cluster';
export const K8S_OPERATION_TARGET_TYPE = 'k8s_cluster';

// ---- messages (used by both sides; the spec quotes none for this area) ----------------------------------------
export const K8S_MESSAGES = {
  nameRequired: 'task name is required',
  targetVersionRequired: 'target version is required',
  batchesRequired: 'add at least one batch',
  batchEmpty: 'a batch needs at least one k8s cluster',
  duplicateCluster: (name: string) => `${name} is in more than one batch`,
  excludeReasonRequired: 'a reason is required to exclude a k8s cluster',
  belowAboveTarget: 'the "below version" cannot be above the target version',
  submitted: 'Successfully Submit',
  cancelled: 'Successfully Cancel',
  closed: 'Successfully Close',
  excluded: 'Successfully Exclude',
  deleted: 'Successfully Delete',
  created: 'Create successful!',
  saved: 'Save successful!',
  cancelConfirm:
    'Cancel this upgrade task? No further batch starts; upgrades already running finish and their results are kept.',
  deleteConfirm: 'Delete this upgrade task? Its audit logs stay.',
} as const;

// ---- upgrade tasks: shapes --------------------------------------------------------------------------------------
export const k8sTaskClusterSchema = z.object({
  k8s_name: z.string(),
  provider: z.enum(CLOUD_PROVIDERS),
  region: z.string(),
  environment: z.enum(K8S_ENVIRONMENTS),
  /** 1-based batch number, and the place inside the batch. */
  batch: z.number().int(),
  position: z.number().int(),
  status: z.enum(K8S_CLUSTER_STATUSES),
  /** The version when the task was created (updated when its upgrade starts). */
  from_version: z.string(),
  /** The cluster's control-plane version now. */
  current_version: z.string(),
  node_count: z.number().int(),
  hosted_cluster_count: z.number().int(),
  operation_id: z.string().nullable(),
  /** Why it was excluded, failed or skipped. */
  reason: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type K8sTaskCluster = z.infer<typeof k8sTaskClusterSchema>;

/** How many of a task's clusters are in each status. */
export const k8sTaskProgressSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  upgrading: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  excluded: z.number().int(),
  skipped: z.number().int(),
});
export type K8sTaskProgress = z.infer<typeof k8sTaskProgressSchema>;

/** What auto-generation was asked for (null for a task made by hand). */
export const k8sGenerationSchema = z.object({
  below_version: z.string(),
  batch_size: z.number().int(),
  provider: z.enum(CLOUD_PROVIDERS).nullable(),
  region: z.string().nullable(),
  environment: z.enum(K8S_ENVIRONMENTS).nullable(),
});

export const k8sUpgradeTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  target_version: z.string(),
  status: z.enum(K8S_TASK_STATUSES),
  verification: z.enum(K8S_VERIFICATIONS),
  /** Why it failed or was cancelled. */
  reason: z.string().nullable(),
  /** The batch running now (or the last one that ran); null before submit. */
  current_batch: z.number().int().nullable(),
  batch_count: z.number().int(),
  progress: k8sTaskProgressSchema,
  generation: k8sGenerationSchema.nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type K8sUpgradeTask = z.infer<typeof k8sUpgradeTaskSchema>;

export const k8sBatchSchema = z.object({
  index: z.number().int(),
  status: z.enum(K8S_BATCH_STATUSES),
  clusters: z.array(k8sTaskClusterSchema),
});
export type K8sBatch = z.infer<typeof k8sBatchSchema>;

export const k8sUpgradeTaskDetailSchema = k8sUpgradeTaskSchema.extend({ batches: z.array(k8sBatchSchema) });
export type K8sUpgradeTaskDetail = z.infer<typeof k8sUpgradeTaskDetailSchema>;

/** One k8s cluster inside a task (/k8sUpgradeTask/{task_id}/k8sCluster/{k8s_name}). */
export const k8sTaskClusterDetailSchema = z.object({
  task: k8sUpgradeTaskSchema,
  cluster: k8sTaskClusterSchema,
  /** The other clusters of its batch. */
  batch: k8sBatchSchema,
  /** Its upgrade operation with the steps (null until its batch starts). */
  operation: operationDetailSchema.nullable(),
  /** The node pools when its upgrade started (now, before it starts), and when it ended (null until then). */
  pools_before: z.array(nodePoolSchema),
  pools_after: z.array(nodePoolSchema).nullable(),
});
export type K8sTaskClusterDetail = z.infer<typeof k8sTaskClusterDetailSchema>;

export const k8sTaskListQuery = listQuery(
  {
    status: repeated(z.enum(K8S_TASK_STATUSES)),
    target_version: z.string().trim().max(16).optional(),
    /** Tasks that contain this k8s cluster. */
    k8s_name: z.string().trim().max(100).optional(),
    /** Part of the task name. */
    search: z.string().trim().max(100).optional(),
  },
  ['created_at', 'name'],
  '-created_at',
);
export type K8sTaskListQuery = z.input<typeof k8sTaskListQuery>;

const targetVersion = z.enum(K8S_VERSIONS, { message: K8S_MESSAGES.targetVersionRequired });

/** Create and edit (PUT replaces the batches; exclusions made in the draft are reset). */
export const k8sTaskBody = z
  .object({
    name: z.string().trim().min(1, K8S_MESSAGES.nameRequired).max(100),
    description: z.string().trim().max(1000).default(''),
    target_version: targetVersion,
    verification: z.enum(K8S_VERIFICATIONS).default('automatic'),
    /** Ordered batches, each an ordered list of k8s names; every cluster once. */
    batches: z
      .array(z.array(k8sName).min(1, K8S_MESSAGES.batchEmpty).max(100), { message: K8S_MESSAGES.batchesRequired })
      .min(1, K8S_MESSAGES.batchesRequired)
      .max(50),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.batches.forEach((batch, b) =>
      batch.forEach((name, i) => {
        if (seen.has(name))
          ctx.addIssue({ code: 'custom', path: ['batches', b, i], message: K8S_MESSAGES.duplicateCluster(name) });
        seen.add(name);
      }),
    );
  });
export type K8sTaskBody = z.input<typeof k8sTaskBody>;

export const k8sAutoGenerationBody = z
  .object({
    target_version: targetVersion,
    /** Clusters whose version is below this one (default: the target version). */
    below_version: z.enum(K8S_VERSIONS).optional(),
    batch_size: z.coerce.number().int().min(1).max(20).default(3),
    provider: z.enum(CLOUD_PROVIDERS).optional(),
    region: z.string().trim().min(1).max(64).optional(),
    environment: z.enum(K8S_ENVIRONMENTS).optional(),
    /** Default: "Upgrade to {target} (auto-generated)". */
    name: z.string().trim().min(1).max(100).optional(),
    verification: z.enum(K8S_VERIFICATIONS).default('automatic'),
  })
  .superRefine((body, ctx) => {
    if (body.below_version && compareK8sVersions(body.below_version, body.target_version) > 0)
      ctx.addIssue({ code: 'custom', path: ['below_version'], message: K8S_MESSAGES.belowAboveTarget });
  });
export type K8sAutoGenerationBody = z.input<typeof k8sAutoGenerationBody>;

export const k8sExcludeBody = z.object({
  k8s_name: k8sName,
  reason: z.string().trim().min(1, K8S_MESSAGES.excludeReasonRequired).max(500),
});
export const k8sReasonBody = z.object({ reason: z.string().trim().max(500).optional() }).default({});

const P = '/api/v1/devops/cluster';
/** A task id: digits in practice; anything else is a 404 (`k8sUpgrade.notFound`), not a 400. */
const taskParams = z.object({ task_id: z.string().trim().min(1).max(20) });
const infoParams = z.object({ k8s_name: z.string().trim().min(1).max(100) });
const taskClusterParams = taskParams.extend({ k8s_name: z.string().trim().min(1).max(100) });

/** Infrastructure information (k8sInfos) and Kubernetes upgrade tasks (spec §7 cluster). */
export const k8sApi = {
  infos: route({
    method: 'GET',
    path: `${P}/k8sInfos`,
    access: 'k8s.read',
    query: k8sInfoListQuery,
    response: listResult(k8sInfoSchema),
  }),
  info: route({
    method: 'GET',
    path: `${P}/k8sInfos/:k8s_name`,
    access: 'k8s.read',
    params: infoParams,
    response: k8sInfoDetailSchema,
  }),
  tasks: route({
    method: 'GET',
    path: `${P}/k8sUpgradeTasks`,
    access: 'k8s.read',
    query: k8sTaskListQuery,
    response: listResult(k8sUpgradeTaskSchema),
  }),
  createTask: route({
    method: 'POST',
    path: `${P}/k8sUpgradeTasks`,
    access: 'k8s.write',
    status: 201,
    body: k8sTaskBody,
    response: k8sUpgradeTaskDetailSchema,
  }),
  autoGenerate: route({
    method: 'POST',
    path: `${P}/k8sUpgradeTasks/autoGeneration`,
    access: 'k8s.write',
    status: 201,
    body: k8sAutoGenerationBody,
    response: k8sUpgradeTaskDetailSchema,
  }),
  task: route({
    method: 'GET',
    path: `${P}/k8sUpgradeTasks/:task_id`,
    access: 'k8s.read',
    params: taskParams,
    response: k8sUpgradeTaskDetailSchema,
  }),
  updateTask: route({
    method: 'PUT',
    path: `${P}/k8sUpgradeTasks/:task_id`,
    access: 'k8s.write',
    params: taskParams,
    body: k8sTaskBody,
    response: k8sUpgradeTaskDetailSchema,
  }),
  deleteTask: route({
    method: 'DELETE',
    path: `${P}/k8sUpgradeTasks/:task_id`,
    access: 'k8s.write',
    params: taskParams,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
  }),
  submit: route({
    method: 'POST',
    path: `${P}/k8sUpgradeTasks/:task_id/submit`,
    access: 'k8s.write',
    params: taskParams,
    response: k8sUpgradeTaskDetailSchema,
  }),
  cancel: route({
    method: 'POST',
    path: `${P}/k8sUpgradeTasks/:task_id/cancel`,
    access: 'k8s.write',
    params: taskParams,
    body: k8sReasonBody,
    response: k8sUpgradeTaskDetailSchema,
  }),
  close: route({
    method: 'POST',
    path: `${P}/k8sUpgradeTasks/:task_id/close`,
    access: 'k8s.write',
    params: taskParams,
    response: k8sUpgradeTaskDetailSchema,
  }),
  exclude: route({
    method: 'POST',
    path: `${P}/k8sUpgradeTasks/:task_id/exclude`,
    access: 'k8s.write',
    params: taskParams,
    body: k8sExcludeBody,
    response: k8sUpgradeTaskDetailSchema,
  }),
  taskCluster: route({
    method: 'GET',
    path: `${P}/k8sUpgradeTasks/:task_id/k8sClusters/:k8s_name`,
    access: 'k8s.read',
    params: taskClusterParams,
    response: k8sTaskClusterDetailSchema,
  }),
};
