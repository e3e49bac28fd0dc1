import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configchangeApi, tenantInitApi } from '@portal/contract';
import type {
  ClusterType,
  TenantInitClusterType,
  ConfigChange,
  ConfigChangeListQuery,
  CreateChangeBody,
  PreviewBody,
  RouteResponse,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { approvalKeys } from '../../shared/api/approvals';
import { configchangeKeys } from './keys';
import type { ConfigTargetType } from './keys';

/** A cluster's configuration and whether it can be changed now (`clusterConfigResponse`). */
export type ClusterConfigResult = RouteResponse<typeof configchangeApi.clusterConfig>;

/** A row of the change lists: a change without its snapshot. */
export type ConfigChangeListItem = RouteResponse<typeof configchangeApi.list>['items'][number];

export { configchangeKeys };
export type { ConfigTargetType };

/** How often a change being applied (or waiting for its approval to settle) is re-read. */
export const CHANGE_POLL_MS = 1000;

/**
 * A target's configuration and whether it can be changed now: a cluster's (TiCDC cluster's, changefeed's) or a
 * tenant's init configuration for a cluster type (`targetType` tenant_init, `id` the tenant).
 */
export function useClusterConfig(clusterType: ClusterType, id: string, targetType: ConfigTargetType = 'cluster') {
  return useQuery({
    queryKey: configchangeKeys.targetConfig(targetType, clusterType, id),
    queryFn: ({ signal }) =>
      targetType === 'tenant_init'
        ? api(
            tenantInitApi.config,
            { params: { tenant_id: id }, query: { cluster_type: clusterType as TenantInitClusterType } },
            { signal },
          )
        : api(
            configchangeApi.clusterConfig,
            { params: { cluster_id: id }, query: { cluster_type: clusterType } },
            { signal },
          ),
    staleTime: 0,
  });
}

/** POST preview: it only reads, so it is a query keyed by the payload (re-run when the payload changes). */
export function usePreview(body: PreviewBody, enabled: boolean, targetType: ConfigTargetType = 'cluster') {
  return useQuery({
    queryKey: configchangeKeys.preview(body, targetType),
    queryFn: ({ signal }) =>
      targetType === 'tenant_init'
        ? api(tenantInitApi.preview, { params: { tenant_id: body.cluster_id }, body }, { signal })
        : api(configchangeApi.preview, { params: { cluster_id: body.cluster_id }, body }, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Create: the preview payload plus apply policy and reason → `{ change_id }`. The preview shows failures itself. */
export function useCreateChange(targetType: ConfigTargetType = 'cluster') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChangeBody) =>
      targetType === 'tenant_init'
        ? api(tenantInitApi.create, { params: { tenant_id: body.cluster_id }, body })
        : api(configchangeApi.create, { params: { cluster_id: body.cluster_id }, body }),
    meta: { errorModal: false },
    onSuccess: (_data, body) => {
      void client.invalidateQueries({
        queryKey: configchangeKeys.targetConfig(targetType, body.cluster_type, body.cluster_id),
      });
      void client.invalidateQueries({ queryKey: configchangeKeys.lists() });
    },
  });
}

/**
 * Configuration changes: all of them, one cluster's history (`clusterId`), or one tenant's init changes
 * (`clusterId` the tenant, `targetType` tenant_init: the change list filtered by target type and id).
 */
export function useConfigChanges(
  params: ConfigChangeListQuery,
  clusterId?: string,
  targetType: ConfigTargetType = 'cluster',
) {
  return useQuery({
    queryKey: configchangeKeys.list(params, clusterId, targetType),
    queryFn: ({ signal }) =>
      clusterId && targetType === 'tenant_init'
        ? api(
            configchangeApi.list,
            { query: { ...params, target_type: 'tenant_init', target_id: clusterId } },
            { signal },
          )
        : clusterId
          ? api(configchangeApi.clusterHistory, { params: { cluster_id: clusterId }, query: params }, { signal })
          : api(configchangeApi.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useConfigChange(id: string, poll: (change: ConfigChange) => boolean) {
  return useQuery({
    queryKey: configchangeKeys.detail(id),
    queryFn: ({ signal }) => api(configchangeApi.detail, { params: { id } }, { signal }).then((r) => r.change),
    refetchInterval: (q) => (q.state.data && !q.state.error && poll(q.state.data) ? CHANGE_POLL_MS : false),
  });
}

function useChangeUpdated() {
  const client = useQueryClient();
  return (change: ConfigChange) => {
    client.setQueryData(configchangeKeys.detail(change.id), change);
    void client.invalidateQueries({ queryKey: configchangeKeys.lists() });
    void client.invalidateQueries({ queryKey: configchangeKeys.clusterConfigs() });
    void client.invalidateQueries({ queryKey: approvalKeys.all });
  };
}

/** Apply → `{ change, instance_id }`; failures open the operation-failure dialog. */
export function useApplyChange(id: string) {
  const updated = useChangeUpdated();
  return useMutation({
    mutationFn: () => api(configchangeApi.apply, { params: { id } }),
    onSuccess: (out) => updated(out.change),
  });
}

export function useCancelChange(id: string) {
  const updated = useChangeUpdated();
  return useMutation({
    mutationFn: () => api(configchangeApi.cancel, { params: { id }, body: {} }).then((r) => r.change),
    onSuccess: updated,
  });
}
