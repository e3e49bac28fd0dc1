import { ticdcApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import { configTargets } from '../configchange/index.js';
import { operationTypes } from '../operations/index.js';
import * as actions from './actions.js';
import { changefeedTarget, ticdcTarget } from './config-targets.js';
import { ticdcOperations } from './operations.js';
import * as service from './service.js';

export { TICDC_OPS, ticdcOperations } from './operations.js';
export { maskSinkUri } from './service.js';
/** The tables, for the demo seed and tests. */
export { changefeeds, ticdcClusters } from './schema.js';

/**
 * TiCDC clusters and changefeeds (spec §2 detail pages, §7): details, lists, the internal meta view and the actions,
 * each run as an operation. Both kinds are targets of the configuration-change flow.
 */
export const ticdcFeature = defineFeature({
  name: 'ticdc',
  provides: (ctx) => [
    operationTypes.provide(...ticdcOperations(ctx)),
    configTargets.provide(ticdcTarget, changefeedTarget),
  ],
  routes: (r, ctx) => {
    const { db, jobs } = ctx;
    r.add(ticdcApi.clusters, (req) => service.listTicdcClusters(db, req.query));
    r.add(ticdcApi.cluster, async (req) => ({ ticdc_cluster: await service.getTicdcCluster(db, req.params.id) }));
    r.add(ticdcApi.changefeeds, (req) => service.listChangefeeds(db, req.query));
    r.add(ticdcApi.changefeed, async (req) => ({ changefeed: await service.getChangefeed(db, req.params.id) }));
    r.add(ticdcApi.internalChangefeeds, (req) => service.internalChangefeeds(db, req.query.ticdc_cluster_id));

    // Every action answers the operation doing the work; waking the runner starts it now rather than at the next poll.
    const started = async <T>(out: Promise<T>) => {
      const result = await out;
      jobs.wake();
      return result;
    };
    r.add(ticdcApi.upgrade, (req) =>
      started(actions.upgradeTicdc(ctx, db, req.params.id, req.body, principalOf(req).email)),
    );
    r.add(ticdcApi.modifyImage, (req) =>
      started(actions.modifyTicdcImage(ctx, db, req.params.id, req.body, principalOf(req).email)),
    );
    r.add(ticdcApi.restart, (req) =>
      started(actions.restartTicdc(ctx, db, req.params.id, req.body?.reason, principalOf(req).email)),
    );
    r.add(ticdcApi.shutdown, (req) =>
      started(actions.shutdownTicdc(ctx, db, req.params.id, req.body, principalOf(req).email)),
    );
    r.add(ticdcApi.restartChangefeed, (req) =>
      started(actions.restartChangefeed(ctx, db, req.params.id, req.body?.reason, principalOf(req).email)),
    );
  },
});
