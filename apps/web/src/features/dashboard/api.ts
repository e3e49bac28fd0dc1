import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardApi } from '@portal/contract';
import type { TenantEngine, TenantRanking } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { dashboardKeys } from './keys';

export { dashboardKeys };

/** The panels' figures move slowly: read again after a minute (the overview's own figures do the same). */
const STALE_MS = 60_000;

export function useCloudOncall() {
  return useQuery({
    queryKey: dashboardKeys.oncall(),
    queryFn: ({ signal }) => api(dashboardApi.cloudOncall, {}, { signal }),
    staleTime: STALE_MS,
  });
}

export function useDashboardIncidents(limit: number) {
  return useQuery({
    queryKey: dashboardKeys.incidents(limit),
    queryFn: ({ signal }) => api(dashboardApi.incident, { query: { limit } }, { signal }),
    staleTime: STALE_MS,
  });
}

export function useDashboardReleases(limit: number) {
  return useQuery({
    queryKey: dashboardKeys.releases(limit),
    queryFn: ({ signal }) => api(dashboardApi.release, { query: { limit } }, { signal }),
    staleTime: STALE_MS,
  });
}

export function useTopQps(limit: number) {
  return useQuery({
    queryKey: dashboardKeys.topQps(limit),
    queryFn: ({ signal }) => api(dashboardApi.topQps, { query: { limit } }, { signal }),
    staleTime: STALE_MS,
  });
}

const ENGINE_ROUTES = { tikv: dashboardApi.tikvTenants, tiflash: dashboardApi.tiflashTenants } as const;

export function useEngineTenants(engine: TenantEngine, by: TenantRanking, limit: number) {
  return useQuery({
    queryKey: dashboardKeys.engineTenants(engine, by, limit),
    queryFn: ({ signal }) => api(ENGINE_ROUTES[engine], { query: { by, limit } }, { signal }),
    staleTime: STALE_MS,
    // Switching the ranking keeps the rows on screen until the other order arrives.
    placeholderData: keepPreviousData,
  });
}
