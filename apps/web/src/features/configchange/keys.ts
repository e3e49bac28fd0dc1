import type { ClusterType, ConfigChangeListQuery, PreviewBody } from '@portal/contract';

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
  preview: (body: PreviewBody) => ['configchange', 'preview', body] as const,
  lists: () => ['configchange', 'list'] as const,
  list: (params: ConfigChangeListQuery, clusterId?: string) =>
    ['configchange', 'list', clusterId ?? null, params] as const,
  detail: (id: string) => ['configchange', 'detail', id] as const,
};
