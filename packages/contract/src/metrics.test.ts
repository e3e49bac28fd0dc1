import { describe, expect, it } from 'vitest';
import {
  autoMetricStep,
  formatMetricDuration,
  METRIC_CATALOGUE,
  METRIC_NAMES,
  metricRangeProblem,
  METRICS_MAX_K,
  METRICS_MAX_NESTING,
  METRICS_MAX_RANGE_SECONDS,
  METRICS_MAX_STEP_SECONDS,
  METRICS_MESSAGES,
  METRICS_MIN_RANGE_SECONDS,
  METRICS_MIN_STEP_SECONDS,
  METRICS_QUERY_MAX_LENGTH,
  metricSelector,
  metricsRangeQuery,
  parseMetricDuration,
  parseMetricQuery,
  type MetricQueryParse,
} from './metrics.js';

const ok = (q: string) => {
  const p = parseMetricQuery(q);
  if (!p.ok) throw new Error(`expected ${q} to parse: ${p.error.message}`);
  return p;
};
const err = (q: string) => {
  const p: MetricQueryParse = parseMetricQuery(q);
  if (p.ok) throw new Error(`expected ${q} to fail`);
  return p.error;
};

describe('metric catalogue', () => {
  it('lists every metric once, each with help, unit, labels and the PromQL of its recording rule', () => {
    expect(METRIC_CATALOGUE.map((m) => m.name)).toEqual([...METRIC_NAMES]);
    for (const m of METRIC_CATALOGUE) {
      expect(m.help).not.toBe('');
      expect(m.labels).toContain('cluster_id');
      expect(m.labels.includes('component')).toBe(m.per === 'component');
      // The rule keeps every label the metric has (grouped by them all).
      for (const l of m.labels) expect(m.promql).toContain(l);
    }
    expect(METRIC_CATALOGUE.find((m) => m.name === 'tidb_qps')?.promql).toBe(
      'sum by (cluster_id, cluster_name, tenant_id, project_id, provider, region, cluster_type) ' +
        '(rate(tidb_server_query_total[1m]))',
    );
  });

  it('writes selectors with their values escaped', () => {
    expect(metricSelector('tidb_qps')).toBe('tidb_qps');
    expect(metricSelector('tidb_qps', { cluster_id: '12', cluster_name: 'a"b\\c' })).toBe(
      'tidb_qps{cluster_id="12", cluster_name="a\\"b\\\\c"}',
    );
    expect(ok(metricSelector('tidb_qps', { cluster_name: 'a"b\\c' })).expr).toEqual({
      kind: 'selector',
      metric: 'tidb_qps',
      matchers: [{ label: 'cluster_name', op: '=', value: 'a"b\\c' }],
    });
  });
});

describe('parseMetricQuery: what it accepts', () => {
  it('reads a bare metric and a selector with every matcher operator', () => {
    expect(ok('tidb_qps')).toMatchObject({
      expr: { kind: 'selector', metric: 'tidb_qps', matchers: [] },
      canonical: 'tidb_qps',
      metric: 'tidb_qps',
    });
    const p = ok(` tidb_qps{ region = "us-east-1", provider!='AWS', cluster_name=~"orders.*" ,tenant_id!~"1|2", } `);
    expect(p.expr).toEqual({
      kind: 'selector',
      metric: 'tidb_qps',
      matchers: [
        { label: 'region', op: '=', value: 'us-east-1' },
        { label: 'provider', op: '!=', value: 'AWS' },
        { label: 'cluster_name', op: '=~', value: 'orders.*' },
        { label: 'tenant_id', op: '!~', value: '1|2' },
      ],
    });
    expect(p.canonical).toBe(
      'tidb_qps{region="us-east-1", provider!="AWS", cluster_name=~"orders.*", tenant_id!~"1|2"}',
    );
    expect(ok('tidb_qps{}').canonical).toBe('tidb_qps');
  });

  it('reads aggregations with by/without before or after, rankings, nesting, and the labels each leaves', () => {
    const a = ok('sum by (region, provider) (tidb_qps)');
    expect(a.expr).toEqual({
      kind: 'aggregate',
      op: 'sum',
      grouping: { mode: 'by', labels: ['region', 'provider'] },
      expr: { kind: 'selector', metric: 'tidb_qps', matchers: [] },
    });
    expect(a.labels).toEqual(['provider', 'region']);
    expect(ok('sum(tidb_qps) by (region)').canonical).toBe('sum by (region) (tidb_qps)');
    expect(ok('avg(tidb_qps)').labels).toEqual([]);
    expect(ok('max without (cluster_name) (tidb_qps)').labels).toEqual([
      'cluster_id',
      'tenant_id',
      'project_id',
      'provider',
      'region',
      'cluster_type',
    ]);
    const t = ok('topk(5, max by (component, region) (component_cpu_usage_ratio{component="tikv"}))');
    expect(t.canonical).toBe('topk(5, max by (component, region) (component_cpu_usage_ratio{component="tikv"}))');
    expect(t.labels).toEqual(['region', 'component']);
    expect(t.metric).toBe('component_cpu_usage_ratio');
    expect(ok('bottomk by (region) (3, tidb_connections)').expr).toMatchObject({
      kind: 'ranking',
      op: 'bottomk',
      k: 3,
      grouping: { mode: 'by', labels: ['region'] },
    });
    expect(ok('count(tidb_qps)').canonical).toBe('count(tidb_qps)');
    expect(ok('sum by () (tidb_qps)').canonical).toBe('sum by () (tidb_qps)');
  });

  it('decodes string escapes and writes them back', () => {
    const p = ok(String.raw`tidb_qps{cluster_name=~"a\\d+\"x", region='it\'s'}`);
    expect(p.expr).toMatchObject({
      matchers: [
        { label: 'cluster_name', op: '=~', value: String.raw`a\d+"x` },
        { label: 'region', value: "it's" },
      ],
    });
    expect(p.canonical).toBe(String.raw`tidb_qps{cluster_name=~"a\\d+\"x", region="it's"}`);
    // The canonical form parses to the same expression.
    expect(ok(p.canonical).expr).toEqual(p.expr);
  });
});

describe('parseMetricQuery: what it refuses, with the position and what was expected', () => {
  it.each([
    ['', 0, 'The query is empty: expected a metric name such as tidb_qps'],
    ['   ', 0, 'The query is empty: expected a metric name such as tidb_qps'],
    ['foo', 0, 'Unknown metric "foo" at column 1: expected one of tidb_qps, tidb_query_duration_p99_seconds'],
    ['tidb_qps{zone="a"}', 9, 'Unknown label "zone" at column 10: tidb_qps has the labels cluster_id, cluster_name'],
    ['tidb_qps{region}', 15, 'Expected a label matcher operator (=, !=, =~, !~) at column 16, found "}"'],
    ['tidb_qps{region=us}', 16, 'Expected a quoted label value such as "us-east-1" at column 17, found "us"'],
    ['tidb_qps{region="us"', 20, 'Expected "," or "}" at column 21, found the end of the query'],
    ['tidb_qps{region="us', 16, 'Unterminated string at column 17: expected a closing "'],
    ['tidb_qps{region="us" provider="AWS"}', 21, 'Expected "," or "}" at column 22, found "provider"'],
    ['tidb_qps{region=="us"}', 15, 'Comparisons (==) are not supported at column 16'],
    ['tidb_qps{region!"us"}', 15, 'Unexpected character "!" at column 16: expected != or !~'],
    ['tidb_qps{region="\\d"}', 17, 'Unknown escape sequence \\d at column 18'],
    ['tidb_qps{region=~"("}', 17, 'Invalid regular expression "(" at column 18'],
    ['tidb_qps{region=~"(?=a)"}', 17, 'Invalid regular expression "(?=a)" at column 18: only plain (…) and'],
    ['tidb_qps{region=~"(a)\\\\1"}', 17, 'Invalid regular expression "(a)\\\\1" at column 18: backreferences'],
    ['tidb_qps[5m]', 8, 'Range vectors ([…]) are not supported at column 9'],
    ['rate(tidb_qps)', 0, 'Unknown function "rate" at column 1: expected one of sum, avg, max, min, count, topk'],
    ['rate(tidb_qps[5m])', 0, 'Unknown function "rate" at column 1'],
    ['sum(tidb_qps{region="x"}[5m])', 24, 'Range vectors ([…]) are not supported at column 25'],
    ['[5m]', 0, 'Expected a metric name or an aggregation'],
    ['sum(tidb_qps', 12, 'Expected ")" to close sum(…) at column 13, found the end of the query'],
    ['sum tidb_qps', 4, 'Expected "(" after sum at column 5, found "tidb_qps"'],
    ['sum by region (tidb_qps)', 7, 'Expected "(" after by at column 8, found "region"'],
    ['sum by (zone) (tidb_qps)', 8, 'Unknown label "zone" in by (…) at column 9: the expression inside has the labels'],
    ['sum by (region) (sum by (provider) (tidb_qps))', 8, 'Unknown label "region" in by (…) at column 9'],
    [
      'sum(sum(tidb_qps)) by (region)',
      23,
      'Unknown label "region" in by (…) at column 24: the expression inside has no labels',
    ],
    ['sum by (region) (tidb_qps) by (region)', 27, 'sum takes one by/without clause, found a second at column 28'],
    ['topk(tidb_qps)', 5, 'Expected a whole number k from 1 to 100 at column 6, found "tidb_qps"'],
    ['topk(0, tidb_qps)', 5, 'Expected a whole number k from 1 to 100 at column 6, found "0"'],
    ['topk(101, tidb_qps)', 5, 'Expected a whole number k from 1 to 100 at column 6'],
    ['topk(1.5, tidb_qps)', 5, 'Expected a whole number k from 1 to 100 at column 6, found "1.5"'],
    ['topk(5 tidb_qps)', 7, 'Expected "," after k at column 8, found "tidb_qps"'],
    ['tidb_qps)', 8, 'Expected the end of the query at column 9, found ")"'],
    ['tidb_qps tidb_qps', 9, 'Expected the end of the query at column 10, found "tidb_qps"'],
    ['tidb_qps by (region)', 9, 'Expected the end of the query at column 10, found "by"'],
    ['{region="us"}', 0, 'A selector needs a metric name at column 1'],
    ['tidb_qps + 1', 9, 'Unexpected character "+" at column 10'],
    ['tidb_qps{region="a\u0000"}', 18, 'Unexpected character U+0000 at column 19'],
    ['tidb_qps{region="\ud800"}', 17, 'Unexpected character U+D800 at column 18'],
    ['"tidb_qps"', 0, 'Expected a metric name or an aggregation'],
    ['123', 0, 'Expected a metric name or an aggregation'],
    [`tidb_qps{region="${'x'.repeat(201)}"}`, 16, 'The string at column 17 is longer than 200 characters'],
  ])('%j', (query, position, message) => {
    const e = err(query);
    expect(e.message.startsWith(message), `${e.message} should start with ${message}`).toBe(true);
    expect(e.position).toBe(position);
  });

  it('says what was expected and found, as fields too', () => {
    expect(err('tidb_qps{region}')).toEqual({
      position: 15,
      message: 'Expected a label matcher operator (=, !=, =~, !~) at column 16, found "}"',
      expected: 'a label matcher operator (=, !=, =~, !~)',
      found: '"}"',
    });
  });

  it('bounds the length and the nesting', () => {
    expect(err(`tidb_qps${' '.repeat(METRICS_QUERY_MAX_LENGTH)}`).message).toBe(
      `The query is longer than ${METRICS_QUERY_MAX_LENGTH} characters`,
    );
    const nest = (n: number) => 'sum('.repeat(n) + 'tidb_qps' + ')'.repeat(n);
    expect(parseMetricQuery(nest(METRICS_MAX_NESTING)).ok).toBe(true);
    expect(err(nest(METRICS_MAX_NESTING + 1)).message).toMatch(/nests aggregations deeper than 5 levels at column 21/);
    // Deep input does not overflow the stack: it stops at the limit.
    expect(err(nest(5000).slice(0, METRICS_QUERY_MAX_LENGTH)).message).toMatch(/deeper than/);
    expect(METRICS_MAX_K).toBe(100);
  });
});

describe('ranges and steps', () => {
  it('reads durations and writes them back', () => {
    expect(parseMetricDuration('90s')).toBe(90);
    expect(parseMetricDuration('1h30m')).toBe(5400);
    expect(parseMetricDuration('7d')).toBe(7 * 86_400);
    expect(parseMetricDuration('2w')).toBe(14 * 86_400);
    expect(parseMetricDuration('300')).toBe(300);
    for (const bad of ['', 'h', '1x', '-5m', '1.5h', '5 m', 'm5']) expect(parseMetricDuration(bad)).toBeNull();
    expect(formatMetricDuration(5400)).toBe('1h30m');
    expect(formatMetricDuration(86_400)).toBe('1d');
    // The messages name the limits they check.
    expect(METRICS_MESSAGES.rangeTooShort).toBe(
      `range must be at least ${formatMetricDuration(METRICS_MIN_RANGE_SECONDS)}`,
    );
    expect(METRICS_MESSAGES.rangeTooLong).toBe(
      `range must be at most ${formatMetricDuration(METRICS_MAX_RANGE_SECONDS)}`,
    );
    expect(METRICS_MESSAGES.stepTooSmall).toBe(
      `step must be at least ${formatMetricDuration(METRICS_MIN_STEP_SECONDS)}`,
    );
    expect(METRICS_MESSAGES.stepTooLarge).toBe(
      `step must be at most ${formatMetricDuration(METRICS_MAX_STEP_SECONDS)}`,
    );
  });

  it('picks the automatic step to keep at most 300 points', () => {
    expect(autoMetricStep(3600)).toBe(60);
    expect(autoMetricStep(6 * 3600)).toBe(120);
    expect(autoMetricStep(86_400)).toBe(300);
    expect(autoMetricStep(7 * 86_400)).toBe(3600);
    expect(autoMetricStep(31 * 86_400)).toBe(10_800);
  });

  it('checks range and step in the schema and in the web alike', () => {
    expect(metricRangeProblem('1h', undefined)).toBeNull();
    expect(metricRangeProblem('1h', '1m')).toBeNull();
    expect(metricRangeProblem('1y', undefined)).toEqual({ field: 'range', message: METRICS_MESSAGES.rangeFormat });
    expect(metricRangeProblem('1m', undefined)).toEqual({ field: 'range', message: METRICS_MESSAGES.rangeTooShort });
    expect(metricRangeProblem('32d', undefined)).toEqual({ field: 'range', message: METRICS_MESSAGES.rangeTooLong });
    expect(metricRangeProblem('1h', '10s')).toEqual({ field: 'step', message: METRICS_MESSAGES.stepTooSmall });
    expect(metricRangeProblem('1h', '2d')).toEqual({ field: 'step', message: METRICS_MESSAGES.stepTooLarge });
    expect(metricRangeProblem('1h', 'fast')).toEqual({ field: 'step', message: METRICS_MESSAGES.stepFormat });
    expect(metricRangeProblem('31d', '1m')).toEqual({ field: 'step', message: METRICS_MESSAGES.tooManyPoints });
    const parsed = metricsRangeQuery.safeParse({ query: 'tidb_qps', range: '7d', step: '1m' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['step'], message: METRICS_MESSAGES.tooManyPoints });
    expect(metricsRangeQuery.parse({ query: 'tidb_qps' })).toEqual({ query: 'tidb_qps', range: '1h' });
  });
});
