import type { ClusterAlertListQuery, CriticalAlertListQuery } from '@portal/contract';

/** Every query key of the cluster-monitoring area (root `clustermonitoring`). */
export const clusterMonitoringKeys = {
  all: ['clustermonitoring'] as const,
  alerts: (clusterId: string) => ['clustermonitoring', 'alerts', clusterId] as const,
  alertList: (clusterId: string, query: ClusterAlertListQuery) =>
    ['clustermonitoring', 'alerts', clusterId, 'list', query] as const,
  alertSummary: (clusterId: string) => ['clustermonitoring', 'alerts', clusterId, 'summary'] as const,
  critical: () => ['clustermonitoring', 'critical'] as const,
  criticalList: (query: CriticalAlertListQuery) => ['clustermonitoring', 'critical', query] as const,
  topology: (clusterId: string) => ['clustermonitoring', 'topology', clusterId] as const,
  dm: (clusterId: string) => ['clustermonitoring', 'dm', clusterId] as const,
};
