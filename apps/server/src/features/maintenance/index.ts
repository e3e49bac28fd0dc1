import { maintenanceApi, type ExecutionAction } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { clusterWorkGuards } from '../../platform/cluster-work.js';
import { maintenanceWindowGuard } from './guard.js';
import * as service from './service.js';

export { clusterMaintenanceExecutions, clusterMaintenances } from './schema.js';
export { WINDOW_JOB } from './service.js';

/**
 * Cluster maintenances (spec §2 Maintenance detail, §3, §4 Maintenance, §7 cluster/maintenances, §8): windows of a
 * project's clusters, opened and closed on time by a durable job, with one execution per cluster; while a window is
 * open, the clusters still in it refuse other automation (`clusterWorkGuards`).
 */
export const maintenanceFeature = defineFeature({
  name: 'maintenance',
  provides: () => [clusterWorkGuards.provide(maintenanceWindowGuard)],
  jobs: () => ({
    [service.WINDOW_JOB]: (tx, p: service.WindowJobPayload) => service.onWindowJob(tx, p),
  }),
  routes: (r, { db, jobs }) => {
    r.add(maintenanceApi.list, (req) => service.listMaintenances(db, req.query));
    r.add(maintenanceApi.create, async (req) => {
      const id = await service.createMaintenance(db, principalOf(req).email, req.body);
      // A window scheduled now opens at once rather than at the next poll.
      jobs.wake();
      return service.getMaintenance(db, id);
    });
    r.add(maintenanceApi.detail, (req) =>
      service.getMaintenance(db, req.params.id, req.query.with_executions === 'true'),
    );
    r.add(maintenanceApi.close, async (req) => {
      await service.closeMaintenance(db, req.params.id, principalOf(req).email, req.body?.reason);
      return service.getMaintenance(db, req.params.id);
    });
    const act = (id: string, execution: string, action: ExecutionAction, who: string, reason?: string) =>
      service.executionAction(db, id, execution, action, who, reason).then(() => service.getMaintenance(db, id));
    r.add(maintenanceApi.start, (req) => act(req.params.id, req.params.execution_id, 'start', principalOf(req).email));
    r.add(maintenanceApi.finish, (req) =>
      act(req.params.id, req.params.execution_id, 'finish', principalOf(req).email),
    );
    r.add(maintenanceApi.cancel, (req) =>
      act(req.params.id, req.params.execution_id, 'cancel', principalOf(req).email, req.body?.reason),
    );
  },
});
