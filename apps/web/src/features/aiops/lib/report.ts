import type { AiopsReport } from '@portal/contract';
import type { TimeSeriesChartProps } from '../../../shared/ui/TimeSeriesChart';

/** The report's new-vs-resolved trend as chart props: one x per UTC day, two series. */
export function trendChartProps(report: Pick<AiopsReport, 'trend'>): Pick<TimeSeriesChartProps, 'x' | 'series'> {
  return {
    x: report.trend.map((d) => d.day),
    series: [
      { name: 'New', values: report.trend.map((d) => d.new), color: '#1677ff' },
      { name: 'Resolved', values: report.trend.map((d) => d.resolved), color: '#52c41a' },
    ],
  };
}

/** A breakdown as the BarChart's data (zero rows kept: a report says "0 critical" too). */
export function breakdownBars(rows: readonly { label: string; count: number }[]) {
  return rows.map((r) => ({ label: r.label, value: r.count }));
}
