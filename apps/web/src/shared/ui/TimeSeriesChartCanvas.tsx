import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_COLORS } from './TimeSeriesChart';
import type { TimeSeriesChartProps } from './TimeSeriesChart';

const DAY_S = 86_400;
/** Tick steps of a day axis: whole days only. */
const DAY_INCRS = [1, 2, 3, 7, 14, 30, 60, 90, 180, 365].map((d) => d * DAY_S);
/** Tick steps of a count axis: whole numbers only. */
const INT_INCRS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1e6, 1e7];

const isoDay = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
const isoMinute = (s: number) => new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ');
/** `YYYY-MM-DD` (a UTC day) or epoch ms → uPlot's epoch seconds. */
const toSeconds = (v: string | number) => (typeof v === 'number' ? v / 1000 : Date.parse(`${v}T00:00:00Z`) / 1000);

/** What the plot is built from; anything else (the values) is handed to the live plot with `setData`. */
function optionsOf(props: TimeSeriesChartProps, days: boolean, width: number): uPlot.Options {
  const height = props.height ?? 240;
  return {
    width,
    height,
    // Times are UTC in the console (spec §9): ticks fall on UTC midnights, labels read UTC.
    tzDate: (s) => uPlot.tzDate(new Date(s * 1000), 'Etc/UTC'),
    scales: {
      x: { time: true },
      // Counts and rates start at zero; anything negative still shows. `fitValues`: the values' band, with room.
      y: {
        range: props.fitValues ? fittedRange : (_u, min, max) => [Math.min(0, min ?? 0), Math.max(1, (max ?? 0) * 1.1)],
      },
    },
    cursor: { drag: { x: false, y: false } },
    series: [
      { label: days ? 'Day' : 'Time (UTC)', value: (_u, v) => (v == null ? '-' : days ? isoDay(v) : isoMinute(v)) },
      ...props.series.map((s, i) => ({
        label: s.name,
        stroke: s.color ?? CHART_COLORS[i % CHART_COLORS.length],
        width: 2,
        points: { show: days, size: 6 },
        value: (_u: uPlot, v: number | null) => (v == null ? '-' : String(v)),
      })),
    ],
    axes: [
      days
        ? { incrs: DAY_INCRS, values: (_u, splits) => splits.map((s) => isoDay(s).slice(5)), space: 48 }
        : { space: 64 },
      props.integers ? { incrs: INT_INCRS, space: 28 } : { space: 28 },
    ],
  };
}

/** The values' band with a tenth of it as room on each side (a flat line gets a band of 1% of its value, or 1). */
export function fittedRange(_u: uPlot, min: number | null, max: number | null): [number, number] {
  const lo = min ?? 0;
  const hi = max ?? lo;
  const span = hi - lo || Math.abs(hi) * 0.01 || 1;
  return [lo - span * 0.1, hi + span * 0.1];
}

/** The chart itself (loaded by TimeSeriesChart, which see). */
export function TimeSeriesChartCanvas(props: TimeSeriesChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const days = typeof props.x[0] === 'string';
  // The plot is built again when its shape changes (series, colours, height, kind of x), not for new values.
  const shape = JSON.stringify([
    props.series.map((s) => [s.name, s.color]),
    props.height,
    days,
    props.integers,
    props.fitValues,
  ]);
  const data = useMemo<uPlot.AlignedData>(
    () => [props.x.map(toSeconds), ...props.series.map((s) => s.values.map((v) => v ?? null))],
    [props.x, props.series],
  );
  const latest = useRef({ props, data });
  latest.current = { props, data };

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const width = () => Math.max(200, el.clientWidth);
    const u = new uPlot(optionsOf(latest.current.props, days, width()), latest.current.data, el);
    plot.current = u;
    const height = latest.current.props.height ?? 240;
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => u.setSize({ width: width(), height }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      u.destroy();
      plot.current = null;
    };
    // `shape` stands for the options; the values follow below.
  }, [shape, days]);

  useEffect(() => {
    if (plot.current && plot.current.data !== data) plot.current.setData(data);
  }, [data]);

  return (
    <figure className="ts-chart" aria-label={props.title}>
      {props.caption ? <figcaption className="ts-chart-caption">{props.title}</figcaption> : null}
      <div ref={host} role="img" aria-label={`${props.title}: ${summary(props)}`} />
    </figure>
  );
}

/** A text summary for screen readers: each series' total (counts) or latest value over the range. */
function summary(props: TimeSeriesChartProps): string {
  const first = props.x[0];
  const last = props.x[props.x.length - 1];
  const range = first === undefined ? '' : ` from ${label(first)} to ${label(last ?? first)}`;
  const figures = props.series.map((s) => {
    if (props.integers) return `${s.name} ${s.values.reduce<number>((a, v) => a + (v ?? 0), 0)} in total`;
    const latest = [...s.values].reverse().find((v) => v != null);
    return `${s.name} latest ${latest ?? '-'}`;
  });
  return `${figures.join(', ')}${range}`;
}

const label = (v: string | number) => (typeof v === 'string' ? v : isoMinute(v / 1000));
