import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { metricsApi } from '@portal/contract';
import type { MetricsRangeQuery } from '@portal/contract';
import { api } from '../../shared/lib/api';
import { metricsKeys } from './keys';

export { metricsKeys };

/** A range query of the playground; `params` null while there is nothing valid to ask. */
export function useRangeQuery(params: MetricsRangeQuery | null) {
  return useQuery({
    queryKey: metricsKeys.range(params ?? { query: '' }),
    queryFn: ({ signal }) => api(metricsApi.queryRange, { query: params! }, { signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
