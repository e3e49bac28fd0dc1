import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clusterMonitoringApi } from '@portal/contract';
import type {
  AcknowledgeClusterAlertBody,
  ClusterAlert,
  ClusterAlertListQuery,
  CriticalAlertListQuery,
  SilenceClusterAlertBody,
} from '@portal/contract';
import { api } from '../../shared/lib/api';
import { clusterMonitoringKeys } from './keys';

export { clusterMonitoringKeys };

export function useClusterAlerts(clusterId: string, query: ClusterAlertListQuery) {
  return useQuery({
    queryKey: clusterMonitoringKeys.alertList(clusterId, query),
    queryFn: ({ signal }) => api(clusterMonitoringApi.alerts, { params: { id: clusterId }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useClusterAlertSummary(clusterId: string) {
  return useQuery({
    queryKey: clusterMonitoringKeys.alertSummary(clusterId),
    queryFn: ({ signal }) => api(clusterMonitoringApi.alertSummary, { params: { id: clusterId } }, { signal }),
  });
}

export function useCriticalAlerts(query: CriticalAlertListQuery) {
  return useQuery({
    queryKey: clusterMonitoringKeys.criticalList(query),
    queryFn: ({ signal }) => api(clusterMonitoringApi.criticalAlerts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useClusterTopology(clusterId: string) {
  return useQuery({
    queryKey: clusterMonitoringKeys.topology(clusterId),
    queryFn: ({ signal }) => api(clusterMonitoringApi.topology, { params: { id: clusterId } }, { signal }),
  });
}

export function useDmNamespaces(clusterId: string) {
  return useQuery({
    queryKey: clusterMonitoringKeys.dm(clusterId),
    queryFn: ({ signal }) => api(clusterMonitoringApi.dmNamespaces, { params: { id: clusterId } }, { signal }),
  });
}

export type AlertActionInput =
  | { action: 'acknowledge'; body: AcknowledgeClusterAlertBody }
  | { action: 'silence'; body: SilenceClusterAlertBody }
  | { action: 'unsilence' };

/**
 * Acknowledge, silence or lift the silence of one alert; the cluster's alerts, its summary and the fleet's critical
 * alerts are read again. A refusal shows where the caller says (`errorModal`: the spec §8 dialog by default).
 */
export function useAlertAction(clusterId: string, { errorModal = true }: { errorModal?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertActionInput & { alertId: string }): Promise<ClusterAlert> => {
      const params = { id: clusterId, alert_id: input.alertId };
      const call =
        input.action === 'acknowledge'
          ? api(clusterMonitoringApi.acknowledgeAlert, { params, body: input.body })
          : input.action === 'silence'
            ? api(clusterMonitoringApi.silenceAlert, { params, body: input.body })
            : api(clusterMonitoringApi.unsilenceAlert, { params });
      return call.then((r) => r.alert);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: clusterMonitoringKeys.alerts(clusterId) });
      void client.invalidateQueries({ queryKey: clusterMonitoringKeys.critical() });
    },
    meta: { errorModal },
  });
}
