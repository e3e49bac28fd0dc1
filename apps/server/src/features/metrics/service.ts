import type { z } from 'zod';
import {
  autoMetricStep,
  metricInfo,
  METRICS_MAX_RESULT_SERIES,
  METRICS_MESSAGES,
  parseMetricDuration,
  parseMetricQuery,
  type MetricExpr,
  type metricsRangeQuery,
  type MetricsRangeResult,
} from '@portal/contract';
import { AppError } from '../../platform/errors.js';
import type { MetricsSource } from './source.js';

/** How far ahead of the server's clock `end` may be (clocks of browsers drift). */
const FUTURE_SLACK_MS = 60_000;

/** Whether the expression counts series (then its unit is series, whatever the metric's). */
const counts = (e: MetricExpr): boolean =>
  e.kind !== 'selector' && ((e.kind === 'aggregate' && e.op === 'count') || counts(e.expr));

/**
 * The playground's range query: parse the query (400 `metrics.badQuery` with the position), place the range on the
 * step's grid ending at `end` (default now), run it on the source and keep at most METRICS_MAX_RESULT_SERIES series
 * (a warning says how many were left out).
 */
export async function queryRange(
  source: MetricsSource,
  q: z.output<typeof metricsRangeQuery>,
  now = Date.now(),
): Promise<MetricsRangeResult> {
  const parsed = parseMetricQuery(q.query);
  if (!parsed.ok) throw new AppError('metrics.badQuery', parsed.error.message, parsed.error);
  // The schema has checked both (metricRangeProblem).
  const rangeSeconds = parseMetricDuration(q.range)!;
  const step = q.step ? parseMetricDuration(q.step)! : autoMetricStep(rangeSeconds);
  const stepMs = step * 1000;
  const endAsked = q.end ? Date.parse(q.end) : now;
  if (endAsked > now + FUTURE_SLACK_MS)
    throw new AppError('request.invalid', `query.end: ${METRICS_MESSAGES.endInFuture}`, [
      { field: 'query.end', message: METRICS_MESSAGES.endInFuture },
    ]);
  // On the step's grid, so the same range asked twice reads the same points.
  const end = Math.floor(Math.min(endAsked, now) / stepMs) * stepMs;
  const start = end - Math.floor(rangeSeconds / step) * stepMs;
  const result = await source.rangeQuery(parsed.expr, {
    start: new Date(start),
    end: new Date(end),
    stepSeconds: step,
  });
  const warnings = [...result.warnings];
  const total = result.series.length;
  if (total > METRICS_MAX_RESULT_SERIES)
    warnings.push(
      `The query returns ${total} series; the first ${METRICS_MAX_RESULT_SERIES} are shown. Aggregate ` +
        `(sum by (region) (…)) or rank (topk(10, …)) to see fewer.`,
    );
  return {
    query: parsed.canonical,
    metric: parsed.metric,
    unit: counts(parsed.expr) ? 'series' : (metricInfo(parsed.metric)?.unit ?? ''),
    source: source.kind,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    step,
    timestamps: result.timestamps,
    series: result.series.slice(0, METRICS_MAX_RESULT_SERIES),
    total_series: total,
    warnings,
  };
}
