import { queryOptions } from '@tanstack/react-query';
import { orgsApi } from '@portal/contract';
import type { ClusterListQuery, ProjectListQuery, TenantListQuery } from '@portal/contract';
import { api } from '../lib/api';

/**
 * The query keys of the orgs area (tenants, projects, clusters), under one root. They live here, not in the orgs
 * feature, because the hover cards (shared/ui) and other areas' pages read the same tenant and cluster entries as
 * the orgs pages: one cache, refreshed together. The orgs feature re-exports them (`features/orgs`).
 */
export const orgsKeys = {
  all: ['orgs'] as const,
  tenants: (query: TenantListQuery) => ['orgs', 'tenants', query] as const,
  tenant: (id: string) => ['orgs', 'tenant', id] as const,
  tenantDataResource: (id: string) => ['orgs', 'tenant-data-resource', id] as const,
  projects: (id: string, query: ProjectListQuery) => ['orgs', 'projects', id, query] as const,
  project: (id: string, pid: string) => ['orgs', 'project', id, pid] as const,
  projectDataResource: (id: string, pid: string) => ['orgs', 'project-data-resource', id, pid] as const,
  clusters: (query: ClusterListQuery) => ['orgs', 'clusters', query] as const,
  cluster: (id: string) => ['orgs', 'cluster', id] as const,
  clusterComponents: (id: string) => ['orgs', 'cluster-components', id] as const,
};

/**
 * Queries of single tenants and clusters, shared by the hover cards and the orgs pages so both
 * read and refresh the same cache entries.
 */
export const tenantDetailQuery = (id: string) =>
  queryOptions({
    queryKey: orgsKeys.tenant(id),
    queryFn: ({ signal }) => api(orgsApi.tenant, { params: { id } }, { signal }),
    staleTime: 30_000,
  });

export const clusterDetailQuery = (id: string) =>
  queryOptions({
    queryKey: orgsKeys.cluster(id),
    queryFn: ({ signal }) => api(orgsApi.cluster, { params: { id } }, { signal }),
    staleTime: 30_000,
  });

export const tenantPath = (tenantId: string) => `/orgs/${encodeURIComponent(tenantId)}/`;

export const clusterPath = (tenantId: string, clusterId: string, byoc = false) =>
  `/orgs/${encodeURIComponent(tenantId)}/${byoc ? 'byoc-clusters' : 'clusters'}/${encodeURIComponent(clusterId)}`;
