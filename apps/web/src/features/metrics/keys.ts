import type { MetricsRangeQuery } from '@portal/contract';

/** Every query key of the metrics area. */
export const metricsKeys = {
  all: ['metrics'] as const,
  range: (params: MetricsRangeQuery) => ['metrics', 'query_range', params] as const,
};
