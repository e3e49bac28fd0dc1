import { describe, expect, it } from 'vitest';
import type { MetricsRangeResult } from '@portal/contract';
import { CHART_MAX_SERIES, chartData, formatLabels, formatValue, seriesName, tableRows } from './chartData';

const T0 = Date.parse('2026-11-24T14:00:00Z');
const result = (series: MetricsRangeResult['series'], query = 'tidb_qps') => ({
  query,
  timestamps: [T0, T0 + 60_000, T0 + 120_000],
  series,
});
const cluster = { cluster_id: '42', cluster_name: 'orders', tenant_id: '7', region: 'us-east-1' };

describe('the playground’s chart and table data', () => {
  it('charts each series against the answer’s instants, named by cluster, by label values, or by the query', () => {
    const data = chartData(
      result(
        [
          { labels: cluster, values: [1, null, 3] },
          { labels: { ...cluster, component: 'tikv' }, values: [0.5, 0.25, 0.75] },
          { labels: { region: 'us-east-1', provider: 'AWS' }, values: [7, 8, 9] },
          { labels: {}, values: [null, null, null] },
        ],
        'sum(tidb_qps)',
      ),
    );
    expect(data.x).toEqual([T0, T0 + 60_000, T0 + 120_000]);
    expect(data.series).toEqual([
      { name: 'orders (42)', values: [1, null, 3] },
      { name: 'orders (42) tikv', values: [0.5, 0.25, 0.75] },
      { name: 'AWS / us-east-1', values: [7, 8, 9] },
      { name: 'sum(tidb_qps)', values: [null, null, null] },
    ]);
  });

  it(`draws at most ${CHART_MAX_SERIES} lines`, () => {
    const many = Array.from({ length: CHART_MAX_SERIES + 5 }, (_, i) => ({
      labels: { cluster_id: String(i) },
      values: [i, i, i],
    }));
    const data = chartData(result(many));
    expect(data.series).toHaveLength(CHART_MAX_SERIES);
    expect(data.series.at(-1)!.name).toBe(`${CHART_MAX_SERIES - 1} (${CHART_MAX_SERIES - 1})`);
  });

  it('sums each series up for the table: last, min, max and average of the values present, and its cluster page', () => {
    const rows = tableRows(
      result([
        { labels: cluster, values: [1, null, 2.5] },
        { labels: { region: 'eu' }, values: [null, null, null] },
        { labels: { cluster_id: '9' }, values: [0.1, 0.2, 0.3] },
      ]),
    );
    expect(rows).toEqual([
      {
        key: '{cluster_id="42", cluster_name="orders", region="us-east-1", tenant_id="7"}',
        name: 'orders (42)',
        labels: '{cluster_id="42", cluster_name="orders", region="us-east-1", tenant_id="7"}',
        clusterPath: '/orgs/7/clusters/42',
        last: 2.5,
        min: 1,
        max: 2.5,
        avg: 1.75,
      },
      {
        key: '{region="eu"}',
        name: 'eu',
        labels: '{region="eu"}',
        clusterPath: null,
        last: null,
        min: null,
        max: null,
        avg: null,
      },
      expect.objectContaining({ name: '9 (9)', clusterPath: null, avg: 0.2, last: 0.3 }),
    ]);
  });

  it('writes labels and values as people read them', () => {
    expect(formatLabels({ b: '2', a: 'x"y\\z' })).toBe('{a="x\\"y\\\\z", b="2"}');
    expect(formatLabels({})).toBe('{}');
    expect(seriesName({}, 'count(tidb_qps)')).toBe('count(tidb_qps)');
    expect(formatValue(null)).toBe('-');
    expect(formatValue(1 / 3)).toBe('0.3333');
    expect(formatValue(1200)).toBe('1200');
  });
});
