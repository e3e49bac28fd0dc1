import { z } from 'zod';
import { route } from './api.js';
import { METRICS_QUERY_MAX_LENGTH, parseMetricQueryWith, type MetricQueryParse } from './metrics-query.js';

export * from './metrics-query.js';

/*
 * The platform's telemetry (issue 14): a catalogue of metrics per tenant cluster, read through the server's metrics
 * adapter (Prometheus with PROMETHEUS_URL, else an embedded deterministic model of the seeded fleet), and the
 * /playground's read-only query API over them (a PromQL subset, metrics-query.ts).
 *
 * Each metric of the catalogue is, on a real deployment, a Prometheus recording rule: `record: <name>` with the
 * `promql` below as its `expr` (README, *Metrics*). The playground's queries are sent to Prometheus as written (in
 * their canonical form), so they read those rules.
 */

// ---- catalogue -----------------------------------------------------------------------------------------------------

/** The labels every series of a cluster carries. */
export const METRIC_CLUSTER_LABELS = [
  'cluster_id',
  'cluster_name',
  'tenant_id',
  'project_id',
  'provider',
  'region',
  'cluster_type',
] as const;
/** Per-component metrics add `component`, lower case: tidb, tikv, pd, tiflash, tiproxy. */
export const METRIC_COMPONENT_LABEL = 'component';
export const METRIC_COMPONENTS = ['tidb', 'tikv', 'pd', 'tiflash', 'tiproxy'] as const;
export type MetricComponent = (typeof METRIC_COMPONENTS)[number];

export const METRIC_NAMES = [
  'tidb_qps',
  'tidb_query_duration_p99_seconds',
  'tidb_query_errors_per_second',
  'tidb_connections',
  'component_cpu_usage_ratio',
  'component_memory_usage_ratio',
  'tikv_storage_usage_ratio',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export const METRIC_UNITS = ['req/s', 'seconds', 'errors/s', 'connections', 'ratio'] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

export interface MetricInfo {
  name: MetricName;
  help: string;
  unit: MetricUnit;
  /** What one series is: a cluster, or one component of a cluster. */
  per: 'cluster' | 'component';
  labels: readonly string[];
  /** The PromQL of the recording rule a real Prometheus evaluates for it. */
  promql: string;
}

// Plain literals (no calls at the top level): the web build keeps only what a page uses.
const BY = 'cluster_id, cluster_name, tenant_id, project_id, provider, region, cluster_type';
const BY_COMPONENT = `${BY}, component`;
const CONTAINERS = 'container=~"tidb|tikv|pd|tiflash|tiproxy"';
/** `label_replace(…)` turns the pods' `container` (named after the component) into `component`. */
const TO_COMPONENT = '"component", "$1", "container", "(.+)"';
const CLUSTER_LABEL_LIST: readonly string[] = METRIC_CLUSTER_LABELS;
const COMPONENT_LABEL_LIST: readonly string[] = [
  'cluster_id',
  'cluster_name',
  'tenant_id',
  'project_id',
  'provider',
  'region',
  'cluster_type',
  'component',
];

/** Every metric the portal knows, in the order the playground lists them. */
export const METRIC_CATALOGUE: readonly MetricInfo[] = [
  {
    name: 'tidb_qps',
    help: "Queries per second served by the cluster's TiDB servers.",
    unit: 'req/s',
    per: 'cluster',
    labels: CLUSTER_LABEL_LIST,
    promql: `sum by (${BY}) (rate(tidb_server_query_total[1m]))`,
  },
  {
    name: 'tidb_query_duration_p99_seconds',
    help: '99th percentile of query latency over the last minute, in seconds.',
    unit: 'seconds',
    per: 'cluster',
    labels: CLUSTER_LABEL_LIST,
    promql: `histogram_quantile(0.99, sum by (le, ${BY}) (rate(tidb_server_handle_query_duration_seconds_bucket[1m])))`,
  },
  {
    name: 'tidb_query_errors_per_second',
    help: 'Queries per second that ended in an error.',
    unit: 'errors/s',
    per: 'cluster',
    labels: CLUSTER_LABEL_LIST,
    promql: `sum by (${BY}) (rate(tidb_server_execute_error_total[1m]))`,
  },
  {
    name: 'tidb_connections',
    help: "Client connections open on the cluster's TiDB servers.",
    unit: 'connections',
    per: 'cluster',
    labels: CLUSTER_LABEL_LIST,
    promql: `sum by (${BY}) (tidb_server_connections)`,
  },
  {
    name: 'component_cpu_usage_ratio',
    help: "CPU used by a component's pods as a share of their CPU limit (0–1).",
    unit: 'ratio',
    per: 'component',
    labels: COMPONENT_LABEL_LIST,
    promql:
      `sum by (${BY_COMPONENT}) (label_replace(rate(container_cpu_usage_seconds_total{${CONTAINERS}}[1m]), ` +
      `${TO_COMPONENT})) / sum by (${BY_COMPONENT}) (label_replace(kube_pod_container_resource_limits{resource="cpu", ` +
      `${CONTAINERS}}, ${TO_COMPONENT}))`,
  },
  {
    name: 'component_memory_usage_ratio',
    help: "Memory (working set) of a component's pods as a share of their memory limit (0–1).",
    unit: 'ratio',
    per: 'component',
    labels: COMPONENT_LABEL_LIST,
    promql:
      `sum by (${BY_COMPONENT}) (label_replace(container_memory_working_set_bytes{${CONTAINERS}}, ${TO_COMPONENT})) / ` +
      `sum by (${BY_COMPONENT}) (label_replace(kube_pod_container_resource_limits{resource="memory", ` +
      `${CONTAINERS}}, ${TO_COMPONENT}))`,
  },
  {
    name: 'tikv_storage_usage_ratio',
    help: "Disk used by the cluster's TiKV stores as a share of their capacity (0–1).",
    unit: 'ratio',
    per: 'cluster',
    labels: CLUSTER_LABEL_LIST,
    promql: `sum by (${BY}) (tikv_store_size_bytes{type="used"}) / sum by (${BY}) (tikv_store_size_bytes{type="capacity"})`,
  },
];

export const metricInfo = (name: string): MetricInfo | undefined => METRIC_CATALOGUE.find((m) => m.name === name);

/** Each catalogue metric's labels: what the parser checks selectors and groupings against. */
export const METRIC_LABEL_SETS: Readonly<Record<string, readonly string[]>> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ METRIC_CATALOGUE.map((m) => [m.name, m.labels]),
);

/** Parses a playground query against the catalogue (the one parser of both sides); never throws. */
export const parseMetricQuery = (query: string): MetricQueryParse => parseMetricQueryWith(query, METRIC_LABEL_SETS);

/** A selector over one metric with equality matchers, written safely: `tidb_qps{cluster_id="123"}`. */
export function metricSelector(metric: MetricName, equals: Readonly<Record<string, string>> = {}): string {
  const m = Object.entries(equals).map(([l, v]) => `${l}="${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`);
  return m.length ? `${metric}{${m.join(', ')}}` : metric;
}

// ---- ranges and limits ---------------------------------------------------------------------------------------------

export const METRICS_MIN_STEP_SECONDS = 60;
export const METRICS_MAX_STEP_SECONDS = 86_400;
export const METRICS_MIN_RANGE_SECONDS = 300;
export const METRICS_MAX_RANGE_SECONDS = 31 * 86_400;
/** Points per series (range / step + 1). */
export const METRICS_MAX_POINTS = 1_500;
/** Series one selector may read. */
export const METRICS_MAX_SERIES = 5_000;
/** Samples one query may read: series read × points. */
export const METRICS_MAX_SAMPLES = 1_000_000;
/** Series the playground answers (the rest are left out, with a warning). */
export const METRICS_MAX_RESULT_SERIES = 200;
/** Points the automatic step aims at (at most). */
export const METRICS_AUTO_POINTS = 300;
export const METRICS_DEFAULT_RANGE = '1h';
export const METRICS_RANGE_PRESETS = ['15m', '1h', '6h', '24h', '7d', '31d'] as const;
/** Steps the automatic step picks from, seconds. */
const NICE_STEPS = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400];

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const DURATION = /^(?:\d{1,7}[smhdw])+$/;

/** `90s`, `5m`, `1h30m`, `7d`, `2w` → seconds; a bare number is seconds; null when it is not a duration. */
export function parseMetricDuration(text: string): number | null {
  const t = text.trim();
  if (/^\d{1,9}$/.test(t)) return Number(t);
  if (!DURATION.test(t)) return null;
  let total = 0;
  for (const [, n, u] of t.matchAll(/(\d+)([smhdw])/g)) total += Number(n) * UNIT_SECONDS[u!]!;
  return total;
}

/** Seconds as the shortest duration that says it exactly: 5400 → `1h30m`. */
export function formatMetricDuration(seconds: number): string {
  let rest = Math.max(0, Math.round(seconds));
  if (rest === 0) return '0s';
  let out = '';
  for (const u of ['d', 'h', 'm', 's']) {
    const size = UNIT_SECONDS[u]!;
    if (rest >= size) {
      out += `${Math.floor(rest / size)}${u}`;
      rest %= size;
    }
  }
  return out;
}

/** The step used when none is given: the smallest nice step that keeps the range within METRICS_AUTO_POINTS. */
export function autoMetricStep(rangeSeconds: number): number {
  return NICE_STEPS.find((s) => rangeSeconds / s <= METRICS_AUTO_POINTS) ?? METRICS_MAX_STEP_SECONDS;
}

/** Points of a range at a step: start, start + step, … up to end. */
export const metricPoints = (rangeSeconds: number, stepSeconds: number): number =>
  Math.floor(rangeSeconds / stepSeconds) + 1;

/** Every message the range checks give, on both sides. */
export const METRICS_MESSAGES = {
  queryRequired: 'query is required: a metric name such as tidb_qps, with optional label filters',
  queryTooLong: `query must be at most ${METRICS_QUERY_MAX_LENGTH} characters`,
  rangeFormat: 'range must be a duration such as 15m, 1h, 6h, 24h or 7d',
  rangeTooShort: 'range must be at least 5m',
  rangeTooLong: 'range must be at most 31d',
  stepFormat: 'step must be a duration such as 1m, 5m or 1h',
  stepTooSmall: 'step must be at least 1m',
  stepTooLarge: 'step must be at most 1d',
  tooManyPoints: `the range holds more than ${METRICS_MAX_POINTS} points at this step: use a larger step`,
  endFormat: 'end must be an ISO 8601 time, e.g. 2026-11-24T10:00:00Z',
  endInFuture: 'end must not be in the future',
} as const;

export interface MetricRangeProblem {
  field: 'range' | 'step' | 'end';
  message: string;
}

/** What is wrong with a range and step (the web checks the URL's with it before asking; the schema below agrees). */
export function metricRangeProblem(range: string, step: string | undefined): MetricRangeProblem | null {
  const M = METRICS_MESSAGES;
  const r = parseMetricDuration(range);
  if (r === null) return { field: 'range', message: M.rangeFormat };
  if (r < METRICS_MIN_RANGE_SECONDS) return { field: 'range', message: M.rangeTooShort };
  if (r > METRICS_MAX_RANGE_SECONDS) return { field: 'range', message: M.rangeTooLong };
  if (step === undefined || step === '') return null;
  const s = parseMetricDuration(step);
  if (s === null) return { field: 'step', message: M.stepFormat };
  if (s < METRICS_MIN_STEP_SECONDS) return { field: 'step', message: M.stepTooSmall };
  if (s > METRICS_MAX_STEP_SECONDS) return { field: 'step', message: M.stepTooLarge };
  if (metricPoints(r, s) > METRICS_MAX_POINTS) return { field: 'step', message: M.tooManyPoints };
  return null;
}

// ---- API -----------------------------------------------------------------------------------------------------------

// Marked pure for the web build, which cannot tell that `z.iso.…()` has no side effects (apps/web/vite.config.ts).
const isoTime = /* @__PURE__ */ z.iso.datetime({ offset: true, error: METRICS_MESSAGES.endFormat });

/**
 * A range query: `query` (the PromQL subset), `range` ending at `end` (default now), every `step` (default: automatic,
 * at most METRICS_AUTO_POINTS points). The query itself is parsed by the handler (400 `metrics.badQuery` with its
 * position), the range and step here.
 */
export const metricsRangeQuery = z
  .object({
    query: z
      .string()
      .min(1, METRICS_MESSAGES.queryRequired)
      .max(METRICS_QUERY_MAX_LENGTH, METRICS_MESSAGES.queryTooLong),
    range: z.string().max(32, METRICS_MESSAGES.rangeFormat).default(METRICS_DEFAULT_RANGE),
    step: z.string().max(32, METRICS_MESSAGES.stepFormat).optional(),
    end: isoTime.optional(),
  })
  .superRefine((q, ctx) => {
    const problem = metricRangeProblem(q.range, q.step);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type MetricsRangeQuery = z.input<typeof metricsRangeQuery>;

export const metricSeriesSchema = z.object({
  labels: z.record(z.string(), z.string()),
  /** One value per timestamp; null where the series has none (before the cluster existed, a gap). */
  values: z.array(z.number().nullable()),
});
export type MetricSeries = z.output<typeof metricSeriesSchema>;

export const metricsRangeResult = z.object({
  /** The query as run (canonical form). */
  query: z.string(),
  metric: z.string(),
  unit: z.string(),
  /** Where the data came from. */
  source: z.enum(['embedded', 'prometheus']),
  start: z.string(),
  end: z.string(),
  step: z.number().int(),
  /** Epoch milliseconds: start, start + step, … ≤ end. */
  timestamps: z.array(z.number()),
  series: z.array(metricSeriesSchema),
  /** Series the query produced, before any were left out (METRICS_MAX_RESULT_SERIES). */
  total_series: z.number().int(),
  /** Why the answer may be partial (series left out, a truncated selection). */
  warnings: z.array(z.string()),
});
export type MetricsRangeResult = z.output<typeof metricsRangeResult>;

export const metricsApi = {
  queryRange: route({
    method: 'GET',
    path: '/api/v1/devops/metrics/query_range',
    access: 'monitoring.read',
    summary: 'Run a read-only range query (a PromQL subset) over the platform metrics',
    query: metricsRangeQuery,
    response: metricsRangeResult,
  }),
};
