/** The pages of the area (spec §2 /infraInformation, /k8sUpgradeTask). */
export const infraPath = (k8sName: string) => `/infraInformation/${encodeURIComponent(k8sName)}`;
export const taskPath = (taskId: string) => `/k8sUpgradeTask/${encodeURIComponent(taskId)}`;
export const taskClusterPath = (taskId: string, k8sName: string) =>
  `${taskPath(taskId)}/k8sCluster/${encodeURIComponent(k8sName)}`;
