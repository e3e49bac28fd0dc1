import type { RemediationListQuery } from '@portal/contract';

/**
 * Every query key of the remediation area (re-exported by api.ts). A module of its own so that the area's manifest can
 * offer it without bundling the hooks.
 */
export const remediationKeys = {
  all: ['remediation'] as const,
  lists: () => ['remediation', 'list'] as const,
  list: (params: RemediationListQuery) => ['remediation', 'list', params] as const,
  detail: (id: string) => ['remediation', 'detail', id] as const,
  clusterOptions: (search: string) => ['remediation', 'cluster-options', search] as const,
  clusterComponents: (clusterId: string) => ['remediation', 'cluster-components', clusterId] as const,
  incidentOptions: (search: string) => ['remediation', 'incident-options', search] as const,
};
