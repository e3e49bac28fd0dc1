import { z } from 'zod';
import { formatMetricExpr, METRICS_MAX_SERIES, type MetricExpr, type MetricSeries } from '@portal/contract';
import { AppError } from '../../platform/errors.js';
import { callOut } from '../../platform/outbound.js';
import { orderSeries } from './evaluate.js';
import { exprOf, rangeTimestamps, type InstantSample, type MetricsQueryOptions, type MetricsSource } from './source.js';

/*
 * Prometheus over its HTTP API (README, configuration: PROMETHEUS_URL, PROMETHEUS_TOKEN):
 * `GET /api/v1/query_range?query=&start=&end=&step=` → a matrix, `GET /api/v1/query?query=&time=` → a vector. The
 * query is the parsed one written back in canonical form, over the catalogue's metrics, which a real deployment
 * defines as recording rules (contract metrics.ts: each metric's `promql`).
 */

const sampleValue = z.tuple([z.number(), z.string()]);
const promAnswer = z.object({
  status: z.enum(['success', 'error']),
  data: z
    .object({
      resultType: z.string(),
      result: z.array(
        z.object({
          metric: z.record(z.string(), z.string()),
          values: z.array(sampleValue).optional(),
          value: sampleValue.optional(),
        }),
      ),
    })
    .optional(),
  errorType: z.string().optional(),
  error: z.string().optional(),
  warnings: z.array(z.string()).optional(),
});

export interface PrometheusOptions {
  /** Prometheus's root, e.g. `https://prometheus.example.com` (the API is under `/api/v1`). */
  url: string;
  /** Sent as `Authorization: Bearer …` when set. */
  token: string | undefined;
  /** Per request; 30 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A sample's text ("1.5", "NaN", "+Inf") as a number, or null when it is not a finite one. */
const numberOf = (s: string): number | null => {
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
};
/** A series' labels without `__name__` (a selector's answer carries it; the embedded source's do not). */
const withoutName = (m: Record<string, string>) =>
  Object.fromEntries(Object.entries(m).filter(([k]) => k !== '__name__'));

export function prometheusMetricsSource(opts: PrometheusOptions): MetricsSource {
  const base = opts.url.replace(/\/$/, '');
  const unavailable = (why: string) => new AppError('metrics.unavailable', `Prometheus ${why}`);

  async function call(path: string, params: Record<string, string>) {
    const res = await callOut(`${base}/api/v1/${path}?${new URLSearchParams(params)}`, {
      token: opts.token,
      timeoutMs: opts.timeoutMs ?? 30_000,
      fetch: opts.fetch,
      unavailable,
    });
    const body = promAnswer.safeParse(await res.json().catch(() => undefined));
    if (!body.success) throw unavailable(`answered ${res.status} with an unexpected body`);
    const answer = body.data;
    if (answer.status === 'error' || !res.ok) {
      const why = answer.error ?? `status ${res.status}`;
      if (res.status === 400 || answer.errorType === 'bad_data')
        throw new AppError('metrics.badQuery', `Prometheus refused the query: ${why}`);
      if (res.status === 422 || answer.errorType === 'execution')
        throw new AppError('metrics.limitExceeded', `Prometheus could not run the query: ${why}`);
      throw unavailable(`answered ${res.status}: ${why}`);
    }
    return { result: answer.data?.result ?? [], warnings: answer.warnings ?? [] };
  }

  /** The series cap, as the embedded source applies it (Prometheus itself answers in full). */
  function capped<T>(items: T[], opts: MetricsQueryOptions, warnings: string[]): T[] {
    const max = opts.maxSeries ?? METRICS_MAX_SERIES;
    if (items.length <= max) return items;
    if (opts.onTooManySeries !== 'truncate')
      throw new AppError('metrics.limitExceeded', `The query returns ${items.length} series; at most ${max}`);
    warnings.push(`Only ${max} of the ${items.length} series Prometheus returned are kept.`);
    return items.slice(0, max);
  }

  return {
    kind: 'prometheus',
    async rangeQuery(query, range, qopts = {}) {
      const expr: MetricExpr = exprOf(query);
      const timestamps = rangeTimestamps(range);
      const { result, warnings } = await call('query_range', {
        query: formatMetricExpr(expr),
        start: String(range.start.getTime() / 1000),
        end: String(range.end.getTime() / 1000),
        step: String(range.stepSeconds),
      });
      const start = range.start.getTime();
      const stepMs = range.stepSeconds * 1000;
      const series: MetricSeries[] = result.map((r) => {
        const values = new Array<number | null>(timestamps.length).fill(null);
        for (const [ts, v] of r.values ?? []) {
          const i = Math.round((ts * 1000 - start) / stepMs);
          if (i >= 0 && i < values.length) values[i] = numberOf(v);
        }
        return { labels: withoutName(r.metric), values };
      });
      const kept = capped(series, qopts, warnings);
      return { timestamps, series: orderSeries(expr, kept), warnings };
    },
    async instantQuery(query, at, qopts = {}) {
      const expr: MetricExpr = exprOf(query);
      const { result, warnings } = await call('query', {
        query: formatMetricExpr(expr),
        time: String(at.getTime() / 1000),
      });
      const series: MetricSeries[] = result.map((r) => ({
        labels: withoutName(r.metric),
        values: [r.value ? numberOf(r.value[1]) : null],
      }));
      const samples: InstantSample[] = orderSeries(expr, capped(series, qopts, warnings))
        .filter((s) => s.values[0] !== null)
        .map((s) => ({ labels: s.labels, value: s.values[0]! }));
      return { at: at.getTime(), samples, warnings };
    },
  };
}
