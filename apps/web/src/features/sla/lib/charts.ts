import type { SlaDetail } from '@portal/contract';
import type { TimeSeries } from '../../../shared/ui/TimeSeriesChart';

/** The daily chart's colours: availability blue, the objective red. */
export const SLA_CHART_COLORS = { availability: '#1677ff', objective: '#ff4d4f' } as const;

export interface DailyChart {
  x: string[];
  series: TimeSeries[];
}

/**
 * A month's days as a chart: the availability of each day (a gap where the cluster was not measured yet) and the
 * objective as a flat line, so a day under it stands out.
 */
export function dailyAvailabilityChart(detail: Pick<SlaDetail, 'cluster' | 'days'>): DailyChart {
  return {
    x: detail.days.map((d) => d.day),
    series: [
      {
        name: 'Availability %',
        values: detail.days.map((d) => d.availability_percent),
        color: SLA_CHART_COLORS.availability,
      },
      {
        name: `Objective ${detail.cluster.slo_percent}%`,
        values: detail.days.map(() => detail.cluster.slo_percent),
        color: SLA_CHART_COLORS.objective,
      },
    ],
  };
}
