import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tenantRoutes } from '@portal/contract';
import type {
  CLUSTER_STATUSES,
  CloudProvider,
  Cluster,
  ClusterComponent,
  ClusterType,
  DataResource,
  ListResult,
  Project,
  Tenant,
  TENANT_STATUSES,
} from '@portal/contract';
import { clusterDetailQuery, tenantDetailQuery } from '../../shared/api/entities';
import { http, pathOf } from '../../shared/lib/http';

export type TenantStatus = (typeof TENANT_STATUSES)[number];
export type ClusterStatus = (typeof CLUSTER_STATUSES)[number];

/** Parsed (output) shapes of the contract's list queries; see the report about exporting them from the contract. */
type ListBase = {
  page: number;
  per_page: number;
  sort?: string;
};
export type TenantListParams = ListBase & { search?: string; status?: TenantStatus[]; org_tag?: string };
export type ProjectListParams = ListBase & { search?: string };
export type ClusterListParams = ListBase & {
  search?: string;
  tenant_id?: string;
  project_id?: string;
  status?: ClusterStatus[];
  cluster_type?: ClusterType[];
  provider?: CloudProvider[];
  is_byoc?: 'true' | 'false';
};

export const orgKeys = {
  list: (params: TenantListParams) => ['tenants', 'list', params] as const,
  dataResource: (id: string) => ['tenants', 'data-resource', id] as const,
  projects: (id: string, params: ProjectListParams) => ['tenants', 'projects', id, params] as const,
  project: (id: string, pid: string) => ['tenants', 'project', id, pid] as const,
  projectDataResource: (id: string, pid: string) => ['tenants', 'project-data-resource', id, pid] as const,
  clusters: (params: ClusterListParams) => ['clusters', 'list', params] as const,
  components: (id: string) => ['clusters', 'components', id] as const,
};

export function useTenantList(params: TenantListParams) {
  return useQuery({
    queryKey: orgKeys.list(params),
    queryFn: ({ signal }) => http.get<ListResult<Tenant>>(tenantRoutes.list, { params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTenant(id: string) {
  return useQuery(tenantDetailQuery(id));
}

export function useTenantDataResource(id: string) {
  return useQuery({
    queryKey: orgKeys.dataResource(id),
    queryFn: ({ signal }) => http.get<DataResource>(pathOf(tenantRoutes.dataResource, { id }), { signal }),
  });
}

export function useProjects(id: string, params: ProjectListParams) {
  return useQuery({
    queryKey: orgKeys.projects(id, params),
    queryFn: ({ signal }) => http.get<ListResult<Project>>(pathOf(tenantRoutes.projects, { id }), { params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProject(id: string, pid: string) {
  return useQuery({
    queryKey: orgKeys.project(id, pid),
    queryFn: ({ signal }) => http.get<Project>(pathOf(tenantRoutes.project, { id, pid }), { signal }),
  });
}

export function useProjectDataResource(id: string, pid: string) {
  return useQuery({
    queryKey: orgKeys.projectDataResource(id, pid),
    queryFn: ({ signal }) => http.get<DataResource>(pathOf(tenantRoutes.projectDataResource, { id, pid }), { signal }),
  });
}

export function useClusters(params: ClusterListParams) {
  return useQuery({
    queryKey: orgKeys.clusters(params),
    queryFn: ({ signal }) => http.get<ListResult<Cluster>>(tenantRoutes.clusters, { params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCluster(id: string) {
  return useQuery(clusterDetailQuery(id));
}

export function useClusterComponents(id: string) {
  return useQuery({
    queryKey: orgKeys.components(id),
    queryFn: ({ signal }) =>
      http.get<ListResult<ClusterComponent>>(pathOf(tenantRoutes.clusterComponents, { id }), { signal }),
  });
}
