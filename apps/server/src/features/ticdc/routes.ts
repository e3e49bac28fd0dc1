import { z } from 'zod';
import {
  changefeedList,
  changefeedListQuery,
  changefeedResponse,
  internalChangefeedList,
  internalChangefeedQuery,
  modifyTicdcImageBody,
  operationCreated,
  restartBody,
  shutdownTicdcBody,
  ticdcClusterList,
  ticdcClusterListQuery,
  ticdcClusterResponse,
  ticdcRoutes,
  upgradeTicdcBody,
} from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import * as actions from './actions.js';
import { registerTicdcConfigTargets } from './config-targets.js';
import { defineTicdcOperations } from './operations.js';
import * as service from './service.js';

const params = z.object({ id: z.string().trim().min(1).max(64) });
const tags = ['ticdc'];

/** TiCDC clusters and changefeeds: details, lists, the internal meta view and the actions (spec §2, §7). */
export const registerTicdcRoutes: FeatureRoutes = (app, { database, jobs, stepTimeScale }) => {
  const { db } = database;
  defineTicdcOperations(stepTimeScale);
  registerTicdcConfigTargets();
  const read = { access: 'portal.read' } as const;
  const operate = { access: 'portal.operate' } as const;

  app.get(
    ticdcRoutes.clusters,
    { schema: { querystring: ticdcClusterListQuery, response: { 200: ticdcClusterList }, tags }, config: read },
    (req) => service.listTicdcClusters(db, req.query),
  );
  app.get(
    ticdcRoutes.cluster,
    { schema: { params, response: { 200: ticdcClusterResponse }, tags }, config: read },
    async (req) => ({ ticdc_cluster: await service.getTicdcCluster(db, req.params.id) }),
  );
  app.get(
    ticdcRoutes.changefeeds,
    { schema: { querystring: changefeedListQuery, response: { 200: changefeedList }, tags }, config: read },
    (req) => service.listChangefeeds(db, req.query),
  );
  app.get(
    ticdcRoutes.changefeed,
    { schema: { params, response: { 200: changefeedResponse }, tags }, config: read },
    async (req) => ({ changefeed: await service.getChangefeed(db, req.params.id) }),
  );
  app.get(
    ticdcRoutes.internalChangefeeds,
    { schema: { querystring: internalChangefeedQuery, response: { 200: internalChangefeedList }, tags }, config: read },
    (req) => service.internalChangefeeds(db, req.query.ticdc_cluster_id),
  );

  // Every action answers the operation doing the work; waking the runner starts it now rather than at the next poll.
  const started = <T>(out: T) => {
    jobs.wake();
    return out;
  };
  const response = { 200: operationCreated };
  app.post(
    ticdcRoutes.upgrade,
    { schema: { params, body: upgradeTicdcBody, response, tags }, config: operate },
    async (req) => started(await actions.upgradeTicdc(db, req.params.id, req.body, principalOf(req).email)),
  );
  app.post(
    ticdcRoutes.modifyImage,
    { schema: { params, body: modifyTicdcImageBody, response, tags }, config: operate },
    async (req) => started(await actions.modifyTicdcImage(db, req.params.id, req.body, principalOf(req).email)),
  );
  app.post(
    ticdcRoutes.restart,
    { schema: { params, body: restartBody, response, tags }, config: operate },
    async (req) => started(await actions.restartTicdc(db, req.params.id, req.body?.reason, principalOf(req).email)),
  );
  app.post(
    ticdcRoutes.shutdown,
    { schema: { params, body: shutdownTicdcBody, response, tags }, config: operate },
    async (req) => started(await actions.shutdownTicdc(db, req.params.id, req.body, principalOf(req).email)),
  );
  app.post(
    ticdcRoutes.restartChangefeed,
    { schema: { params, body: restartBody, response, tags }, config: operate },
    async (req) =>
      started(await actions.restartChangefeed(db, req.params.id, req.body?.reason, principalOf(req).email)),
  );
};
