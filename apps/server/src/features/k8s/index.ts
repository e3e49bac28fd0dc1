import { k8sApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { operationTypes } from '../operations/index.js';
import { getInfo, listInfos } from './infos.js';
import * as tasks from './tasks.js';
import { upgradeOperation } from './upgrade.js';

/**
 * Kubernetes infrastructure (/infraInformation) and upgrade tasks (/k8sUpgradeTask): the fleet the tenant clusters
 * run on, and tasks that upgrade it batch by batch, one `k8s_upgrade.cluster` operation per cluster.
 */
export const k8sFeature = defineFeature({
  name: 'k8s',
  provides: (ctx) => [operationTypes.provide(upgradeOperation(ctx))],
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email.toLowerCase();
    // An action that starts operations wakes the job loop so they advance now, not at the next poll.
    const woken = async <T>(out: Promise<T>) => {
      const result = await out;
      jobs.wake();
      return result;
    };

    r.add(k8sApi.infos, (req) => listInfos(db, req.query));
    r.add(k8sApi.info, (req) => getInfo(db, req.params.k8s_name));

    r.add(k8sApi.tasks, (req) => tasks.listTasks(db, req.query));
    r.add(k8sApi.createTask, (req) => tasks.createTask(db, who(req), req.body));
    r.add(k8sApi.autoGenerate, (req) => tasks.autoGenerate(db, who(req), req.body));
    r.add(k8sApi.task, (req) => tasks.getTask(db, req.params.task_id));
    r.add(k8sApi.updateTask, (req) => tasks.updateTask(db, req.params.task_id, who(req), req.body));
    r.add(k8sApi.deleteTask, (req) => tasks.deleteTask(db, req.params.task_id, who(req)));
    r.add(k8sApi.submit, (req) => woken(tasks.submitTask(ctx, db, req.params.task_id, who(req))));
    r.add(k8sApi.cancel, (req) => tasks.cancelTask(db, req.params.task_id, who(req), req.body?.reason));
    r.add(k8sApi.close, (req) => tasks.closeTask(db, req.params.task_id, who(req)));
    r.add(k8sApi.exclude, (req) => tasks.excludeCluster(db, req.params.task_id, who(req), req.body));
    r.add(k8sApi.taskCluster, (req) => tasks.getTaskCluster(db, req.params.task_id, req.params.k8s_name));
  },
});

// What the demo seed uses: the planning and the operation's steps, so seeded history and new runs agree.
export { planBatches } from './model.js';
export { stepMessages, UPGRADE_STEPS, upgradeSteps, upgradeTitle, type UpgradeParams } from './upgrade.js';
export { versionRank } from './repo.js';
export { k8sClusterHosting, k8sClusters, k8sNodePools, k8sUpgradeTaskClusters, k8sUpgradeTasks } from './schema.js';
