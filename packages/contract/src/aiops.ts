import { z } from 'zod';
import { route } from './api.js';
import { listQuery, listResult, repeated } from './list.js';
import { formatMetricDuration, type MetricName } from './metrics.js';

/*
 * AIOps (spec §2 /aiops/issues, /aiops/issues/{issue_key}, /aiops/reports/{report_id}; the menu's "aiops: issues").
 * The spec names the pages only; the API is the portal's own, under /api/v1/devops/aiops/….
 *
 * Anomaly rules (data below: a metric of the metrics catalogue, a condition, a window, a severity) are evaluated over
 * the fleet's telemetry (the metrics adapter: Prometheus, or the embedded model) by a durable periodic job. A rule
 * that fires for a cluster opens an issue (`AIOPS-1001`), or refreshes the one still open for the same rule and
 * cluster (last seen, peak, occurrences). People move an issue open → acknowledged → resolved (audited); a rule that
 * fires again after its issue was resolved opens a new one. A daily report summarises the issues of each UTC day.
 */

// ---- severity -----------------------------------------------------------------------------------------------------
/** Highest first. */
export const AIOPS_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type AiopsSeverity = (typeof AIOPS_SEVERITIES)[number];
export const AIOPS_SEVERITY_LABELS: Record<AiopsSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};
export const AIOPS_SEVERITY_COLORS: Record<AiopsSeverity, string> = {
  critical: 'red',
  warning: 'orange',
  info: 'blue',
};

// ---- status: the state machine (data; the server enforces it, the web enables from it) ----------------------------
export const AIOPS_ISSUE_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type AiopsIssueStatus = (typeof AIOPS_ISSUE_STATUSES)[number];
export const AIOPS_ISSUE_STATUS_LABELS: Record<AiopsIssueStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};
export const AIOPS_ISSUE_STATUS_COLORS: Record<AiopsIssueStatus, string> = {
  open: 'error',
  acknowledged: 'warning',
  resolved: 'success',
};

export const AIOPS_ISSUE_ACTIONS = ['acknowledge', 'resolve'] as const;
export type AiopsIssueAction = (typeof AIOPS_ISSUE_ACTIONS)[number];
export const AIOPS_ISSUE_ACTION_LABELS: Record<AiopsIssueAction, string> = {
  acknowledge: 'Acknowledge',
  resolve: 'Resolve',
};
/** Where each action leads. */
export const AIOPS_ISSUE_ACTION_TARGETS: Record<AiopsIssueAction, AiopsIssueStatus> = {
  acknowledge: 'acknowledged',
  resolve: 'resolved',
};
/**
 * The actions each status allows (anything else is 409 `aiops.actionNotAllowed`). Acknowledging is optional: an
 * obvious false alarm may be resolved straight away. A resolved issue is final: if the rule fires again for the
 * cluster, the detector opens a new issue.
 */
export const AIOPS_ISSUE_STATUS_ACTIONS: Record<AiopsIssueStatus, readonly AiopsIssueAction[]> = {
  open: ['acknowledge', 'resolve'],
  acknowledged: ['resolve'],
  resolved: [],
};
export const canAiopsIssue = (status: string, action: string): boolean =>
  AIOPS_ISSUE_STATUS_ACTIONS[status as AiopsIssueStatus]?.includes(action as AiopsIssueAction) ?? false;
/** Statuses of an issue someone still has to look at (the list's default filter on the page). */
export const ACTIVE_AIOPS_ISSUE_STATUSES = ['open', 'acknowledged'] as const satisfies readonly AiopsIssueStatus[];

// ---- anomaly rules ------------------------------------------------------------------------------------------------
/**
 * When a rule fires, judged at each evaluation over the window ending then (the metric is first reduced to one value
 * per cluster and time with the rule's `aggregate` over the cluster's instances):
 * - `above` / `below`: the window's mean is above / below `threshold`;
 * - `deviation`: the window's mean is more than `factor` × the baseline's highest sample (direction `up`), or less
 *   than `factor` × its lowest (`down`). The baseline is the `baseline_minutes` that end `baseline_offset_minutes`
 *   before the window: far enough back that an anomaly lasting an hour or so does not leak into its own baseline,
 *   and its extreme rather than its mean, so that the tail of an earlier anomaly inside it only makes the rule fire
 *   less (a recovery after a drop is not a surge). A baseline below `min_baseline` counts as `min_baseline` going up
 *   (tiny rates triple on noise alone), and never fires going down (nothing to drop from).
 */
export type AiopsCondition =
  | { kind: 'above'; threshold: number }
  | { kind: 'below'; threshold: number }
  | {
      kind: 'deviation';
      direction: 'up' | 'down';
      factor: number;
      baseline_minutes: number;
      baseline_offset_minutes: number;
      min_baseline: number;
    };
export const AIOPS_CONDITION_KINDS = ['above', 'below', 'deviation'] as const;
export type AiopsConditionKind = (typeof AIOPS_CONDITION_KINDS)[number];
export const AIOPS_CONDITION_LABELS: Record<AiopsConditionKind, string> = {
  above: 'Above threshold',
  below: 'Below threshold',
  deviation: 'Deviation from baseline',
};

/** How a rule reduces a cluster's instances (one series per instance) to one series. */
export const AIOPS_AGGREGATES = ['max', 'avg', 'sum', 'min'] as const;
export type AiopsAggregate = (typeof AIOPS_AGGREGATES)[number];

export interface AiopsRule {
  /** Stable id, stored on issues. */
  key: string;
  name: string;
  description: string;
  /** A metric of the metrics catalogue (contract metrics.ts), narrowed by equality label matchers. */
  metric: MetricName;
  matchers: Readonly<Record<string, string>>;
  aggregate: AiopsAggregate;
  condition: AiopsCondition;
  window_minutes: number;
  severity: AiopsSeverity;
}

/** The rules the detector evaluates (metrics: the metrics catalogue; thresholds in the metric's unit). */
export const AIOPS_RULES = [
  {
    key: 'cpu_saturation',
    name: 'CPU saturation',
    description: "A component's pods stay above 90% of their CPU limit: requests queue and latency grows.",
    metric: 'component_cpu_usage_ratio',
    matchers: {},
    aggregate: 'max',
    condition: { kind: 'above', threshold: 0.9 },
    window_minutes: 10,
    severity: 'critical',
  },
  {
    key: 'tikv_storage_pressure',
    name: 'TiKV storage pressure',
    description: "The cluster's TiKV stores are above 85% of their capacity: scale out before they fill.",
    metric: 'tikv_storage_usage_ratio',
    matchers: {},
    aggregate: 'max',
    condition: { kind: 'above', threshold: 0.85 },
    window_minutes: 30,
    severity: 'warning',
  },
  {
    key: 'query_error_burst',
    name: 'Query error burst',
    description:
      'Failed queries per second rose far above their usual rate: a bad deploy, a schema change, a full store.',
    metric: 'tidb_query_errors_per_second',
    matchers: {},
    aggregate: 'sum',
    condition: {
      kind: 'deviation',
      direction: 'up',
      factor: 3,
      baseline_minutes: 60,
      baseline_offset_minutes: 60,
      min_baseline: 0.05,
    },
    window_minutes: 10,
    severity: 'critical',
  },
  {
    key: 'query_latency_regression',
    name: 'Query latency regression',
    description: 'p99 query latency rose far above its usual level: a plan change, a hot spot, a slow store.',
    metric: 'tidb_query_duration_p99_seconds',
    matchers: {},
    aggregate: 'max',
    condition: {
      kind: 'deviation',
      direction: 'up',
      factor: 3,
      baseline_minutes: 60,
      baseline_offset_minutes: 60,
      min_baseline: 0.005,
    },
    window_minutes: 15,
    severity: 'warning',
  },
  {
    key: 'qps_surge',
    name: 'QPS surge',
    description: 'Queries per second rose far above the usual level: a traffic surge, a retry storm, a runaway job.',
    metric: 'tidb_qps',
    matchers: {},
    aggregate: 'sum',
    condition: {
      kind: 'deviation',
      direction: 'up',
      factor: 2.5,
      baseline_minutes: 60,
      baseline_offset_minutes: 60,
      min_baseline: 10,
    },
    window_minutes: 15,
    severity: 'info',
  },
  {
    key: 'qps_drop',
    name: 'QPS drop',
    description: 'Queries per second fell far below the usual level: clients cannot connect, or traffic moved away.',
    metric: 'tidb_qps',
    matchers: {},
    aggregate: 'sum',
    condition: {
      kind: 'deviation',
      direction: 'down',
      factor: 0.3,
      baseline_minutes: 60,
      baseline_offset_minutes: 60,
      min_baseline: 10,
    },
    window_minutes: 15,
    severity: 'warning',
  },
] as const satisfies readonly AiopsRule[];
export type AiopsRuleKey = (typeof AIOPS_RULES)[number]['key'];
export const AIOPS_RULE_KEYS = AIOPS_RULES.map((r) => r.key) as [AiopsRuleKey, ...AiopsRuleKey[]];
export const aiopsRule = (key: string): AiopsRule | undefined =>
  (AIOPS_RULES as readonly AiopsRule[]).find((r) => r.key === key);

/** The baseline in words: "the highest value of the 60 min ending 60 min before the window". */
const baselineWords = (c: { direction: 'up' | 'down'; baseline_minutes: number; baseline_offset_minutes: number }) =>
  `the ${c.direction === 'up' ? 'highest' : 'lowest'} value of the ${c.baseline_minutes} min ending ` +
  `${c.baseline_offset_minutes} min before the window`;

/** The rule's condition in words, e.g. "max over the cluster, mean over 10 min above 0.9". */
export function describeAiopsCondition(rule: AiopsRule): string {
  const c = rule.condition;
  const over = `${rule.aggregate} over the cluster, mean over ${rule.window_minutes} min`;
  if (c.kind === 'above') return `${over} above ${c.threshold}`;
  if (c.kind === 'below') return `${over} below ${c.threshold}`;
  return `${over} ${c.direction === 'up' ? 'above' : 'below'} ${c.factor}× ${baselineWords(c)}`;
}

const quoted = (v: string) => `"${v.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
/** The rule's series selector, optionally for one cluster: `component_cpu_usage_ratio{component="tidb"}`. */
export function aiopsRuleSelector(rule: AiopsRule, clusterId?: string): string {
  const m = Object.entries({ ...rule.matchers, ...(clusterId === undefined ? {} : { cluster_id: clusterId }) });
  return m.length ? `${rule.metric}{${m.map(([l, v]) => `${l}=${quoted(v)}`).join(', ')}}` : rule.metric;
}

/**
 * The PromQL the rule stands for (what a Prometheus-backed detector would ask for, the whole fleet in one query; the
 * series it returns are the clusters that fire).
 */
export function aiopsRulePromql(rule: AiopsRule): string {
  const w = `${rule.window_minutes}m`;
  const series = `${rule.aggregate} by (cluster_id) (${aiopsRuleSelector(rule)})`;
  const mean = `avg_over_time((${series})[${w}:1m])`;
  const c = rule.condition;
  if (c.kind === 'above') return `${mean} > ${c.threshold}`;
  if (c.kind === 'below') return `${mean} < ${c.threshold}`;
  const offset = `${rule.window_minutes + c.baseline_offset_minutes}m`;
  const extreme = c.direction === 'up' ? 'max_over_time' : 'min_over_time';
  const base = `${extreme}((${series})[${c.baseline_minutes}m:1m] offset ${offset})`;
  if (c.direction === 'up') return `${mean} > ${c.factor} * clamp_min(${base}, ${c.min_baseline})`;
  return `${mean} < ${c.factor} * ${base} and ${base} >= ${c.min_baseline}`;
}

/** The evidence query for one cluster, in the playground's PromQL subset: the rule's series, reduced to the cluster. */
export const aiopsEvidenceQuery = (rule: AiopsRule, clusterId: string): string =>
  `${rule.aggregate} by (cluster_id) (${aiopsRuleSelector(rule, clusterId)})`;

// ---- limits and timing --------------------------------------------------------------------------------------------
/** The detector runs every this many minutes (a durable job that queues its next run). */
export const AIOPS_DETECT_INTERVAL_MINUTES = 5;
/** The resolution the detector reads the metrics at. */
export const AIOPS_EVAL_STEP_SECONDS = 60;
/** The evidence chart: this long before the first sighting and after the last one (up to now). */
export const AIOPS_EVIDENCE_BEFORE_MINUTES = 120;
export const AIOPS_EVIDENCE_AFTER_MINUTES = 60;
/** At most this many points on the evidence chart (a longer issue is read at a coarser step). */
export const AIOPS_EVIDENCE_MAX_POINTS = 360;
/** The evidence chart covers at most this many days, ending with the last sighting (an issue may last for weeks). */
export const AIOPS_EVIDENCE_MAX_DAYS = 7;
/** A report's new-vs-resolved trend covers this many days, ending with its own. */
export const AIOPS_REPORT_TREND_DAYS = 7;
/** A report lists at most this many clusters, and this many of the day's new issues. */
export const AIOPS_REPORT_TOP_CLUSTERS = 10;
export const AIOPS_REPORT_MAX_ISSUES = 50;
export const AIOPS_NOTE_MAX = 1000;

export const AIOPS_ISSUE_KEY_PATTERN = /^AIOPS-\d{1,9}$/;
export const AIOPS_REPORT_ID_PATTERN = /^daily-\d{4}-\d{2}-\d{2}$/;
export const aiopsIssueKey = (n: number): string => `AIOPS-${n}`;
export const aiopsReportId = (day: string): string => `daily-${day}`;

export const AIOPS_MESSAGES = {
  acknowledged: 'Issue acknowledged',
  resolved: 'Issue resolved',
  noteTooLong: `note must be at most ${AIOPS_NOTE_MAX} characters`,
} as const;

// ---- the playground link ------------------------------------------------------------------------------------------
/**
 * The playground page running `query` over the range of `rangeSeconds` ending at `end`, every `stepSeconds` (its query
 * params are the metrics contract's: query, range, step, end, durations as `formatMetricDuration` writes them).
 */
export function aiopsPlaygroundPath(query: string, rangeSeconds: number, end: string, stepSeconds: number): string {
  const params = {
    query,
    range: formatMetricDuration(rangeSeconds),
    step: formatMetricDuration(stepSeconds),
    end,
  };
  const qs = Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  return `/playground?${qs.join('&')}`;
}

// ---- entities -----------------------------------------------------------------------------------------------------
export const aiopsIssueSchema = z.object({
  /** `AIOPS-1001`: a sequence number, never reused. */
  key: z.string(),
  rule: z.string(),
  rule_name: z.string(),
  metric: z.string(),
  severity: z.enum(AIOPS_SEVERITIES),
  status: z.enum(AIOPS_ISSUE_STATUSES),
  cluster_id: z.string(),
  /** As the portal knows it now (the id itself when the cluster no longer exists). */
  cluster_name: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  /** What the detector saw, e.g. "mean 0.96 over 10 min, above 0.9". */
  summary: z.string(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** Whether the rule still fired for the cluster at the detector's last run. */
  firing: z.boolean(),
  /** The worst window value seen (highest for above and deviation upwards, lowest for below and drops). */
  peak_value: z.number(),
  /** The threshold (above/below), or the baseline (its highest or lowest sample) when last seen (deviation). */
  reference_value: z.number(),
  /** How many detector runs found it. */
  occurrences: z.number().int(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  /** The note given when it was resolved. */
  resolution_note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AiopsIssue = z.infer<typeof aiopsIssueSchema>;
export const aiopsIssueResponse = z.object({ issue: aiopsIssueSchema });

/** The evidence chart: the rule's metric for the cluster around the issue, as the metrics adapter answers it. */
export const aiopsEvidenceSchema = z.object({
  issue_key: z.string(),
  metric: z.string(),
  unit: z.string(),
  /** The query the chart shows (the playground's PromQL subset), and the playground page running it. */
  query: z.string(),
  playground_path: z.string(),
  start: z.string(),
  end: z.string(),
  step_seconds: z.number().int(),
  /** Epoch milliseconds, ascending. */
  x: z.array(z.number()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number().nullable()) })),
  /** The rule's threshold (above/below), drawn as a line; null for deviation rules. */
  threshold: z.number().nullable(),
});
export type AiopsEvidence = z.infer<typeof aiopsEvidenceSchema>;

export const AIOPS_REPORT_KINDS = ['daily'] as const;
export type AiopsReportKind = (typeof AIOPS_REPORT_KINDS)[number];

/** A report as listed. */
export const aiopsReportSummarySchema = z.object({
  /** `daily-2026-11-03`: the kind and the UTC day. */
  id: z.string(),
  kind: z.enum(AIOPS_REPORT_KINDS),
  /** The UTC day it covers (YYYY-MM-DD) and its bounds [start, end). */
  day: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  generated_at: z.string(),
  /** Issues seen during the day (first seen before its end, last seen after its start). */
  total: z.number().int(),
  /** Issues first seen that day / resolved that day. */
  new: z.number().int(),
  resolved: z.number().int(),
  critical: z.number().int(),
});
export type AiopsReportSummary = z.infer<typeof aiopsReportSummarySchema>;

const countOf = <T extends z.ZodType>(key: T) => z.object({ key, label: z.string(), count: z.number().int() });
export const aiopsReportSchema = aiopsReportSummarySchema.extend({
  by_severity: z.array(countOf(z.enum(AIOPS_SEVERITIES))),
  by_rule: z.array(countOf(z.string())),
  /** The statuses of the day's issues when the report was generated. */
  by_status: z.array(countOf(z.enum(AIOPS_ISSUE_STATUSES))),
  /** Clusters with the most issues that day (most first, then the most critical ones). */
  top_clusters: z.array(
    z.object({
      cluster_id: z.string(),
      cluster_name: z.string(),
      tenant_id: z.string(),
      tenant_name: z.string(),
      issues: z.number().int(),
      critical: z.number().int(),
    }),
  ),
  /** New and resolved issues per UTC day, for the AIOPS_REPORT_TREND_DAYS days ending with the report's. */
  trend: z.array(z.object({ day: z.string(), new: z.number().int(), resolved: z.number().int() })),
  /** The day's new issues (at most AIOPS_REPORT_MAX_ISSUES, most severe first). */
  new_issues: z.array(
    z.object({
      key: z.string(),
      rule: z.string(),
      severity: z.enum(AIOPS_SEVERITIES),
      status: z.enum(AIOPS_ISSUE_STATUSES),
      cluster_id: z.string(),
      cluster_name: z.string(),
      first_seen: z.string(),
    }),
  ),
});
export type AiopsReport = z.infer<typeof aiopsReportSchema>;
export const aiopsReportResponse = z.object({ report: aiopsReportSchema });

// ---- requests -----------------------------------------------------------------------------------------------------
/** GET /aiops/issues: 10 per page (spec §9), most recently seen first. */
export const aiopsIssueListQuery = listQuery(
  {
    status: repeated(z.enum(AIOPS_ISSUE_STATUSES)),
    severity: repeated(z.enum(AIOPS_SEVERITIES)),
    rule: repeated(z.enum(AIOPS_RULE_KEYS)),
    cluster_id: z.string().trim().max(64).optional(),
    tenant_id: z.string().trim().max(64).optional(),
    /** An issue key (AIOPS-1001: that issue only), or a part of one (`1001`, `ops-10`: every key containing it). */
    search: z.string().trim().max(64).optional(),
  },
  ['last_seen', 'first_seen'],
  '-last_seen',
);
export type AiopsIssueListQuery = z.input<typeof aiopsIssueListQuery>;
export const aiopsIssueList = listResult(aiopsIssueSchema);

/** Acknowledge / resolve: an optional note (kept in the audit row; a resolve's also on the issue). */
export const aiopsIssueActionBody = z
  .object({ note: z.string().trim().max(AIOPS_NOTE_MAX, AIOPS_MESSAGES.noteTooLong).optional() })
  .default({});
export type AiopsIssueActionBody = z.input<typeof aiopsIssueActionBody>;

export const aiopsReportListQuery = listQuery({}, ['day'], '-day');
export type AiopsReportListQuery = z.input<typeof aiopsReportListQuery>;
export const aiopsReportList = listResult(aiopsReportSummarySchema);

/** Anything that is not a key is a 404 (`aiops.issueNotFound`), not a 400. */
const issueParams = z.object({ issue_key: z.string().trim().min(1).max(32) });
const reportParams = z.object({ report_id: z.string().trim().min(1).max(32) });
const BASE = '/api/v1/devops/aiops';

export const aiopsApi = {
  issues: route({
    method: 'GET',
    path: `${BASE}/issues`,
    access: 'aiops.read',
    query: aiopsIssueListQuery,
    response: aiopsIssueList,
  }),
  issue: route({
    method: 'GET',
    path: `${BASE}/issues/:issue_key`,
    access: 'aiops.read',
    params: issueParams,
    response: aiopsIssueResponse,
  }),
  evidence: route({
    method: 'GET',
    path: `${BASE}/issues/:issue_key/evidence`,
    access: 'aiops.read',
    params: issueParams,
    response: aiopsEvidenceSchema,
  }),
  acknowledge: route({
    method: 'POST',
    path: `${BASE}/issues/:issue_key/acknowledge`,
    access: 'aiops.write',
    params: issueParams,
    body: aiopsIssueActionBody,
    response: aiopsIssueResponse,
  }),
  resolve: route({
    method: 'POST',
    path: `${BASE}/issues/:issue_key/resolve`,
    access: 'aiops.write',
    params: issueParams,
    body: aiopsIssueActionBody,
    response: aiopsIssueResponse,
  }),
  reports: route({
    method: 'GET',
    path: `${BASE}/reports`,
    access: 'aiops.read',
    query: aiopsReportListQuery,
    response: aiopsReportList,
  }),
  report: route({
    method: 'GET',
    path: `${BASE}/reports/:report_id`,
    access: 'aiops.read',
    params: reportParams,
    response: aiopsReportResponse,
  }),
};
