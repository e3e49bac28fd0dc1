import { orgsApi } from '@portal/contract';
import { defineFeature } from '../../platform/context.js';
import * as service from './service.js';
import { registerBenchRoutes } from './twins.js';

/** Tenants (orgs), their projects and usage, and the cluster list/detail (spec §2 /orgs, §7 Admin and Devops). */
export const orgsFeature = defineFeature({
  name: 'orgs',
  routes: (r, { db, config }) => {
    r.add(orgsApi.tenants, (req) => service.listTenants(db, req.query));
    r.add(orgsApi.tenant, (req) => service.getTenant(db, req.params.id));
    r.add(orgsApi.tenantDataResource, (req) => service.tenantDataResource(db, req.params.id));
    r.add(orgsApi.projects, (req) => service.listProjects(db, req.params.id, req.query));
    r.add(orgsApi.project, (req) => service.getProject(db, req.params.id, req.params.pid));
    r.add(orgsApi.projectDataResource, (req) => service.projectDataResource(db, req.params.id, req.params.pid));
    r.add(orgsApi.clusters, (req) => service.listClusters(db, req.query));
    r.add(orgsApi.cluster, (req) => service.getCluster(db, req.params.id));
    r.add(orgsApi.clusterComponents, (req) => service.listClusterComponents(db, req.params.id));
    if (config.benchRoutes) registerBenchRoutes(r);
  },
});

// What other features use: clusters as they read and change them, the platform's counters; the tables for tests.
export {
  clusterConfigTarget,
  clusterCountsByProvider,
  getCluster,
  getTenant,
  listClusterComponents,
  listProjects,
  listTenants,
  platformCounters,
  setClusterComponentImageTag,
  setClusterComponentReplicas,
  setClusterVersion,
  tenantDataResource,
  type ClusterConfigTarget,
  type PlatformCounters,
} from './service.js';
export { insertTenant, updateTenantProfile, type NewTenant } from './repo.js';
export { clusterComponents, clusters, projects, tenants } from './schema.js';
