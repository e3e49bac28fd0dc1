import type { ClusterType, ConfigChangeListQuery, PreviewBody } from '@portal/contract';

/** The targets the configuration editor edits: a cluster (TiCDC cluster, changefeed) or a tenant's init config. */
export type ConfigTargetType = 'cluster' | 'tenant_init';

/**
 * Every query key of the configchange area (re-exported by api.ts; other areas refresh a target's configuration with
 * `clusterConfig`). A module of its own so that the area's manifest (index.ts, in the entry chunk) can offer it to
 * other areas without bundling the hooks.
 */
export const configchangeKeys = {
  all: ['configchange'] as const,
  clusterConfigs: () => ['configchange', 'clusterConfig'] as const,
  clusterConfig: (clusterType: ClusterType, clusterId: string) =>
    ['configchange', 'clusterConfig', clusterType, clusterId] as const,
  /** A target's configuration: a cluster's is `clusterConfig`; a tenant's init configuration sits beside it. */
  targetConfig: (targetType: ConfigTargetType, clusterType: ClusterType, id: string) =>
    targetType === 'cluster'
      ? (['configchange', 'clusterConfig', clusterType, id] as const)
      : (['configchange', 'clusterConfig', clusterType, id, targetType] as const),
  versions: (clusterType: ClusterType) => ['configchange', 'versions', clusterType] as const,
  preview: (body: PreviewBody, targetType: ConfigTargetType = 'cluster') =>
    ['configchange', 'preview', targetType, body] as const,
  lists: () => ['configchange', 'list'] as const,
  list: (params: ConfigChangeListQuery, clusterId?: string, targetType: ConfigTargetType = 'cluster') =>
    ['configchange', 'list', targetType, clusterId ?? null, params] as const,
  detail: (id: string) => ['configchange', 'detail', id] as const,
};
