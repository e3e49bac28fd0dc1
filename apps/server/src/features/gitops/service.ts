import type { z } from 'zod';
import type {
  gitopsApplyBody,
  GitopsDiffResponse,
  GitopsListResponse,
  gitopsQueryBody,
  OperationCreated,
} from '@portal/contract';
import { writeAudit } from '../../platform/audit.js';
import { requireConfirmation } from '../../platform/confirmation.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { iso } from '../../platform/time.js';
import { listOperationPage, startOperation } from '../operations/index.js';
import { getCluster } from '../orgs/index.js';
import { GITOPS_APPLY, type ApplyParams } from './operations.js';
import * as repo from './repo.js';
import { pendingItems, type GitopsContext, type Pending } from './state.js';

type Query = z.output<typeof gitopsQueryBody>;

/** A cluster that is being created, paused or deleted cannot take a rolling change. */
const UNREACHABLE = [
  'USER_CLUSTER_STATUS_CREATING',
  'USER_CLUSTER_STATUS_PAUSED',
  'USER_CLUSTER_STATUS_DELETING',
  'USER_CLUSTER_STATUS_DELETED',
];

/** The apply of this cluster that is still running, if any. */
async function applying(db: Db, clusterId: string): Promise<{ instance_id: string } | null> {
  const page = await listOperationPage(db, {
    page: 1,
    per_page: 1,
    sort: '-created_at',
    search: undefined,
    status: ['pending', 'running', 'waiting'],
    type: GITOPS_APPLY,
    target_id: clusterId,
  });
  const op = page.items[0];
  return op ? { instance_id: op.id } : null;
}

const audit = (db: Db, clusterId: string, who: string, operation: string, details: Record<string, unknown>) =>
  db.transaction((tx) =>
    writeAudit(tx, { type: 'gitops_secondary_confirm', instanceId: clusterId, operator: who, operation, details }),
  );

/** The items of the branch's desired state still waiting for a secondary confirmation. */
export async function listPending(ctx: GitopsContext, db: Db, q: Query, who: string): Promise<GitopsListResponse> {
  const cluster = await getCluster(db, q.cluster_id);
  const pending = await pendingItems(ctx, db, cluster.id, q.branch);
  await audit(db, cluster.id, who, 'list', { branch: q.branch, pending: pending.map((p) => p.path) });
  return {
    cluster_id: cluster.id,
    branch: q.branch,
    items: pending.map((p) => ({
      path: p.path,
      kind: p.kind,
      revision: p.revision,
      author: p.author,
      message: p.message,
      updated_at: iso(p.updatedAt),
    })),
    total: pending.length,
    applying: await applying(db, cluster.id),
  };
}

/** Desired against current, per pending item. */
export async function diffPending(ctx: GitopsContext, db: Db, q: Query, who: string): Promise<GitopsDiffResponse> {
  const cluster = await getCluster(db, q.cluster_id);
  const pending = await pendingItems(ctx, db, cluster.id, q.branch);
  await audit(db, cluster.id, who, 'diff', { branch: q.branch, pending: pending.map((p) => p.path) });
  return {
    cluster_id: cluster.id,
    branch: q.branch,
    items: pending.map((p) => ({
      path: p.path,
      kind: p.kind,
      current: p.current,
      desired: p.desired,
      revision: p.revision,
    })),
    total: pending.length,
    applying: await applying(db, cluster.id),
  };
}

function select(pending: Pending[], paths: string[] | undefined): Pending[] {
  if (!paths?.length) return pending;
  const unknown = paths.filter((p) => !pending.some((i) => i.path === p));
  if (unknown.length)
    throw new AppError('gitops.unknownPath', `Not pending on this cluster: ${unknown.join(', ')}`, { paths: unknown });
  return pending.filter((i) => paths.includes(i.path));
}

/**
 * Applies the confirmed items (all pending ones, or `paths`) through an operation: image changes roll the
 * components, which takes minutes on a real cluster, and the operation id links to its progress (spec §8).
 */
export async function applyPending(
  ctx: GitopsContext,
  db: Db,
  body: z.output<typeof gitopsApplyBody>,
  who: string,
): Promise<OperationCreated> {
  const cluster = await getCluster(db, body.cluster_id);
  return db.transaction(async (tx) => {
    await repo.lockClusterApply(tx, cluster.id);
    const items = select(await pendingItems(ctx, tx, cluster.id, body.branch), body.paths);
    if (UNREACHABLE.includes(cluster.status)) {
      throw new AppError(
        'gitops.clusterUnavailable',
        `Cluster ${cluster.name} is ${cluster.status.replace('USER_CLUSTER_STATUS_', '')}: nothing can be applied to it now`,
      );
    }
    if (items.length === 0)
      throw new AppError('gitops.nothingToApply', `Cluster ${cluster.name} already matches ${body.branch}`);
    const missing = items.filter((i) => i.current === null);
    if (missing.length)
      throw new AppError(
        'gitops.unknownPath',
        `The cluster has nothing at ${missing.map((i) => i.path).join(', ')} to change`,
      );
    const diff = items.map((i) => ({ path: i.path, current: i.current, desired: i.desired }));
    const running = await applying(tx, cluster.id);
    if (running)
      throw new AppError(
        'gitops.applyInProgress',
        `Operation ${running.instance_id} is applying to cluster ${cluster.name}`,
        running,
      );
    requireConfirmation(body.confirm, `Apply ${items.length} items of ${body.branch} to cluster ${cluster.name}?`, {
      subject: `${body.branch} → cluster ${cluster.name}`,
      description: 'Writes the desired values into the cluster: PD settings reload online, images roll the components.',
      changes: diff,
    });

    const params: ApplyParams = {
      branch: body.branch,
      items: items.map((i) => ({ path: i.path, kind: i.kind, from: i.current, to: i.desired, revision: i.revision })),
    };
    const instanceId = await startOperation(ctx, tx, {
      type: GITOPS_APPLY,
      title: `Apply ${body.branch} to cluster ${cluster.name}`,
      targetType: 'cluster',
      targetId: cluster.id,
      tenantId: cluster.tenant_id,
      params,
      createdBy: who,
    });
    await writeAudit(tx, {
      type: 'gitops_secondary_confirm',
      instanceId: cluster.id,
      operator: who,
      operation: 'apply',
      details: {
        instance_id: instanceId,
        branch: body.branch,
        before: Object.fromEntries(items.map((i) => [i.path, i.current])),
        after: Object.fromEntries(items.map((i) => [i.path, i.desired])),
      },
    });
    return { instance_id: instanceId };
  });
}
