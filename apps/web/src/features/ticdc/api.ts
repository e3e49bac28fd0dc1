import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ticdcRoutes, TICDC_TRANSITIONAL_STATUSES } from '@portal/contract';
import type {
  Changefeed,
  ChangefeedStatus,
  DownstreamType,
  ListResult,
  ModifyTicdcImageBody,
  OperationCreated,
  ShutdownTicdcBody,
  TicdcCluster,
  TicdcClusterDetail,
  TicdcStatus,
  UpgradeTicdcBody,
} from '@portal/contract';
import { http, pathOf } from '../../shared/lib/http';

type ListBase = { page: number; per_page: number; sort?: string };
export type TicdcClusterListParams = ListBase & { cluster_id?: string; tenant_id?: string; status?: TicdcStatus[] };
export type ChangefeedListParams = ListBase & {
  cluster_id?: string;
  ticdc_cluster_id?: string;
  status?: ChangefeedStatus[];
  downstream_type?: DownstreamType[];
};

export const ticdcKeys = {
  all: ['ticdc'] as const,
  cluster: (id: string) => ['ticdc', 'cluster', id] as const,
  clusters: (params: TicdcClusterListParams) => ['ticdc', 'clusters', params] as const,
  changefeed: (id: string) => ['ticdc', 'changefeed', id] as const,
  changefeeds: (params: ChangefeedListParams) => ['ticdc', 'changefeeds', params] as const,
};

/** While an action's operation runs, the TiCDC cluster (or changefeed) is re-read so its status moves on screen. */
export const TICDC_POLL_MS = 2000;
const transitional = (status: string) => (TICDC_TRANSITIONAL_STATUSES as readonly string[]).includes(status);

export const ticdcClusterQuery = (id: string) =>
  queryOptions({
    queryKey: ticdcKeys.cluster(id),
    queryFn: ({ signal }) =>
      http
        .get<{ ticdc_cluster: TicdcClusterDetail }>(pathOf(ticdcRoutes.cluster, { id }), { signal })
        .then((r) => r.ticdc_cluster),
    staleTime: 30_000,
  });

export const changefeedQuery = (id: string) =>
  queryOptions({
    queryKey: ticdcKeys.changefeed(id),
    queryFn: ({ signal }) =>
      http
        .get<{ changefeed: Changefeed }>(pathOf(ticdcRoutes.changefeed, { id }), { signal })
        .then((r) => r.changefeed),
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

export function useTicdcClusters(params: TicdcClusterListParams) {
  return useQuery({
    queryKey: ticdcKeys.clusters(params),
    queryFn: ({ signal }) => http.get<ListResult<TicdcCluster>>(ticdcRoutes.clusters, { params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useChangefeeds(params: ChangefeedListParams) {
  return useQuery({
    queryKey: ticdcKeys.changefeeds(params),
    queryFn: ({ signal }) => http.get<ListResult<Changefeed>>(ticdcRoutes.changefeeds, { params, signal }),
    placeholderData: keepPreviousData,
  });
}

export type TicdcActionInput =
  | { action: 'upgrade'; body: UpgradeTicdcBody }
  | { action: 'modify_image'; body: ModifyTicdcImageBody }
  | { action: 'restart'; body?: { reason?: string } }
  | { action: 'shutdown'; body: ShutdownTicdcBody };

const TICDC_ACTION_ROUTES = {
  upgrade: ticdcRoutes.upgrade,
  modify_image: ticdcRoutes.modifyImage,
  restart: ticdcRoutes.restart,
  shutdown: ticdcRoutes.shutdown,
} as const;

/**
 * The TiCDC cluster actions; each answers the operation doing the work. `errorModal: false` because the
 * dialogs that start them show their own failures (field messages, or the operation-failure dialog).
 */
export function useTicdcAction(id: string, options: { errorModal?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TicdcActionInput) =>
      http.post<OperationCreated>(pathOf(TICDC_ACTION_ROUTES[input.action], { id }), input.body ?? {}),
    meta: options.errorModal === false ? { errorModal: false } : undefined,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticdcKeys.all });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useRestartChangefeed(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason?: string } = {}) =>
      http.post<OperationCreated>(pathOf(ticdcRoutes.restartChangefeed, { id }), body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ticdcKeys.all });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export const ticdcClusterPath = (tenantId: string, clusterId: string, ticdcId: string) =>
  `/orgs/${encodeURIComponent(tenantId)}/clusters/${encodeURIComponent(clusterId)}/ticdc_clusters/${encodeURIComponent(ticdcId)}`;

export const changefeedPath = (tenantId: string, clusterId: string, changefeedId: string) =>
  `/orgs/${encodeURIComponent(tenantId)}/clusters/${encodeURIComponent(clusterId)}/changefeeds/${encodeURIComponent(changefeedId)}`;
