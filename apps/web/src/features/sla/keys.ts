import type { SlaFleetQuery, SlaListQuery, SlaMonthlyQuery } from '@portal/contract';

/** Every query key of the SLA area (re-exported by api.ts and the manifest). */
export const slaKeys = {
  all: ['sla'] as const,
  fleet: (params: SlaFleetQuery) => ['sla', 'fleet', params] as const,
  list: (params: SlaListQuery) => ['sla', 'list', params] as const,
  detail: (clusterId: string, month: string | undefined) => ['sla', 'detail', clusterId, month ?? ''] as const,
  monthly: (clusterId: string, params: SlaMonthlyQuery) => ['sla', 'monthly', clusterId, params] as const,
};
