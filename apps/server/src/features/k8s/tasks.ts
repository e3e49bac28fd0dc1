import type { z } from 'zod';
import {
  canDoOnK8sTask,
  canExcludeK8sCluster,
  compareK8sVersions,
  type k8sAutoGenerationBody,
  type K8sTaskAction,
  type k8sTaskBody,
  type K8sTaskClusterDetail,
  type k8sTaskListQuery,
  type K8sUpgradeTask,
  type K8sUpgradeTaskDetail,
  type ListResult,
  type NodePool,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { getOperation } from '../operations/index.js';
import {
  auditTask,
  emptyProgress,
  parseTaskId,
  planBatches,
  progressOf,
  toBatches,
  toTask,
  toTaskCluster,
  type GenerationCriteria,
} from './model.js';
import * as repo from './repo.js';
import { startNextBatch, type UpgradeContext } from './upgrade.js';

/*
 * Upgrade tasks (spec §4 "k8s upgrade tasks: submit, close, cancel, exclude, delete", §7 k8sUpgradeTasks): the
 * rules of each action, one transaction each with its audit row (type k8s_upgrade_task).
 */

type TaskBody = z.output<typeof k8sTaskBody>;
type GenerationBody = z.output<typeof k8sAutoGenerationBody>;

export async function listTasks(db: Db, q: z.output<typeof k8sTaskListQuery>): Promise<ListResult<K8sUpgradeTask>> {
  const filter = { status: q.status, targetVersion: q.target_version, k8sName: q.k8s_name, search: q.search };
  const { items, total } = await listPage(
    repo.selectTaskPage(db, filter, { sort: q.sort, ...pageWindow(q) }),
    repo.countTasks(db, filter),
  );
  const progress = await repo.taskProgress(
    db,
    items.map((t) => t.id),
  );
  return {
    total,
    items: items.map((t) => {
      const mine = progress.filter((p) => p.taskId === t.id);
      const p = emptyProgress();
      for (const m of mine) {
        p.total += m.n;
        p[m.status as keyof typeof p] += m.n;
      }
      return toTask(
        t,
        p,
        mine.reduce((n, m) => Math.max(n, m.batches), 0),
      );
    }),
  };
}

export async function getTask(db: Db, id: string): Promise<K8sUpgradeTaskDetail> {
  const row = await repo.findTask(db, parseTaskId(id));
  if (!row) throw new AppError('k8sUpgrade.notFound');
  return detailOf(db, row);
}

async function detailOf(db: Db, row: repo.TaskRow): Promise<K8sUpgradeTaskDetail> {
  const clusters = (await repo.taskClusters(db, row.id)).map(toTaskCluster);
  const batches = toBatches(clusters);
  return {
    ...toTask(
      row,
      progressOf(clusters.map((c) => c.status)),
      batches.reduce((n, b) => Math.max(n, b.index), 0),
    ),
    batches,
  };
}

export async function getTaskCluster(db: Db, id: string, k8sName: string): Promise<K8sTaskClusterDetail> {
  const task = await getTask(db, id);
  const batch = task.batches.find((b) => b.clusters.some((c) => c.k8s_name === k8sName));
  const cluster = batch?.clusters.find((c) => c.k8s_name === k8sName);
  if (!batch || !cluster) throw new AppError('k8sUpgrade.clusterNotInTask');
  const { batches: _batches, ...summary } = task;
  const k8s = await repo.findK8s(db, k8sName);
  const row = k8s ? await repo.findTaskCluster(db, Number(task.id), k8s.id) : undefined;
  const live = k8s ? await repo.poolsOf(db, k8s.id) : [];
  return {
    task: summary,
    cluster,
    batch,
    operation: cluster.operation_id ? await getOperation(db, cluster.operation_id).catch(() => null) : null,
    pools_before: (row?.poolsBefore as NodePool[] | null) ?? live,
    pools_after: (row?.poolsAfter as NodePool[] | null) ?? null,
  };
}

/** Locks the task and checks the action is allowed in its status (409 `k8sUpgrade.actionNotAllowed`). */
async function lockForAction(tx: Db, id: string, action: K8sTaskAction): Promise<repo.TaskRow> {
  const row = await repo.findTask(tx, parseTaskId(id), true);
  if (!row) throw new AppError('k8sUpgrade.notFound');
  if (!canDoOnK8sTask(row.status, action))
    throw new AppError('k8sUpgrade.actionNotAllowed', `A task that is ${row.status} cannot be ${PAST[action]}`, {
      status: row.status,
      action,
    });
  return row;
}
const PAST: Record<K8sTaskAction, string> = {
  edit: 'edited',
  submit: 'submitted',
  cancel: 'cancelled',
  close: 'closed',
  exclude: 'changed by excluding a cluster',
  delete: 'deleted',
};

/**
 * Checks a task's clusters (locked): every name exists, the target is above each one's version, none is in another
 * open task. Returns the locked rows by name.
 */
async function checkClusters(
  tx: Db,
  names: string[],
  target: string,
  taskId: number | null,
): Promise<Map<string, repo.K8sRow>> {
  const rows = await repo.lockK8sByNames(tx, names);
  const byName = new Map(rows.map((r) => [r.name, r]));
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length)
    throw new AppError('k8sUpgrade.unknownCluster', `No k8s cluster is named ${unknown.join(', ')}`, {
      k8s_names: unknown,
    });
  const current = rows.filter((r) => compareK8sVersions(r.version, target) >= 0);
  if (current.length)
    throw new AppError(
      'k8sUpgrade.versionNotAbove',
      `The target version ${target} is not above the version of ${current.map((r) => `${r.name} (${r.version})`).join(', ')}`,
      { target_version: target, clusters: current.map((r) => ({ k8s_name: r.name, version: r.version })) },
    );
  const busy = await repo.clustersInOtherTasks(
    tx,
    rows.map((r) => r.id),
    taskId,
  );
  if (busy.length)
    throw new AppError(
      'k8sUpgrade.clusterInOpenTask',
      `Already in another open upgrade task: ${busy.map((b) => `${b.name} (task ${b.taskId}, ${b.taskStatus})`).join(', ')}`,
      { clusters: busy.map((b) => ({ k8s_name: b.name, task_id: String(b.taskId), task_status: b.taskStatus })) },
    );
  return byName;
}

async function writeBatches(tx: Db, taskId: number, batches: string[][], byName: Map<string, repo.K8sRow>) {
  await repo.deleteTaskClusters(tx, taskId);
  await repo.insertTaskClusters(
    tx,
    batches.flatMap((batch, b) =>
      batch.map((name, i) => ({
        taskId,
        k8sClusterId: byName.get(name)!.id,
        batch: b + 1,
        position: i + 1,
        status: 'pending',
        fromVersion: byName.get(name)!.version,
      })),
    ),
  );
}

const bodyAudit = (b: { name: string; target_version: string; verification: string; batches: string[][] }) => ({
  name: b.name,
  target_version: b.target_version,
  verification: b.verification,
  batches: b.batches,
});

export async function createTask(db: Db, who: string, body: TaskBody): Promise<K8sUpgradeTaskDetail> {
  const id = await db.transaction(async (tx) => {
    const byName = await checkClusters(tx, body.batches.flat(), body.target_version, null);
    const taskId = await repo.insertTask(tx, {
      name: body.name,
      description: body.description,
      targetVersion: body.target_version,
      verification: body.verification,
      status: 'draft',
      createdBy: who,
    });
    await writeBatches(tx, taskId, body.batches, byName);
    await auditTask(tx, taskId, who, 'create', { after: { status: 'draft', ...bodyAudit(body) } });
    return taskId;
  });
  return getTask(db, String(id));
}

/** Edit a draft: replaces name, description, target, verification and the batches (exclusions are reset). */
export async function updateTask(db: Db, id: string, who: string, body: TaskBody): Promise<K8sUpgradeTaskDetail> {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, 'edit');
    const before = (await repo.taskClusters(tx, row.id)).map(toTaskCluster);
    const byName = await checkClusters(tx, body.batches.flat(), body.target_version, row.id);
    await repo.updateTask(tx, row.id, {
      name: body.name,
      description: body.description,
      targetVersion: body.target_version,
      verification: body.verification,
    });
    await writeBatches(tx, row.id, body.batches, byName);
    await auditTask(tx, row.id, who, 'update', {
      before: bodyAudit({
        name: row.name,
        target_version: row.targetVersion,
        verification: row.verification,
        batches: toBatches(before).map((b) => b.clusters.map((c) => c.k8s_name)),
      }),
      after: bodyAudit(body),
    });
  });
  return getTask(db, id);
}

export async function deleteTask(db: Db, id: string, who: string): Promise<{ id: string; deleted: true }> {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, 'delete');
    const clusters = (await repo.taskClusters(tx, row.id)).map(toTaskCluster);
    const running = clusters.filter((c) => c.status === 'upgrading');
    if (running.length)
      throw new AppError(
        'k8sUpgrade.upgradesInFlight',
        `The upgrades of ${running.map((c) => c.k8s_name).join(', ')} are still running; wait for them to end`,
        { k8s_names: running.map((c) => c.k8s_name) },
      );
    await repo.deleteTask(tx, row.id);
    await auditTask(tx, row.id, who, 'delete', {
      before: {
        status: row.status,
        name: row.name,
        target_version: row.targetVersion,
        clusters: clusters.map((c) => ({ k8s_name: c.k8s_name, batch: c.batch, status: c.status })),
      },
    });
  });
  return { id, deleted: true };
}

/** Submit a draft: checks its clusters again, and starts its first batch (a guard's refusal is a 409). */
export async function submitTask(ctx: UpgradeContext, db: Db, id: string, who: string) {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, 'submit');
    const clusters = await repo.taskClusters(tx, row.id);
    const pending = clusters.filter((c) => c.row.status === 'pending');
    if (!pending.length)
      throw new AppError(
        'k8sUpgrade.nothingToUpgrade',
        'Every k8s cluster of the task is excluded: nothing to upgrade',
      );
    await checkClusters(
      tx,
      pending.map((c) => c.name),
      row.targetVersion,
      row.id,
    );
    const now = new Date();
    await repo.updateTask(tx, row.id, { status: 'running', submittedBy: who, submittedAt: now, reason: null });
    await auditTask(tx, row.id, who, 'submit', {
      before: { status: row.status },
      after: { status: 'running', clusters: pending.length },
    });
    await startNextBatch(ctx, tx, (await repo.findTask(tx, row.id))!, 'submit');
  });
  return getTask(db, id);
}

/**
 * Cancel a draft or a running task: no further batch starts and the pending clusters are skipped; upgrades already
 * running finish and their results are recorded (a control-plane upgrade is not interrupted half-way).
 */
export async function cancelTask(db: Db, id: string, who: string, reason: string | undefined) {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, 'cancel');
    const text = reason || `cancelled by ${who}`;
    const running = (await repo.taskClusters(tx, row.id)).filter((c) => c.row.status === 'upgrading');
    await repo.markClusters(tx, row.id, 'pending', 'skipped', `the task was cancelled: ${text}`);
    await repo.updateTask(tx, row.id, { status: 'cancelled', reason: text, finishedAt: new Date() });
    await auditTask(tx, row.id, who, 'cancel', {
      reason: reason ?? null,
      still_running: running.map((c) => ({ k8s_name: c.name, operation_id: c.row.operationId })),
      before: { status: row.status },
      after: { status: 'cancelled' },
    });
  });
  return getTask(db, id);
}

export async function closeTask(db: Db, id: string, who: string) {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, 'close');
    await repo.updateTask(tx, row.id, { status: 'closed', closedAt: new Date() });
    await auditTask(tx, row.id, who, 'close', { before: { status: row.status }, after: { status: 'closed' } });
  });
  return getTask(db, id);
}

/** Exclude one k8s cluster whose upgrade has not started (draft or running task). */
export async function excludeCluster(db: Db, id: string, who: string, body: { k8s_name: string; reason: string }) {
  await db.transaction(async (tx) => {
    const row = await lockForAction(tx, id, 'exclude');
    const k8s = await repo.findK8s(tx, body.k8s_name);
    const tc = k8s ? await repo.findTaskCluster(tx, row.id, k8s.id, true) : undefined;
    if (!k8s || !tc) throw new AppError('k8sUpgrade.clusterNotInTask', `The task has no k8s cluster ${body.k8s_name}`);
    if (!canExcludeK8sCluster(row.status, tc.status))
      throw new AppError(
        'k8sUpgrade.clusterNotExcludable',
        `${body.k8s_name} is ${tc.status}: only a cluster whose upgrade has not started can be excluded`,
        { k8s_name: body.k8s_name, status: tc.status },
      );
    await repo.updateTaskCluster(tx, row.id, k8s.id, { status: 'excluded', reason: body.reason });
    await auditTask(tx, row.id, who, 'exclude', {
      k8s_name: body.k8s_name,
      batch: tc.batch,
      reason: body.reason,
      before: { status: 'pending' },
      after: { status: 'excluded' },
    });
  });
  return getTask(db, id);
}

/**
 * Auto-generation: a draft task for the clusters below a version (and below the target), not in another open task,
 * in the filters; batches of `batch_size`, dev first, then staging, then prod, smallest first, never mixing
 * environments in a batch.
 */
export async function autoGenerate(db: Db, who: string, body: GenerationBody): Promise<K8sUpgradeTaskDetail> {
  const below = body.below_version ?? body.target_version;
  const criteria: GenerationCriteria = {
    below_version: below,
    batch_size: body.batch_size,
    provider: body.provider ?? null,
    region: body.region ?? null,
    environment: body.environment ?? null,
  };
  const id = await db.transaction(async (tx) => {
    const candidates = await repo.generationCandidates(tx, {
      belowRank: Math.min(repo.versionRank(below), repo.versionRank(body.target_version)),
      provider: body.provider,
      region: body.region,
      environment: body.environment,
    });
    const busy = new Set(
      (
        await repo.clustersInOtherTasks(
          tx,
          candidates.map((c) => c.id),
          null,
        )
      ).map((b) => b.name),
    );
    const free = candidates.filter((c) => !busy.has(c.name));
    if (!free.length)
      throw new AppError(
        'k8sUpgrade.nothingToUpgrade',
        `No k8s cluster below ${below} matches that is not already in an open upgrade task`,
        { ...criteria, already_in_tasks: [...busy] },
      );
    const batches = planBatches(free, body.batch_size).map((b) => b.map((c) => c.name));
    const byName = await checkClusters(tx, batches.flat(), body.target_version, null);
    const name = body.name ?? `Upgrade to ${body.target_version} (auto-generated)`;
    const taskId = await repo.insertTask(tx, {
      name,
      description: `Auto-generated for the k8s clusters below ${below}${criteria.provider ? ` on ${criteria.provider}` : ''}${criteria.region ? ` in ${criteria.region}` : ''}${criteria.environment ? ` (${criteria.environment})` : ''}, ${body.batch_size} per batch.`,
      targetVersion: body.target_version,
      verification: body.verification,
      status: 'draft',
      generation: criteria,
      createdBy: who,
    });
    await writeBatches(tx, taskId, batches, byName);
    await auditTask(tx, taskId, who, 'auto_generate', {
      generation: criteria,
      left_out: [...busy],
      after: {
        status: 'draft',
        ...bodyAudit({ name, target_version: body.target_version, verification: body.verification, batches }),
      },
    });
    return taskId;
  });
  return getTask(db, String(id));
}
