import type { MetricSeries, MetricsRangeResult } from '@portal/contract';
import type { TimeSeries } from '../../../shared/ui/TimeSeriesChart';

/** Lines the chart draws at most; the table lists every series of the answer. */
export const CHART_MAX_SERIES = 30;

/** A series' labels as PromQL writes them: `{cluster_name="orders", region="us-east-1"}` (`{}` without labels). */
export function formatLabels(labels: Readonly<Record<string, string>>): string {
  const keys = Object.keys(labels).sort();
  return `{${keys.map((k) => `${k}="${labels[k]!.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(', ')}}`;
}

/**
 * A short name for a series (legend, first column): the cluster's name and id (and component) when it is a cluster's
 * series, else the values of its labels (`us-east-1 / AWS`), else the query itself (a whole-fleet aggregate).
 */
export function seriesName(labels: Readonly<Record<string, string>>, query: string): string {
  const { cluster_id: id, cluster_name: name, component } = labels;
  if (id) return `${name ?? id} (${id})${component ? ` ${component}` : ''}`;
  const keys = Object.keys(labels).sort();
  if (keys.length === 0) return query;
  return keys.map((k) => labels[k]).join(' / ');
}

/** What the chart draws: the answer's instants (epoch ms) and its first CHART_MAX_SERIES series. */
export function chartData(result: Pick<MetricsRangeResult, 'timestamps' | 'series' | 'query'>): {
  x: number[];
  series: TimeSeries[];
} {
  return {
    x: result.timestamps,
    series: result.series.slice(0, CHART_MAX_SERIES).map((s) => ({
      name: seriesName(s.labels, result.query),
      values: s.values,
    })),
  };
}

/** One row of the table: a series and its figures over the range (null when it has no value in it). */
export interface SeriesRow {
  key: string;
  name: string;
  labels: string;
  /** The cluster's page, when the series is one cluster's. */
  clusterPath: string | null;
  last: number | null;
  min: number | null;
  max: number | null;
  avg: number | null;
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;

export function seriesRow(s: MetricSeries, query: string): SeriesRow {
  let last: number | null = null;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let n = 0;
  for (const v of s.values) {
    if (v === null) continue;
    last = v;
    min = Math.min(min, v);
    max = Math.max(max, v);
    sum += v;
    n++;
  }
  const { cluster_id: id, tenant_id: tenant } = s.labels;
  return {
    key: formatLabels(s.labels),
    name: seriesName(s.labels, query),
    labels: formatLabels(s.labels),
    clusterPath: id && tenant ? `/orgs/${encodeURIComponent(tenant)}/clusters/${encodeURIComponent(id)}` : null,
    last,
    min: n ? min : null,
    max: n ? max : null,
    avg: n ? round(sum / n) : null,
  };
}

/** The table's rows, in the answer's order. */
export const tableRows = (result: Pick<MetricsRangeResult, 'series' | 'query'>): SeriesRow[] =>
  result.series.map((s) => seriesRow(s, result.query));

/** A value as the table shows it: up to 4 decimals, `-` when none. */
export const formatValue = (v: number | null): string => (v === null ? '-' : String(round(v)));
