import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import './TimeSeriesChart.css';

/** One line of a chart: its name (legend, tooltip), colour and one value per x (null: no value there). */
export interface TimeSeries {
  name: string;
  values: readonly (number | null)[];
  /** A CSS colour; the console's palette in order when absent. */
  color?: string;
}

export interface TimeSeriesChartProps {
  /** The chart's accessible name (and visible caption with `caption`). */
  title: string;
  /**
   * The x values, ascending: days as `YYYY-MM-DD` (UTC days, labelled as days), or instants as epoch milliseconds
   * (labelled as UTC times).
   */
  x: readonly string[] | readonly number[];
  series: readonly TimeSeries[];
  /** Height of the plot area with its axes, px (default 240); the legend sits below it. */
  height?: number;
  /** Whole numbers (counts): the value axis ticks at whole steps only. */
  integers?: boolean;
  /**
   * The value axis spans the values (with a little room) instead of starting at zero: for figures that move in a
   * narrow band far from zero, e.g. availability near 100%, where a dip would be a hair's breadth on a 0–100 axis.
   */
  fitValues?: boolean;
  /** Shows the title above the chart. */
  caption?: boolean;
  /** Shown instead of the chart when there is no x value. */
  emptyText?: string;
}

/** The console's chart palette (antd's blue, red, green, gold, purple, cyan). */
export const CHART_COLORS = ['#1677ff', '#ff4d4f', '#52c41a', '#faad14', '#722ed1', '#13c2c2'] as const;

/** Height of uPlot's legend row below the plot: the stand-in keeps the same box so nothing moves when it loads. */
export const LEGEND_HEIGHT = 34;

const loadCanvas = () => import('./TimeSeriesChartCanvas').then((m) => m.TimeSeriesChartCanvas);
const Canvas = lazy(() => loadCanvas().then((c) => ({ default: c as ComponentType<TimeSeriesChartProps> })));

/**
 * A time-series line chart (uPlot: ~20 KB gzip with its stylesheet). This wrapper is light: the chart's code loads
 * when it first renders (or on `preload`), so a page pays for it only where a chart shows; meanwhile a box of the
 * same size, marked busy, holds its place.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const height = props.height ?? 240;
  if (props.x.length === 0)
    return (
      <figure className="ts-chart ts-chart-empty" aria-label={props.title}>
        {props.caption ? <figcaption className="ts-chart-caption">{props.title}</figcaption> : null}
        <div className="ts-chart-empty-text" style={{ height: height + LEGEND_HEIGHT }}>
          {props.emptyText ?? 'No data'}
        </div>
      </figure>
    );
  return (
    <Suspense
      fallback={
        <figure className="ts-chart" aria-label={props.title} aria-busy="true">
          {props.caption ? <figcaption className="ts-chart-caption">{props.title}</figcaption> : null}
          <div style={{ height: height + LEGEND_HEIGHT }} />
        </figure>
      }
    >
      <Canvas {...props} />
    </Suspense>
  );
}

/** Starts loading the chart's code (e.g. while the page's data loads). */
TimeSeriesChart.preload = () => void loadCanvas();
