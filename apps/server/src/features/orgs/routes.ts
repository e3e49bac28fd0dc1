import { z } from 'zod';
import {
  clusterComponentList,
  clusterList,
  clusterListQuery,
  clusterSchema,
  dataResourceSchema,
  projectList,
  projectListQuery,
  projectSchema,
  tenantList,
  tenantListQuery,
  tenantRoutes,
  tenantSchema,
} from '@portal/contract';
import type { FeatureRoutes } from '../../platform/context.js';
import * as service from './service.js';
import { registerListTwins } from './twins.js';

const id = z.string().trim().min(1).max(64);
const idParams = z.object({ id });
const projectParams = z.object({ id, pid: id });

/** Tenants (orgs), their projects and usage, and the cluster list/detail (spec §2 /orgs, §7 Admin and Devops). */
export const registerTenantRoutes: FeatureRoutes = (app, { database }) => {
  const { db } = database;
  const read = { access: 'portal.read' } as const;

  app.get(
    tenantRoutes.list,
    { schema: { querystring: tenantListQuery, response: { 200: tenantList }, tags: ['tenants'] }, config: read },
    (req) => service.listTenants(db, req.query),
  );
  app.get(
    tenantRoutes.detail,
    { schema: { params: idParams, response: { 200: tenantSchema }, tags: ['tenants'] }, config: read },
    (req) => service.getTenant(db, req.params.id),
  );
  app.get(
    tenantRoutes.dataResource,
    { schema: { params: idParams, response: { 200: dataResourceSchema }, tags: ['tenants'] }, config: read },
    (req) => service.tenantDataResource(db, req.params.id),
  );
  app.get(
    tenantRoutes.projects,
    {
      schema: { params: idParams, querystring: projectListQuery, response: { 200: projectList }, tags: ['tenants'] },
      config: read,
    },
    (req) => service.listProjects(db, req.params.id, req.query),
  );
  app.get(
    tenantRoutes.project,
    { schema: { params: projectParams, response: { 200: projectSchema }, tags: ['tenants'] }, config: read },
    (req) => service.getProject(db, req.params.id, req.params.pid),
  );
  app.get(
    tenantRoutes.projectDataResource,
    { schema: { params: projectParams, response: { 200: dataResourceSchema }, tags: ['tenants'] }, config: read },
    (req) => service.projectDataResource(db, req.params.id, req.params.pid),
  );

  app.get(
    tenantRoutes.clusters,
    { schema: { querystring: clusterListQuery, response: { 200: clusterList }, tags: ['clusters'] }, config: read },
    (req) => service.listClusters(db, req.query),
  );
  app.get(
    tenantRoutes.cluster,
    { schema: { params: idParams, response: { 200: clusterSchema }, tags: ['clusters'] }, config: read },
    (req) => service.getCluster(db, req.params.id),
  );
  app.get(
    tenantRoutes.clusterComponents,
    { schema: { params: idParams, response: { 200: clusterComponentList }, tags: ['clusters'] }, config: read },
    (req) => service.listClusterComponents(db, req.params.id),
  );
  registerListTwins(app);
};
