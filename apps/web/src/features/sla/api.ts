import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { slaApi } from '@portal/contract';
import type { SlaFleetQuery, SlaListQuery, SlaMonthlyQuery } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { slaKeys } from './keys';

export { slaKeys };

/** The fleet's month (§7 dashboard sla): the overview panel and the summary's figures. */
export function useSlaFleet(params: SlaFleetQuery) {
  return useQuery({
    queryKey: slaKeys.fleet(params),
    queryFn: ({ signal }) => api(slaApi.fleet, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The summary list: each dedicated cluster's month against its objective. */
export function useSlaList(params: SlaListQuery) {
  return useQuery({
    queryKey: slaKeys.list(params),
    queryFn: ({ signal }) => api(slaApi.list, { query: params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A cluster's month, day by day, with its downtime windows (§7 sla-dedicated-detail). */
export function useSlaDetail(clusterId: string, month: string | undefined) {
  return useQuery({
    queryKey: slaKeys.detail(clusterId, month),
    queryFn: ({ signal }) => api(slaApi.detail, { params: { clusterId }, query: { month } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A cluster's last months (§7 sla-dedicated-monthly). */
export function useSlaMonthly(clusterId: string, params: SlaMonthlyQuery = {}) {
  return useQuery({
    queryKey: slaKeys.monthly(clusterId, params),
    queryFn: ({ signal }) => api(slaApi.monthly, { params: { clusterId }, query: params }, { signal }),
  });
}
