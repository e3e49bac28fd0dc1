import { parseMetricQuery, type MetricExpr, type MetricSeries } from '@portal/contract';
import { AppError } from '../../platform/errors.js';

/*
 * The metrics adapter: where the platform's telemetry is read. An external system, so one interface with two
 * implementations: Prometheus over its HTTP API (PROMETHEUS_URL, prometheus.ts) and the embedded deterministic model
 * of the seeded fleet (embedded.ts, what the demo and the tests use). Queries are the playground's PromQL subset
 * (contract metrics-query.ts) over the catalogue's metrics (contract metrics.ts).
 */

export interface MetricsRange {
  start: Date;
  end: Date;
  /** Seconds between points: start, start + step, … ≤ end. */
  stepSeconds: number;
}

export interface MetricsQueryOptions {
  /** Series one selector may read (default METRICS_MAX_SERIES). */
  maxSeries?: number;
  /**
   * When a selector matches more than `maxSeries`: `error` (default) refuses the query (400 `metrics.limitExceeded`);
   * `truncate` reads the first `maxSeries` by cluster id and says so in `warnings` — for fleet-wide views that must
   * answer at any scale (the embedded source never reads the whole fleet into memory; Prometheus answers in full).
   */
  onTooManySeries?: 'error' | 'truncate';
}

export interface RangeQueryResult {
  /** Epoch ms of each point. */
  timestamps: number[];
  /** One value per timestamp (null: none there), labels as the expression leaves them. */
  series: MetricSeries[];
  warnings: string[];
}

export interface InstantSample {
  labels: Record<string, string>;
  value: number;
}

export interface InstantQueryResult {
  /** Epoch ms. */
  at: number;
  samples: InstantSample[];
  warnings: string[];
}

export interface MetricsSource {
  readonly kind: 'embedded' | 'prometheus';
  /**
   * Evaluates a query (text, or an expression parsed by `parseMetricQuery`) at each point of a range. A query that
   * does not parse is a 400 `metrics.badQuery`; a source that cannot be reached a 502 `metrics.unavailable`.
   */
  rangeQuery(query: string | MetricExpr, range: MetricsRange, opts?: MetricsQueryOptions): Promise<RangeQueryResult>;
  /** Evaluates a query at one instant; series without a value there are left out. */
  instantQuery(query: string | MetricExpr, at: Date, opts?: MetricsQueryOptions): Promise<InstantQueryResult>;
}

/** A query as an expression: text is parsed with the contract's parser (400 `metrics.badQuery` when it fails). */
export function exprOf(query: string | MetricExpr): MetricExpr {
  if (typeof query !== 'string') return query;
  const parsed = parseMetricQuery(query);
  if (!parsed.ok) throw new AppError('metrics.badQuery', parsed.error.message, parsed.error);
  return parsed.expr;
}

/** The epoch-ms points of a range. */
export function rangeTimestamps(range: MetricsRange): number[] {
  const step = range.stepSeconds * 1000;
  const out: number[] = [];
  for (let t = range.start.getTime(); t <= range.end.getTime(); t += step) out.push(t);
  return out;
}

/** An instant query as a one-point range query: the samples that have a value. */
export function instantFromRange(at: Date, r: RangeQueryResult): InstantQueryResult {
  const samples: InstantSample[] = [];
  for (const s of r.series) {
    const v = s.values[0];
    if (v !== null && v !== undefined) samples.push({ labels: s.labels, value: v });
  }
  return { at: at.getTime(), samples, warnings: r.warnings };
}
