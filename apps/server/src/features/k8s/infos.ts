import type { z } from 'zod';
import type {
  CloudProvider,
  K8sEnvironment,
  K8sInfo,
  K8sInfoDetail,
  k8sInfoListQuery,
  ListResult,
} from '@portal/contract';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { listPage, pageWindow } from '../../platform/list-query.js';
import { iso, isoOrNull } from '../../platform/time.js';
import * as repo from './repo.js';

/** Infrastructure information (spec §2 /infraInformation, §7 k8sInfos): the Kubernetes fleet, read-only. */

function toInfo(r: repo.InfoRow): K8sInfo {
  return {
    name: r.name,
    provider: r.provider as CloudProvider,
    region: r.region,
    environment: r.environment as K8sEnvironment,
    version: r.version,
    health: r.degraded ? 'degraded' : 'healthy',
    node_pool_count: r.poolCount,
    node_count: r.nodeCount,
    hosted_cluster_count: r.hostedCount,
    open_task: r.openTask ?? null,
    created_at: iso(r.createdAt),
  };
}

export async function listInfos(db: Db, q: z.output<typeof k8sInfoListQuery>): Promise<ListResult<K8sInfo>> {
  const filter = {
    provider: q.provider,
    region: q.region,
    version: q.version,
    environment: q.environment,
    search: q.search,
  };
  const { items, total } = await listPage(
    repo.selectInfoPage(db, filter, { sort: q.sort, ...pageWindow(q) }),
    repo.countInfos(db, filter),
  );
  return { items: items.map(toInfo), total };
}

export async function getInfo(db: Db, name: string): Promise<K8sInfoDetail> {
  const row = await repo.findInfo(db, name);
  if (!row) throw new AppError('k8s.notFound', `No k8s cluster is named ${name}`);
  const [pools, hosted, history] = await Promise.all([
    repo.poolsOf(db, row.id),
    repo.hostedClusters(db, row.id),
    repo.upgradeHistory(db, row.id),
  ]);
  return {
    ...toInfo(row),
    node_pools: pools,
    hosted_clusters: hosted.map((h) => ({
      id: h.id,
      name: h.name,
      status: h.status,
      cluster_type: h.clusterType,
      version: h.version,
      tenant_id: h.tenantId,
      tenant_name: h.tenantName,
      project_id: h.projectId,
    })),
    upgrade_history: history.map((h) => ({
      task_id: String(h.taskId),
      task_name: h.taskName,
      task_status: h.taskStatus,
      batch: h.batch,
      status: h.status,
      from_version: h.fromVersion,
      to_version: h.targetVersion,
      operation_id: h.operationId,
      reason: h.reason,
      started_at: isoOrNull(h.startedAt),
      finished_at: isoOrNull(h.finishedAt),
      created_at: iso(h.createdAt),
    })),
  };
}
