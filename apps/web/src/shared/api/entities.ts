import { queryOptions } from '@tanstack/react-query';
import { tenantRoutes } from '@portal/contract';
import type { Cluster, Tenant } from '@portal/contract';
import { http, pathOf } from '../lib/http';

/**
 * Queries of single tenants and clusters, shared by the hover cards and the orgs pages so both
 * read and refresh the same cache entries.
 */
export const tenantDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['tenants', 'detail', id] as const,
    queryFn: ({ signal }) => http.get<Tenant>(pathOf(tenantRoutes.detail, { id }), { signal }),
    staleTime: 30_000,
  });

export const clusterDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['clusters', 'detail', id] as const,
    queryFn: ({ signal }) => http.get<Cluster>(pathOf(tenantRoutes.cluster, { id }), { signal }),
    staleTime: 30_000,
  });

export const tenantPath = (tenantId: string) => `/orgs/${encodeURIComponent(tenantId)}/`;

export const clusterPath = (tenantId: string, clusterId: string, byoc = false) =>
  `/orgs/${encodeURIComponent(tenantId)}/${byoc ? 'byoc-clusters' : 'clusters'}/${encodeURIComponent(clusterId)}`;
