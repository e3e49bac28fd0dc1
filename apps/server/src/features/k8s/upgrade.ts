import {
  compareK8sVersions,
  k8sUpgradePath,
  K8S_OPERATION_TARGET_TYPE,
  K8S_UPGRADE_OPERATION,
  type K8sVerification,
  type NodePool,
} from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { assertClusterWorkAllowed } from '../../platform/cluster-work.js';
import { startOperation, type OperationDefinition, type StepContext } from '../operations/index.js';
import { AUDIT_TYPE, auditTask } from './model.js';
import * as repo from './repo.js';

/*
 * Running a task: batch by batch. Each k8s cluster of a batch is upgraded by its own operation (steps below, each
 * run exactly once in the transaction that marks it done); the batch ends when all of its upgrades have ended. A
 * batch whose upgrades all succeeded starts the next one (or ends the task `succeeded`); a batch with a failed upgrade
 * ends the task `failed` and skips the later batches. A cancelled task starts no further batch.
 */

export type UpgradeContext = Pick<AppContext, 'registry' | 'controlPlane'>;

export const UPGRADE_STEPS = [
  { name: 'precheck', title: 'Pre-check the cluster and its node pools' },
  { name: 'control-plane', title: 'Upgrade the control plane' },
  { name: 'node-pools', title: 'Upgrade the node pools (surge, cordon, drain, replace)' },
  { name: 'confirm', title: 'Confirm the workloads are healthy', manual: true },
  { name: 'verify', title: 'Verify the nodes and record the result' },
] as const;
export type UpgradeStep = (typeof UPGRADE_STEPS)[number]['name'];

/** The steps one cluster's upgrade runs: the manual confirmation only with manual verification. */
export function upgradeSteps(verification: K8sVerification | string): UpgradeStep[] {
  return UPGRADE_STEPS.map((s) => s.name).filter((n) => n !== 'confirm' || verification === 'manual');
}

export interface UpgradeParams {
  task_id: string;
  k8s_name: string;
  batch: number;
  from_version: string;
  to_version: string;
}

const paramsOf = (op: StepContext['operation']) => op.params as UpgradeParams;

export const upgradeTitle = (name: string, to: string, taskId: number | string, batch: number) =>
  `Upgrade Kubernetes ${name} to ${to} (task ${taskId}, batch ${batch})`;

async function lockedK8s(tx: Db, name: string) {
  const k8s = await repo.findK8s(tx, name, true);
  if (!k8s) throw new Error(`the k8s cluster ${name} no longer exists`);
  return k8s;
}

const nodesOf = (pools: readonly NodePool[]) => pools.reduce((n, pool) => n + pool.node_count, 0);

/** What each step records (also used by the demo seed for upgrades that ran before the demo begins). */
export const stepMessages = {
  precheck: (pools: readonly NodePool[], from: string, to: string) =>
    `${pools.length} node pools healthy (${nodesOf(pools)} nodes); the upgrade path is ${[from, ...k8sUpgradePath(from, to)].join(' → ')}`,
  unhealthy: (name: string, pool: NodePool) =>
    `node pool ${pool.name} is unhealthy${pool.message ? ` (${pool.message})` : ''}: repair it, or exclude ${name} from the task`,
  controlPlane: (from: string, to: string) =>
    `control plane upgraded ${[from, ...k8sUpgradePath(from, to)].join(' → ')}, one minor version at a time`,
  nodePools: (pools: readonly NodePool[], to: string) =>
    `${pools.length} node pools upgraded to ${to}: ${nodesOf(pools)} nodes cordoned, drained (PodDisruptionBudgets honoured) and replaced by surge nodes`,
  verify: (pools: readonly NodePool[], to: string) => `${nodesOf(pools)} nodes Ready at ${to}; control plane ${to}`,
};

/** What the modelled operator does at each step (the simulation's effect on the fleet). */
async function runStep(ctx: UpgradeContext, step: UpgradeStep, s: StepContext): Promise<string> {
  const p = paramsOf(s.operation);
  const k8s = await lockedK8s(s.tx, p.k8s_name);
  const pools = await repo.poolsOf(s.tx, k8s.id);
  switch (step) {
    case 'precheck': {
      if (compareK8sVersions(k8s.version, p.to_version) >= 0)
        throw new Error(`the control plane already runs ${k8s.version}; nothing to upgrade to ${p.to_version}`);
      const bad = pools.find((pool) => pool.status === 'unhealthy');
      if (bad) throw new Error(stepMessages.unhealthy(k8s.name, bad));
      return stepMessages.precheck(pools, k8s.version, p.to_version);
    }
    case 'control-plane':
      await repo.setK8sVersion(s.tx, k8s.id, p.to_version);
      return stepMessages.controlPlane(k8s.version, p.to_version);
    case 'node-pools':
      await repo.setPoolVersions(s.tx, k8s.id, p.to_version);
      return stepMessages.nodePools(pools, p.to_version);
    case 'confirm':
      return 'confirmed';
    case 'verify':
      await clusterEnded(ctx, s.tx, s.operation, 'succeeded', null);
      return stepMessages.verify(pools, p.to_version);
  }
}

/** The `k8s_upgrade.cluster` operation type, as the k8s feature provides it to the app. */
export function upgradeOperation(ctx: UpgradeContext): OperationDefinition {
  return {
    type: K8S_UPGRADE_OPERATION,
    steps: UPGRADE_STEPS.map((s) => ({
      name: s.name,
      title: s.title,
      ...('manual' in s ? { manual: s.manual } : {}),
      durationMs: ctx.controlPlane.stepDuration(K8S_UPGRADE_OPERATION, s.name),
      ...('manual' in s ? {} : { run: (step: StepContext) => runStep(ctx, s.name, step) }),
    })),
    onFail: (step, error) => clusterEnded(ctx, step.tx, step.operation, 'failed', error),
    onCancel: (step) =>
      clusterEnded(ctx, step.tx, step.operation, 'failed', `the upgrade operation ${step.operation.id} was cancelled`),
  };
}

/**
 * Records the end of one cluster's upgrade in its task (idempotent: only while the row is still upgrading by this
 * operation), then ends its batch when it was the last upgrade running there.
 */
export async function clusterEnded(
  ctx: UpgradeContext,
  tx: Db,
  op: StepContext['operation'],
  outcome: 'succeeded' | 'failed',
  reason: string | null,
): Promise<void> {
  const p = paramsOf(op);
  const taskId = Number(p.task_id);
  const task = await repo.findTask(tx, taskId, true);
  const k8s = await repo.findK8s(tx, p.k8s_name);
  if (!task || !k8s) return; // the task was deleted meanwhile: the upgrade itself is recorded by its operation
  const row = await repo.findTaskCluster(tx, taskId, k8s.id, true);
  if (!row || row.status !== 'upgrading' || row.operationId !== op.id) return;
  const pools = await repo.poolsOf(tx, k8s.id);
  await repo.updateTaskCluster(tx, taskId, k8s.id, {
    status: outcome,
    reason,
    finishedAt: new Date(),
    poolsAfter: pools,
  });
  await auditTask(tx, taskId, 'system', outcome === 'succeeded' ? 'cluster_upgraded' : 'cluster_failed', {
    k8s_name: k8s.name,
    batch: row.batch,
    operation_id: op.id,
    reason,
    before: { status: 'upgrading', version: row.fromVersion },
    after: { status: outcome, version: k8s.version },
  });
  await batchMaybeEnded(ctx, tx, task, row.batch);
}

async function batchMaybeEnded(ctx: UpgradeContext, tx: Db, task: repo.TaskRow, batch: number): Promise<void> {
  const inBatch = (await repo.taskClusters(tx, task.id)).filter((c) => c.row.batch === batch);
  if (inBatch.some((c) => c.row.status === 'upgrading')) return;
  const failed = inBatch.filter((c) => c.row.status === 'failed');
  const names = (list: typeof inBatch) => list.map((c) => c.name);
  if (failed.length) {
    await auditTask(tx, task.id, 'system', 'batch_failed', {
      batch,
      clusters: names(inBatch),
      failed: failed.map((c) => ({ k8s_name: c.name, reason: c.row.reason })),
    });
    if (task.status !== 'running') return;
    const reason = `batch ${batch} failed: ${failed.map((c) => `${c.name}: ${c.row.reason ?? 'failed'}`).join('; ')}`;
    await repo.markClusters(tx, task.id, 'pending', 'skipped', `batch ${batch} failed`, batch);
    await finishTask(tx, task, 'failed', reason);
    return;
  }
  await auditTask(tx, task.id, 'system', 'batch_succeeded', {
    batch,
    clusters: names(inBatch.filter((c) => c.row.status === 'succeeded')),
  });
  if (task.status === 'running') await startNextBatch(ctx, tx, task, 'job');
}

async function finishTask(tx: Db, task: repo.TaskRow, status: 'succeeded' | 'failed', reason: string | null) {
  await repo.updateTask(tx, task.id, { status, reason, finishedAt: new Date() });
  await auditTask(tx, task.id, 'system', status === 'succeeded' ? 'succeed' : 'fail', {
    reason,
    before: { status: 'running' },
    after: { status },
  });
}

/**
 * Starts the first batch that still has pending clusters: asks the cluster-work guards for the tenant clusters they
 * host, then starts one upgrade operation per pending cluster. No such batch left: the task has succeeded. From
 * submit a guard's refusal is the request's 409; from the job that ended the previous batch it fails the task.
 */
export async function startNextBatch(
  ctx: UpgradeContext,
  tx: Db,
  task: repo.TaskRow,
  mode: 'submit' | 'job',
): Promise<void> {
  const all = await repo.taskClusters(tx, task.id);
  const pendingBatches = all.filter((c) => c.row.status === 'pending').map((c) => c.row.batch);
  if (!pendingBatches.length) {
    await finishTask(tx, task, 'succeeded', null);
    return;
  }
  const next = Math.min(...pendingBatches);
  const batch = all.filter((c) => c.row.batch === next && c.row.status === 'pending');
  const k8sIds = batch.map((c) => c.row.k8sClusterId);
  try {
    await assertClusterWorkAllowed(ctx, tx, {
      kind: 'k8s_upgrade.batch',
      subjectType: AUDIT_TYPE,
      subjectId: String(task.id),
      clusterIds: await repo.hostedClusterIds(tx, k8sIds),
    });
  } catch (err) {
    if (mode === 'submit' || !(err instanceof AppError)) throw err;
    const reason = `batch ${next} could not start: ${err.message}`;
    await repo.markClusters(tx, task.id, 'pending', 'skipped', reason);
    await auditTask(tx, task.id, 'system', 'batch_refused', { batch: next, code: err.code, reason });
    await finishTask(tx, task, 'failed', reason);
    return;
  }
  const now = new Date();
  const who = task.submittedBy ?? task.createdBy;
  const operations: { k8s_name: string; operation_id: string }[] = [];
  for (const c of batch) {
    const operationId = await startOperation(ctx, tx, {
      type: K8S_UPGRADE_OPERATION,
      title: upgradeTitle(c.name, task.targetVersion, task.id, next),
      targetType: K8S_OPERATION_TARGET_TYPE,
      targetId: c.name,
      params: {
        task_id: String(task.id),
        k8s_name: c.name,
        batch: next,
        from_version: c.version,
        to_version: task.targetVersion,
      } satisfies UpgradeParams,
      createdBy: who,
      steps: upgradeSteps(task.verification),
    });
    await repo.updateTaskCluster(tx, task.id, c.row.k8sClusterId, {
      status: 'upgrading',
      operationId,
      fromVersion: c.version,
      poolsBefore: await repo.poolsOf(tx, c.row.k8sClusterId),
      reason: null,
      startedAt: now,
    });
    operations.push({ k8s_name: c.name, operation_id: operationId });
  }
  await repo.updateTask(tx, task.id, { currentBatch: next });
  await auditTask(tx, task.id, mode === 'submit' ? who : 'system', 'batch_started', { batch: next, operations });
}
