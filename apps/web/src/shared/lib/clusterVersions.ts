import { configcenterApi } from '@portal/contract';
import type { ClusterType } from '@portal/contract';
import { api } from './api';

/**
 * The versions a cluster type has (the config center's list), for the version choices of the config center and of a
 * cluster's version change; each area keeps the answer under its own query key.
 */
export function fetchClusterVersions(clusterType: ClusterType, signal?: AbortSignal) {
  return api(configcenterApi.versions, { query: { cluster_type: clusterType } }, { signal }).then((r) => r.versions);
}
