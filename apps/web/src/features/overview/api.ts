import { useQuery } from '@tanstack/react-query';
import { overviewApi } from '@portal/contract';
import { api } from '../../shared/lib/api';

export const overviewKeys = {
  all: ['overview'] as const,
  stats: () => ['overview', 'stats'] as const,
};

export function useDashboardStats() {
  return useQuery({
    queryKey: overviewKeys.stats(),
    queryFn: ({ signal }) => api(overviewApi.stats, {}, { signal }),
    staleTime: 60_000,
  });
}
