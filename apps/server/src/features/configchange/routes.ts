import { z } from 'zod';
import {
  applyChangeResponse,
  cancelChangeBody,
  clusterConfigQuery,
  clusterConfigResponse,
  configChangeList,
  configChangeListQuery,
  configChangeResponse,
  configChangeRoutes,
  createChangeBody,
  createChangeResponse,
  parameterList,
  parameterListQuery,
  previewBody,
  previewResponse,
} from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import { principalOf } from '../../platform/auth.js';
import { approvalSettledJob, type ApprovalSettled } from '../approvals/service.js';
import { applyChange, defineApplyOperations } from './apply.js';
import { registerClusterTargets } from './clusters.js';
import * as service from './service.js';

const id = z.string().trim().min(1).max(64);
const clusterParams = z.object({ cluster_id: id });
const changeParams = z.object({ id });
const tags = ['configchange'];

/** Cluster configuration and its changes (spec §2 /configchange, /confighistories, §7 Configuration change calls). */
export const registerConfigChangeRoutes: FeatureRoutes = (app, { database, jobs, stepTimeScale }) => {
  const { db } = database;
  const read = { access: 'portal.read' } as const;
  const write = { access: 'portal.operate' } as const;
  registerClusterTargets();
  defineApplyOperations(stepTimeScale);
  jobs.register<ApprovalSettled>(approvalSettledJob('cloud_config_change'), service.onApprovalSettled);

  app.get(
    configChangeRoutes.parameters,
    { schema: { querystring: parameterListQuery, response: { 200: parameterList }, tags }, config: read },
    (req) => service.listParameters(db, req.query.config_type, req.query.version),
  );
  app.get(
    configChangeRoutes.clusterConfig,
    {
      schema: {
        params: clusterParams,
        querystring: clusterConfigQuery,
        response: { 200: clusterConfigResponse },
        tags,
      },
      config: read,
    },
    (req) => service.getClusterConfig(db, req.query.cluster_type, req.params.cluster_id),
  );
  app.post(
    configChangeRoutes.preview,
    { schema: { params: clusterParams, body: previewBody, response: { 200: previewResponse }, tags }, config: write },
    (req) => service.previewChange(db, req.params.cluster_id, req.body),
  );
  app.post(
    configChangeRoutes.create,
    {
      schema: { params: clusterParams, body: createChangeBody, response: { 200: createChangeResponse }, tags },
      config: write,
    },
    async (req) => ({
      change_id: await service.createChange(db, principalOf(req).email, req.params.cluster_id, req.body),
    }),
  );
  app.get(
    configChangeRoutes.clusterHistory,
    {
      schema: { params: clusterParams, querystring: configChangeListQuery, response: { 200: configChangeList }, tags },
      config: read,
    },
    (req) => service.listChanges(db, req.query, req.params.cluster_id),
  );
  app.get(
    configChangeRoutes.list,
    { schema: { querystring: configChangeListQuery, response: { 200: configChangeList }, tags }, config: read },
    (req) => service.listChanges(db, req.query),
  );
  app.get(
    configChangeRoutes.detail,
    { schema: { params: changeParams, response: { 200: configChangeResponse }, tags }, config: read },
    async (req) => ({ change: await service.getChange(db, req.params.id) }),
  );
  app.post(
    configChangeRoutes.apply,
    { schema: { params: changeParams, response: { 200: applyChangeResponse }, tags }, config: write },
    async (req) => {
      const out = await applyChange(db, req.params.id, principalOf(req).email);
      jobs.wake();
      return out;
    },
  );
  app.post(
    configChangeRoutes.cancel,
    {
      schema: { params: changeParams, body: cancelChangeBody, response: { 200: configChangeResponse }, tags },
      config: write,
    },
    async (req) => {
      const change = await service.cancelChange(db, req.params.id, principalOf(req).email, req.body?.reason);
      jobs.wake();
      return { change };
    },
  );
};
