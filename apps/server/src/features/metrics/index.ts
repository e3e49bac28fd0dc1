import { metricsApi } from '@portal/contract';
import type { AppContext } from '../../platform/context.js';
import { defineFeature } from '../../platform/context.js';
import { embeddedMetricsSource } from './embedded.js';
import { prometheusMetricsSource } from './prometheus.js';
import * as service from './service.js';
import type { MetricsSource } from './source.js';

export { embeddedMetricsSource, REPORTING_STATUSES } from './embedded.js';
export { prometheusMetricsSource, type PrometheusOptions } from './prometheus.js';
export {
  anomalyWindowsBetween,
  inAnomaly,
  loadShape,
  METRIC_ANOMALIES,
  seriesModel,
  type AnomalyWindow,
  type MetricAnomaly,
  type SeriesProfile,
} from './model.js';
export {
  exprOf,
  type InstantQueryResult,
  type InstantSample,
  type MetricsQueryOptions,
  type MetricsRange,
  type MetricsSource,
  type RangeQueryResult,
} from './source.js';

/**
 * The metrics source an app reads its telemetry from: Prometheus when PROMETHEUS_URL is set, else the embedded model
 * of the fleet (over the app's database). What other features call: `metricsSource(ctx).rangeQuery(…)`.
 */
export function metricsSource(ctx: Pick<AppContext, 'config' | 'db'>): MetricsSource {
  return ctx.config.prometheus ? prometheusMetricsSource(ctx.config.prometheus) : embeddedMetricsSource(ctx.db);
}

/**
 * Platform metrics (issue 14): the metrics adapter other features read telemetry through (exports above), and the
 * /playground's read-only query API.
 */
export const metricsFeature = defineFeature({
  name: 'metrics',
  routes: (r, ctx) => {
    const source = metricsSource(ctx);
    r.add(metricsApi.queryRange, (req) => service.queryRange(source, req.query));
  },
});
