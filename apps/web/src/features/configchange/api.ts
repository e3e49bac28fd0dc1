import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configchangeApi } from '@portal/contract';
import type {
  ClusterType,
  ConfigChange,
  ConfigChangeListQuery,
  CreateChangeBody,
  PreviewBody,
  RouteResponse,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { approvalKeys } from '../../shared/api/approvals';
import { configchangeKeys } from './keys';

/** A cluster's configuration and whether it can be changed now (`clusterConfigResponse`). */
export type ClusterConfigResult = RouteResponse<typeof configchangeApi.clusterConfig>;

/** A row of the change lists: a change without its snapshot. */
export type ConfigChangeListItem = RouteResponse<typeof configchangeApi.list>['items'][number];

export { configchangeKeys };

/** How often a change being applied (or waiting for its approval to settle) is re-read. */
export const CHANGE_POLL_MS = 1000;

export function useClusterConfig(clusterType: ClusterType, clusterId: string) {
  return useQuery({
    queryKey: configchangeKeys.clusterConfig(clusterType, clusterId),
    queryFn: ({ signal }) =>
      api(
        configchangeApi.clusterConfig,
        { params: { cluster_id: clusterId }, query: { cluster_type: clusterType } },
        { signal },
      ),
    staleTime: 0,
  });
}

/** POST preview: it only reads, so it is a query keyed by the payload (re-run when the payload changes). */
export function usePreview(body: PreviewBody, enabled: boolean) {
  return useQuery({
    queryKey: configchangeKeys.preview(body),
    queryFn: ({ signal }) =>
      api(configchangeApi.preview, { params: { cluster_id: body.cluster_id }, body }, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Create: the preview payload plus apply policy and reason → `{ change_id }`. The preview shows failures itself. */
export function useCreateChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChangeBody) =>
      api(configchangeApi.create, { params: { cluster_id: body.cluster_id }, body }),
    meta: { errorModal: false },
    onSuccess: (_data, body) => {
      void client.invalidateQueries({ queryKey: configchangeKeys.clusterConfig(body.cluster_type, body.cluster_id) });
      void client.invalidateQueries({ queryKey: configchangeKeys.lists() });
    },
  });
}

export function useConfigChanges(params: ConfigChangeListQuery, clusterId?: string) {
  return useQuery({
    queryKey: configchangeKeys.list(params, clusterId),
    queryFn: ({ signal }) =>
      clusterId
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
