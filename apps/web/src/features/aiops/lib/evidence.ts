import type { AiopsEvidence } from '@portal/contract';
import type { TimeSeries, TimeSeriesChartProps } from '../../../shared/ui/TimeSeriesChart';

/** The threshold line's colour (the chart palette's red is the second series'). */
export const THRESHOLD_COLOR = '#ff4d4f';

/**
 * The evidence chart's props: the metric's series as the server answered them (epoch-ms x), plus the rule's threshold
 * as a flat line over the same x when the rule has one.
 */
export function evidenceChartProps(evidence: AiopsEvidence): Pick<TimeSeriesChartProps, 'x' | 'series' | 'title'> {
  const series: TimeSeries[] = evidence.series.map((s) => ({ name: s.name, values: s.values }));
  if (evidence.threshold !== null && evidence.x.length)
    series.push({
      name: `Threshold (${evidence.threshold})`,
      values: evidence.x.map(() => evidence.threshold),
      color: THRESHOLD_COLOR,
    });
  return { title: `${evidence.metric} around ${evidence.issue_key}`, x: evidence.x, series };
}
