import type { ClusterWorkGuard } from '../../platform/cluster-work.js';
import { AppError } from '../../platform/errors.js';
import { iso } from '../../platform/time.js';
import * as repo from './repo.js';
import { AUDIT_TYPE, at } from './service.js';

/**
 * Other automation honours a maintenance window (issue 12 "Beyond"): work on a cluster (a configuration-change apply,
 * a release deploy, a Kubernetes upgrade batch) is refused with 409 `maintenance.windowOpen` while the cluster is in a
 * maintenance whose window is open — not Closed, schedule time ≤ now < deadline, by the database's clock — and whose
 * execution for that cluster is not finished or cancelled yet. Refused, not queued: the caller retries after the
 * window (its deadline is in the message and the details). The maintenance's own work is never refused by itself.
 */
export const maintenanceWindowGuard: ClusterWorkGuard = {
  name: 'maintenance.window',
  async check(tx, work) {
    // Waits for a maintenance of these clusters being created right now (it locks them), then sees it.
    await repo.shareLockClusters(tx, work.clusterIds);
    const own =
      work.subjectType === AUDIT_TYPE && /^\d{1,15}$/.test(work.subjectId) ? Number(work.subjectId) : undefined;
    const [hit] = await repo.selectOpenWindows(tx, work.clusterIds, own);
    if (!hit) return;
    throw new AppError(
      'maintenance.windowOpen',
      `Cluster ${hit.clusterId} is in maintenance ${hit.maintenanceId} until its deadline ${at(hit.deadline)}: ` +
        `${work.kind} of ${work.subjectType} ${work.subjectId} is refused while the window is open ` +
        `(it opens again once the cluster's execution is finished or cancelled, or the maintenance is closed)`,
      {
        maintenance_id: String(hit.maintenanceId),
        cluster_id: hit.clusterId,
        schedule_time: iso(hit.scheduleTime),
        deadline: iso(hit.deadline),
        kind: work.kind,
      },
    );
  },
};
