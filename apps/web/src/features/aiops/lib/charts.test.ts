import { describe, expect, it } from 'vitest';
import { evidence, report } from '../testing';
import { evidenceChartProps, THRESHOLD_COLOR } from './evidence';
import { breakdownBars, trendChartProps } from './report';

describe('evidence chart mapping', () => {
  it('draws the series as answered, plus the threshold as a flat line over the same x', () => {
    const e = evidence();
    const props = evidenceChartProps(e);
    expect(props.title).toBe('component_cpu_usage_ratio around AIOPS-1042');
    expect(props.x).toEqual(e.x);
    expect(props.series).toEqual([
      { name: 'orders-prod', values: [0.5, 0.95, null] },
      { name: 'Threshold (0.9)', values: [0.9, 0.9, 0.9], color: THRESHOLD_COLOR },
    ]);
  });

  it('has no threshold line for a deviation rule, nor over an empty range', () => {
    expect(evidenceChartProps(evidence({ threshold: null })).series.map((s) => s.name)).toEqual(['orders-prod']);
    expect(evidenceChartProps(evidence({ x: [], series: [] })).series).toEqual([]);
  });
});

describe('report chart mapping', () => {
  it('maps the trend to one x per day with New and Resolved series', () => {
    const props = trendChartProps(report());
    expect(props.x).toEqual(['2024-05-31', '2024-06-01']);
    expect(props.series.map((s) => [s.name, s.values])).toEqual([
      ['New', [1, 3]],
      ['Resolved', [0, 1]],
    ]);
  });

  it('keeps zero rows of a breakdown', () => {
    expect(breakdownBars([{ label: 'Critical', count: 0 }])).toEqual([{ label: 'Critical', value: 0 }]);
  });
});
