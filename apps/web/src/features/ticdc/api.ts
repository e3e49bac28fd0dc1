import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ticdcApi, TICDC_TRANSITIONAL_STATUSES } from '@portal/contract';
import type {
  ChangefeedListQuery,
  ModifyTicdcImageBody,
  RestartBody,
  ShutdownTicdcBody,
  TicdcClusterListQuery,
  UpgradeTicdcBody,
} from '@portal/contract';
import { api } from '../../shared/lib/api';

export const ticdcKeys = {
  all: ['ticdc'] as const,
  cluster: (id: string) => ['ticdc', 'cluster', id] as const,
  clusters: (query: TicdcClusterListQuery) => ['ticdc', 'clusters', query] as const,
  changefeed: (id: string) => ['ticdc', 'changefeed', id] as const,
  changefeeds: (query: ChangefeedListQuery) => ['ticdc', 'changefeeds', query] as const,
};

/** While an action's operation runs, the TiCDC cluster (or changefeed) is re-read so its status moves on screen. */
export const TICDC_POLL_MS = 2000;
const transitional = (status: string) => (TICDC_TRANSITIONAL_STATUSES as readonly string[]).includes(status);

export const ticdcClusterQuery = (id: string) =>
  queryOptions({
    queryKey: ticdcKeys.cluster(id),
    queryFn: ({ signal }) => api(ticdcApi.cluster, { params: { id } }, { signal }).then((r) => r.ticdc_cluster),
    staleTime: 30_000,
  });

export const changefeedQuery = (id: string) =>
  queryOptions({
    queryKey: ticdcKeys.changefeed(id),
    queryFn: ({ signal }) => api(ticdcApi.changefeed, { params: { id } }, { signal }).then((r) => r.changefeed),
    staleTime: 30_000,
  });

export function useTicdcCluster(id: string) {
  return useQuery({
    ...ticdcClusterQuery(id),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && transitional(q.state.data.status) ? TICDC_POLL_MS : false),
  });
}

export function useChangefeed(id: string) {
  return useQuery({
    ...changefeedQuery(id),
    staleTime: 0,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 'restarting' || transitional(q.state.data.ticdc_cluster.status))
        ? TICDC_POLL_MS
        : false,
  });
}

export function useTicdcClusters(query: TicdcClusterListQuery) {
  return useQuery({
    queryKey: ticdcKeys.clusters(query),
    queryFn: ({ signal }) => api(ticdcApi.clusters, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useChangefeeds(query: ChangefeedListQuery) {
  return useQuery({
    queryKey: ticdcKeys.changefeeds(query),
    queryFn: ({ signal }) => api(ticdcApi.changefeeds, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type TicdcActionInput =
  | { action: 'upgrade'; body: UpgradeTicdcBody }
  | { action: 'modify_image'; body: ModifyTicdcImageBody }
  | { action: 'restart'; body?: RestartBody }
  | { action: 'shutdown'; body: ShutdownTicdcBody };

function runTicdcAction(id: string, input: TicdcActionInput) {
  const params = { id };
  switch (input.action) {
    case 'upgrade':
      return api(ticdcApi.upgrade, { params, body: input.body });
    case 'modify_image':
      return api(ticdcApi.modifyImage, { params, body: input.body });
    case 'restart':
      return api(ticdcApi.restart, { params, body: input.body ?? {} });
    case 'shutdown':
      return api(ticdcApi.shutdown, { params, body: input.body });
  }
}

/**
 * The TiCDC cluster actions; each answers the operation doing the work. `errorModal: false` because the
 * dialogs that start them show their own failures (field messages, or the operation-failure dialog).
 */
export function useTicdcAction(id: string, options: { errorModal?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TicdcActionInput) => runTicdcAction(id, input),
    meta: options.errorModal === false ? { errorModal: false } : undefined,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticdcKeys.all });
    },
  });
}

export function useRestartChangefeed(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RestartBody = {}) => api(ticdcApi.restartChangefeed, { params: { id }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticdcKeys.all });
    },
  });
}

export const ticdcClusterPath = (tenantId: string, clusterId: string, ticdcId: string) =>
  `/orgs/${encodeURIComponent(tenantId)}/clusters/${encodeURIComponent(clusterId)}/ticdc_clusters/${encodeURIComponent(ticdcId)}`;

export const changefeedPath = (tenantId: string, clusterId: string, changefeedId: string) =>
  `/orgs/${encodeURIComponent(tenantId)}/clusters/${encodeURIComponent(clusterId)}/changefeeds/${encodeURIComponent(changefeedId)}`;
