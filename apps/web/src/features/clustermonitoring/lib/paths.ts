/** The key (`?tab=`) of the cluster page's Alerts tab. */
export const ALERTS_TAB = 'alerts';

/** The cluster page opened on its Alerts tab: where the overview's critical alerts link. */
export function clusterAlertsPath(tenantId: string, clusterId: string): string {
  return `/orgs/${encodeURIComponent(tenantId)}/clusters/${encodeURIComponent(clusterId)}?tab=${ALERTS_TAB}`;
}
