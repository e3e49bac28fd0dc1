import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configChangeRoutes } from '@portal/contract';
import type {
  APPLY_POLICY_CHOICES,
  ClusterConfiguration,
  ClusterType,
  ConfigChange,
  ConfigChangePhase,
  CreateChangeBody,
  ListResult,
  PreviewBody,
  PreviewResponse,
} from '@portal/contract';
import { http, pathOf } from '../../shared/lib/http';

/** `clusterConfigResponse` of the contract. */
export interface ClusterConfigResult {
  configuration: ClusterConfiguration;
  changeable: boolean;
  reason: string | null;
}

/** `applyPolicyOptionSchema` of the contract. */
export interface ApplyPolicyOption {
  policy: (typeof APPLY_POLICY_CHOICES)[number];
  allowed: boolean;
  reason: string | null;
}

/** A row of the change lists (`configChangeList`: a change without its snapshot). */
export type ConfigChangeListItem = Omit<ConfigChange, 'snapshot'>;

/** The parsed shape of the contract's `configChangeListQuery`. */
export type ConfigChangeListParams = {
  page: number;
  per_page: number;
  sort?: string;
  have_modified_param_like?: string;
  phase?: ConfigChangePhase[];
  target_id?: string;
  target_type?: ConfigChange['target_type'];
  cluster_type?: ClusterType;
  applicant?: string;
};

export const configKeys = {
  all: ['configchange'] as const,
  clusterConfig: (clusterType: ClusterType, clusterId: string) =>
    ['configchange', 'clusterConfig', clusterType, clusterId] as const,
  preview: (body: PreviewBody) => ['configchange', 'preview', body] as const,
  list: (params: ConfigChangeListParams, clusterId?: string) =>
    ['configchange', 'list', clusterId ?? null, params] as const,
  detail: (id: string) => ['configchange', 'detail', id] as const,
};

/** How often a change being applied (or waiting for its approval to settle) is re-read. */
export const CHANGE_POLL_MS = 1000;

export function useClusterConfig(clusterType: ClusterType, clusterId: string) {
  return useQuery({
    queryKey: configKeys.clusterConfig(clusterType, clusterId),
    queryFn: ({ signal }) =>
      http.get<ClusterConfigResult>(pathOf(configChangeRoutes.clusterConfig, { cluster_id: clusterId }), {
        params: { cluster_type: clusterType },
        signal,
      }),
    staleTime: 0,
  });
}

/** POST preview: it only reads, so it is a query keyed by the payload (re-run when the payload changes). */
export function usePreview(body: PreviewBody, enabled: boolean) {
  return useQuery({
    queryKey: configKeys.preview(body),
    queryFn: ({ signal }) =>
      http.post<PreviewResponse>(pathOf(configChangeRoutes.preview, { cluster_id: body.cluster_id }), body, { signal }),
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
      http.post<{ change_id: string }>(pathOf(configChangeRoutes.create, { cluster_id: body.cluster_id }), body),
    meta: { errorModal: false },
    onSuccess: (_data, body) => {
      void client.invalidateQueries({ queryKey: configKeys.clusterConfig(body.cluster_type, body.cluster_id) });
      void client.invalidateQueries({ queryKey: ['configchange', 'list'] });
    },
  });
}

export function useConfigChanges(params: ConfigChangeListParams, clusterId?: string) {
  return useQuery({
    queryKey: configKeys.list(params, clusterId),
    queryFn: ({ signal }) =>
      http.get<ListResult<ConfigChangeListItem>>(
        clusterId ? pathOf(configChangeRoutes.clusterHistory, { cluster_id: clusterId }) : configChangeRoutes.list,
        { params, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useConfigChange(id: string, poll: (change: ConfigChange) => boolean) {
  return useQuery({
    queryKey: configKeys.detail(id),
    queryFn: ({ signal }) =>
      http.get<{ change: ConfigChange }>(pathOf(configChangeRoutes.detail, { id }), { signal }).then((r) => r.change),
    refetchInterval: (q) => (q.state.data && !q.state.error && poll(q.state.data) ? CHANGE_POLL_MS : false),
  });
}

function useChangeUpdated() {
  const client = useQueryClient();
  return (change: ConfigChange) => {
    client.setQueryData(configKeys.detail(change.id), change);
    void client.invalidateQueries({ queryKey: ['configchange', 'list'] });
    void client.invalidateQueries({ queryKey: ['configchange', 'clusterConfig'] });
    void client.invalidateQueries({ queryKey: ['approvals'] });
    void client.invalidateQueries({ queryKey: ['audit'] });
  };
}

/** Apply → `{ change, instance_id }`; failures open the operation-failure dialog. */
export function useApplyChange(id: string) {
  const updated = useChangeUpdated();
  return useMutation({
    mutationFn: () =>
      http.post<{ change: ConfigChange; instance_id: string }>(pathOf(configChangeRoutes.apply, { id }), {}),
    onSuccess: (out) => updated(out.change),
  });
}

export function useCancelChange(id: string) {
  const updated = useChangeUpdated();
  return useMutation({
    mutationFn: () =>
      http.post<{ change: ConfigChange }>(pathOf(configChangeRoutes.cancel, { id }), {}).then((r) => r.change),
    onSuccess: updated,
  });
}
