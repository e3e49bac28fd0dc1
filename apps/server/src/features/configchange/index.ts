import { configchangeApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { approvalSettledJob, approvalTemplates, type ApprovalSettled } from '../approvals/index.js';
import { operationTypes } from '../operations/index.js';
import { applyChange, applyOperation } from './apply.js';
import { clusterTargets } from './clusters.js';
import * as service from './service.js';
import { configTargets } from './targets.js';

export { configTarget, configTargets } from './targets.js';
export type { ConfigChangeContext, ConfigTargetAdapter, ConfigTargetState } from './targets.js';
export { APPLY_OPERATION } from './apply.js';
export { configChanges } from './schema.js';

/**
 * Cluster configuration and its changes (spec §2 /configchange, /confighistories, §4 Config change flow, §7). Other
 * features make their objects configurable by providing a `configTargets` adapter.
 */
export const configchangeFeature = defineFeature({
  name: 'configchange',
  provides: (ctx) => [
    configTargets.provide(...clusterTargets()),
    operationTypes.provide(applyOperation(ctx)),
    approvalTemplates.provide(service.CHANGE_APPROVAL_TEMPLATE),
  ],
  jobs: () => ({
    [approvalSettledJob('cloud_config_change')]: (tx, p: ApprovalSettled) => service.onApprovalSettled(tx, p),
  }),
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    r.add(configchangeApi.parameters, (req) => service.listParameters(db, req.query.config_type, req.query.version));
    r.add(configchangeApi.clusterConfig, (req) =>
      service.getClusterConfig(ctx, db, req.query.cluster_type, req.params.cluster_id),
    );
    r.add(configchangeApi.preview, (req) => service.previewChange(ctx, db, req.params.cluster_id, req.body));
    r.add(configchangeApi.create, async (req) => ({
      change_id: await service.createChange(ctx, db, principalOf(req).email, req.params.cluster_id, req.body),
    }));
    r.add(configchangeApi.clusterHistory, (req) => service.listChanges(db, req.query, req.params.cluster_id));
    r.add(configchangeApi.list, (req) => service.listChanges(db, req.query));
    r.add(configchangeApi.detail, async (req) => ({ change: await service.getChange(db, req.params.id) }));
    r.add(configchangeApi.apply, async (req) => {
      const out = await applyChange(ctx, db, req.params.id, principalOf(req).email);
      jobs.wake();
      return out;
    });
    r.add(configchangeApi.cancel, async (req) => {
      const change = await service.cancelChange(db, req.params.id, principalOf(req).email, req.body?.reason);
      jobs.wake();
      return { change };
    });
  },
});
