import { Empty } from 'antd';

export interface BarDatum {
  label: string;
  value: number;
}

export interface BarChartProps {
  data: readonly BarDatum[];
  /** Accessible name of the chart. */
  title: string;
  color?: string;
  /** Sort bars by value, largest first (default true). */
  sorted?: boolean;
  emptyText?: string;
}

/** A horizontal bar chart in plain CSS: no chart library in the bundle. */
export function BarChart({ data, title, color = '#1677ff', sorted = true, emptyText = 'No data' }: BarChartProps) {
  const rows = sorted ? [...data].sort((a, b) => b.value - a.value) : data;
  const max = Math.max(0, ...rows.map((r) => r.value));
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <ul className="bar-chart" aria-label={title}>
      {rows.map((row) => {
        const width = max > 0 ? (row.value / max) * 100 : 0;
        const share = total > 0 ? Math.round((row.value / total) * 1000) / 10 : 0;
        return (
          <li key={row.label} className="bar-chart-row">
            <span className="bar-chart-label" title={row.label}>
              {row.label}
            </span>
            {/* The browser's own tooltip: an antd Tooltip per bar costs the overview its popup engine. */}
            <span className="bar-chart-track" title={`${row.label}: ${row.value} (${share}%)`}>
              <span className="bar-chart-bar" style={{ width: `${width}%`, background: color }} />
            </span>
            <span className="bar-chart-value">{row.value}</span>
          </li>
        );
      })}
    </ul>
  );
}
