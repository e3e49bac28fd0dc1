import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orgsApi } from '@portal/contract';
import type { ClusterListQuery, ProjectListQuery, TenantListQuery } from '@portal/contract';
import { clusterDetailQuery, orgsKeys, tenantDetailQuery } from '../../shared/api/entities';
import { api } from '../../shared/lib/api';

/** The area's one key factory; kept in shared/api/entities.ts, whose detail queries the hover cards share. */
export { orgsKeys };

export function useTenantList(query: TenantListQuery) {
  return useQuery({
    queryKey: orgsKeys.tenants(query),
    queryFn: ({ signal }) => api(orgsApi.tenants, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTenant(id: string) {
  return useQuery(tenantDetailQuery(id));
}

export function useTenantDataResource(id: string) {
  return useQuery({
    queryKey: orgsKeys.tenantDataResource(id),
    queryFn: ({ signal }) => api(orgsApi.tenantDataResource, { params: { id } }, { signal }),
  });
}

export function useProjects(id: string, query: ProjectListQuery) {
  return useQuery({
    queryKey: orgsKeys.projects(id, query),
    queryFn: ({ signal }) => api(orgsApi.projects, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProject(id: string, pid: string) {
  return useQuery({
    queryKey: orgsKeys.project(id, pid),
    queryFn: ({ signal }) => api(orgsApi.project, { params: { id, pid } }, { signal }),
  });
}

export function useProjectDataResource(id: string, pid: string) {
  return useQuery({
    queryKey: orgsKeys.projectDataResource(id, pid),
    queryFn: ({ signal }) => api(orgsApi.projectDataResource, { params: { id, pid } }, { signal }),
  });
}

export function useClusters(query: ClusterListQuery) {
  return useQuery({
    queryKey: orgsKeys.clusters(query),
    queryFn: ({ signal }) => api(orgsApi.clusters, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCluster(id: string) {
  return useQuery(clusterDetailQuery(id));
}

export function useClusterComponents(id: string) {
  return useQuery({
    queryKey: orgsKeys.clusterComponents(id),
    queryFn: ({ signal }) => api(orgsApi.clusterComponents, { params: { id } }, { signal }),
  });
}
