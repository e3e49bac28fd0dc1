import { z } from 'zod';
import { CLOUD_PROVIDERS, CLUSTER_TYPES, COMPONENTS } from './constants.js';
import { route } from './api.js';
import { listQuery, listResult, repeated } from './list.js';

export const TENANT_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSING', 'CLOSED'] as const;
export const CLUSTER_STATUSES = [
  'USER_CLUSTER_STATUS_CREATING',
  'USER_CLUSTER_STATUS_AVAILABLE',
  'USER_CLUSTER_STATUS_MODIFYING',
  'USER_CLUSTER_STATUS_PAUSED',
  'USER_CLUSTER_STATUS_RESUMING',
  'USER_CLUSTER_STATUS_UNAVAILABLE',
  'USER_CLUSTER_STATUS_MAINTAINING',
  'USER_CLUSTER_STATUS_DELETING',
  'USER_CLUSTER_STATUS_DELETED',
] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
export type ClusterStatus = (typeof CLUSTER_STATUSES)[number];

export const tenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  status: z.enum(TENANT_STATUSES),
  email: z.string(),
  org_tag: z.string().nullable(),
  created_at: z.string(),
  project_count: z.number().int(),
  cluster_count: z.number().int(),
});
export type Tenant = z.infer<typeof tenantSchema>;

export const tenantListQuery = listQuery(
  {
    /** Matches the tenant id or the contact email exactly, or the name as a case-insensitive substring. */
    search: z.string().trim().max(200).optional(),
    status: repeated(z.enum(TENANT_STATUSES)),
    org_tag: z.string().optional(),
  },
  ['id', 'name', 'created_at'],
  '-created_at',
);
export type TenantListQuery = z.input<typeof tenantListQuery>;
export const tenantList = listResult(tenantSchema);

export const projectSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  name: z.string(),
  region: z.string(),
  created_at: z.string(),
  cluster_count: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListQuery = listQuery(
  { search: z.string().trim().max(200).optional() },
  ['name', 'created_at'],
  '-created_at',
);
export type ProjectListQuery = z.input<typeof projectListQuery>;
export const projectList = listResult(projectSchema);

export const clusterSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CLUSTER_STATUSES),
  cluster_type: z.enum(CLUSTER_TYPES),
  project_id: z.string(),
  project_name: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  provider: z.enum(CLOUD_PROVIDERS),
  region: z.string(),
  version: z.string(),
  is_byoc: z.boolean(),
  errmsg: z.string().nullable(),
  created_at: z.string(),
});
export type Cluster = z.infer<typeof clusterSchema>;

export const clusterListQuery = listQuery(
  {
    /** Matches the cluster id exactly or the name as a case-insensitive substring. */
    search: z.string().trim().max(200).optional(),
    tenant_id: z.string().optional(),
    project_id: z.string().optional(),
    status: repeated(z.enum(CLUSTER_STATUSES)),
    cluster_type: repeated(z.enum(CLUSTER_TYPES)),
    provider: repeated(z.enum(CLOUD_PROVIDERS)),
    is_byoc: z.enum(['true', 'false']).optional(),
  },
  ['name', 'created_at', 'status'],
  '-created_at',
);
export type ClusterListQuery = z.input<typeof clusterListQuery>;
export const clusterList = listResult(clusterSchema);

export const clusterComponentSchema = z.object({
  component: z.enum(COMPONENTS),
  replicas: z.number().int(),
  node_spec: z.string(),
  storage_gib: z.number().int(),
  version: z.string(),
  image_tag: z.string(),
});
export type ClusterComponent = z.infer<typeof clusterComponentSchema>;
export const clusterComponentList = z.object({ items: z.array(clusterComponentSchema), total: z.number().int() });

/** Usage figures of a tenant or a project: what it holds and runs. */
export const dataResourceSchema = z.object({
  project_count: z.number().int(),
  cluster_count: z.number().int(),
  node_count: z.number().int(),
  storage_gib: z.number().int(),
  clusters_by_status: z.array(z.object({ status: z.string(), count: z.number().int() })),
  clusters_by_provider: z.array(z.object({ provider: z.string(), count: z.number().int() })),
});
export type DataResource = z.infer<typeof dataResourceSchema>;

const id = z.string().trim().min(1).max(64);
const idParams = z.object({ id });
const projectParams = z.object({ id, pid: id });

/** Tenants (orgs), their projects and usage, and the cluster list/detail (spec §2 /orgs, §7 Admin and Devops). */
export const orgsApi = {
  tenants: route({
    method: 'GET',
    path: '/api/v1/admin/orgs',
    access: 'orgs.read',
    query: tenantListQuery,
    response: tenantList,
  }),
  tenant: route({
    method: 'GET',
    path: '/api/v1/admin/orgs/:id',
    access: 'orgs.read',
    params: idParams,
    response: tenantSchema,
  }),
  tenantDataResource: route({
    method: 'GET',
    path: '/api/v1/admin/orgs/:id/data-resource',
    access: 'orgs.read',
    params: idParams,
    response: dataResourceSchema,
  }),
  projects: route({
    method: 'GET',
    path: '/api/v1/admin/orgs/:id/projects',
    access: 'orgs.read',
    params: idParams,
    query: projectListQuery,
    response: projectList,
  }),
  /** Project detail (the spec's project route needs one; same prefix as the project list). */
  project: route({
    method: 'GET',
    path: '/api/v1/admin/orgs/:id/projects/:pid',
    access: 'orgs.read',
    params: projectParams,
    response: projectSchema,
  }),
  projectDataResource: route({
    method: 'GET',
    path: '/api/v1/admin/orgs/:id/projects/:pid/data-resource',
    access: 'orgs.read',
    params: projectParams,
    response: dataResourceSchema,
  }),
  clusters: route({
    method: 'GET',
    path: '/api/v1/devops/cluster/clusters',
    access: 'orgs.read',
    query: clusterListQuery,
    response: clusterList,
  }),
  cluster: route({
    method: 'GET',
    path: '/api/v1/devops/cluster/clusters/:id',
    access: 'orgs.read',
    params: idParams,
    response: clusterSchema,
  }),
  clusterComponents: route({
    method: 'GET',
    path: '/api/v1/devops/cluster/clusters/:id/components',
    access: 'orgs.read',
    params: idParams,
    response: clusterComponentList,
  }),
};

/**
 * Bench only: registered when the server runs with `BENCH_ROUTES=1` (`npm run bench`), never in a normal start.
 * The bare authenticated ping, and the twins of the tenant and cluster lists: the same auth, query schema and
 * response schema as the list they stand beside, and a fixed page, so the bench sees what a list's database work
 * costs.
 */
export const orgsBenchApi = {
  ping: route({
    method: 'GET',
    path: '/api/v1/devops/ping',
    access: 'orgs.read',
    tags: ['bench'],
    response: z.object({ ok: z.literal(true) }),
  }),
  tenants: route({
    method: 'GET',
    path: '/api/v1/devops/ping/orgs',
    access: 'orgs.read',
    tags: ['bench'],
    query: tenantListQuery,
    response: tenantList,
  }),
  clusters: route({
    method: 'GET',
    path: '/api/v1/devops/ping/clusters',
    access: 'orgs.read',
    tags: ['bench'],
    query: clusterListQuery,
    response: clusterList,
  }),
};
