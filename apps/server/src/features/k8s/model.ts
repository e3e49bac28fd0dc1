import {
  K8S_CLUSTER_STATUSES,
  K8S_ENVIRONMENTS,
  k8sBatchStatus,
  type CloudProvider,
  type K8sBatch,
  type K8sClusterStatus,
  type K8sEnvironment,
  type K8sTaskCluster,
  type K8sTaskProgress,
  type K8sTaskStatus,
  type K8sUpgradeTask,
  type K8sVerification,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { writeAudit, type AuditEntry } from '../../platform/audit.js';
import { iso, isoOrNull } from '../../platform/time.js';
import type { TaskClusterView, TaskRow } from './repo.js';

export const AUDIT_TYPE = 'k8s_upgrade_task' as const;

/** Every mutation of a task writes one row of its audit type, instance id = the task id. */
export function auditTask(
  tx: Db,
  taskId: number | string,
  operator: string,
  operation: string,
  details: AuditEntry['details'],
  operateAt?: Date,
): Promise<void> {
  return writeAudit(tx, {
    type: AUDIT_TYPE,
    instanceId: String(taskId),
    operator,
    operation,
    details,
    ...(operateAt ? { operateAt } : {}),
  });
}

export function parseTaskId(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('k8sUpgrade.notFound');
  return Number(id);
}

export interface GenerationCriteria {
  below_version: string;
  batch_size: number;
  provider: CloudProvider | null;
  region: string | null;
  environment: K8sEnvironment | null;
}

export function emptyProgress(): K8sTaskProgress {
  return { total: 0, pending: 0, upgrading: 0, succeeded: 0, failed: 0, excluded: 0, skipped: 0 };
}

export function toTask(row: TaskRow, progress: K8sTaskProgress, batchCount: number): K8sUpgradeTask {
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    target_version: row.targetVersion,
    status: row.status as K8sTaskStatus,
    verification: row.verification as K8sVerification,
    reason: row.reason,
    current_batch: row.currentBatch,
    batch_count: batchCount,
    progress,
    generation: (row.generation as GenerationCriteria | null) ?? null,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    submitted_at: isoOrNull(row.submittedAt),
    finished_at: isoOrNull(row.finishedAt),
    closed_at: isoOrNull(row.closedAt),
  };
}

export function toTaskCluster(v: TaskClusterView): K8sTaskCluster {
  return {
    k8s_name: v.name,
    provider: v.provider as CloudProvider,
    region: v.region,
    environment: v.environment as K8sEnvironment,
    batch: v.row.batch,
    position: v.row.position,
    status: v.row.status as K8sClusterStatus,
    from_version: v.row.fromVersion,
    current_version: v.version,
    node_count: v.nodeCount,
    hosted_cluster_count: v.hostedCount,
    operation_id: v.row.operationId,
    reason: v.row.reason,
    started_at: isoOrNull(v.row.startedAt),
    finished_at: isoOrNull(v.row.finishedAt),
  };
}

/** The clusters grouped by batch (batch order), each batch with its derived status. */
export function toBatches(clusters: K8sTaskCluster[]): K8sBatch[] {
  const byBatch = new Map<number, K8sTaskCluster[]>();
  for (const c of clusters) byBatch.set(c.batch, [...(byBatch.get(c.batch) ?? []), c]);
  return [...byBatch.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, list]) => ({ index, status: k8sBatchStatus(list.map((c) => c.status)), clusters: list }));
}

export function progressOf(statuses: readonly string[]): K8sTaskProgress {
  const p = emptyProgress();
  for (const s of statuses) {
    p.total++;
    if ((K8S_CLUSTER_STATUSES as readonly string[]).includes(s)) p[s as K8sClusterStatus]++;
  }
  return p;
}

/** Auto-generation's order: dev, then staging, then prod; smallest (fewest nodes) first; then by name. */
export function generationOrder<T extends { environment: string; nodeCount: number; name: string }>(list: T[]): T[] {
  const rank = (e: string) => (K8S_ENVIRONMENTS as readonly string[]).indexOf(e);
  return [...list].sort(
    (a, b) => rank(a.environment) - rank(b.environment) || a.nodeCount - b.nodeCount || a.name.localeCompare(b.name),
  );
}

/**
 * Batches of at most `size` clusters in generation order; a batch never mixes environments, so dev and staging
 * finish before the first prod cluster starts.
 */
export function planBatches<T extends { environment: string; nodeCount: number; name: string }>(
  list: T[],
  size: number,
): T[][] {
  const batches: T[][] = [];
  for (const c of generationOrder(list)) {
    const last = batches[batches.length - 1];
    if (last && last.length < size && last[0]!.environment === c.environment) last.push(c);
    else batches.push([c]);
  }
  return batches;
}
