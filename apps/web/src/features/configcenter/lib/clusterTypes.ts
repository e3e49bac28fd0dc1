import { DEFAULT_CLUSTER_TYPE } from '@portal/contract';
import type { ClusterType } from '@portal/contract';

/** The cluster types the config center offers (spec §2 /template filter) and their labels; the first is the default. */
export const CLUSTER_TYPE_OPTIONS: { value: ClusterType; label: string }[] = [
  { value: 'DEDICATED_TIDB', label: 'Dedicated' },
  { value: 'TICDC', label: 'TiCDC' },
  { value: 'CHANGEFEED', label: 'Changefeed' },
  { value: 'SHARED_POOL', label: 'Shared Pool' },
  { value: 'LOGICAL_CLUSTER', label: 'Logical Cluster' },
];

export const clusterTypeLabel = (type: string): string =>
  CLUSTER_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;

/** A cluster type read from the URL: one of the offered ones, else the default (spec §9: DEDICATED_TIDB). */
export function asClusterType(value: string | null | undefined): ClusterType {
  return CLUSTER_TYPE_OPTIONS.find((o) => o.value === value)?.value ?? DEFAULT_CLUSTER_TYPE;
}
