import { useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@portal/contract';
import type { DashboardStats } from '@portal/contract';
import { http } from '../../shared/lib/http';

export const dashboardKeys = { stats: ['dashboard', 'stats'] as const };

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKeys.stats,
    queryFn: ({ signal }) => http.get<DashboardStats>(dashboardRoutes.stats, { signal }),
    staleTime: 60_000,
  });
}
