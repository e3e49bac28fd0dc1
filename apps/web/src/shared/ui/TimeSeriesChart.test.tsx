import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fittedRange } from './TimeSeriesChartCanvas';
import { stubCanvas } from '../../test/canvas';
import { CHART_COLORS, TimeSeriesChart } from './TimeSeriesChart';

const labels = (el: Element) => [...el.querySelectorAll('.u-legend .u-label')].map((l) => l.textContent);
const markers = (el: Element) =>
  [...el.querySelectorAll<HTMLElement>('.u-legend .u-marker')].slice(1).map((m) => m.style.borderColor);

/** The chart named `name` once uPlot has drawn it (in an effect, a moment after its box is in the document). */
async function drawn(name: RegExp): Promise<HTMLElement> {
  const chart = await screen.findByRole('img', { name });
  await waitFor(() => expect(chart.querySelector('.uplot')).not.toBeNull());
  return chart;
}

describe('TimeSeriesChart', () => {
  it('holds its place while its code loads, then draws days with a legend and a text summary', async () => {
    stubCanvas();
    // A first chart of the page: the chart's code loads once per page and is kept (its lazy component), so a fresh
    // copy of the module, whatever an earlier test file of this worker drew (the web project shares modules).
    vi.resetModules();
    const { TimeSeriesChart } = await import('./TimeSeriesChart');
    render(
      <TimeSeriesChart
        title="Deliveries"
        x={['2024-06-01', '2024-06-02']}
        series={[
          { name: 'Sent', values: [3, 4], color: '#52c41a' },
          { name: 'Failed', values: [null, 1] },
        ]}
        integers
      />,
    );
    // The stand-in: the chart's box, marked busy, until uPlot has loaded.
    const figure = screen.getByRole('figure', { name: 'Deliveries' });
    expect(figure).toHaveAttribute('aria-busy', 'true');
    const chart = await drawn(/^Deliveries:/);
    expect(chart).toHaveAccessibleName('Deliveries: Sent 7 in total, Failed 1 in total from 2024-06-01 to 2024-06-02');
    expect(screen.getByRole('figure', { name: 'Deliveries' })).not.toHaveAttribute('aria-busy');
    expect(labels(chart)).toEqual(['Day', 'Sent', 'Failed']);
    // A series' own colour, else the palette's next.
    expect(markers(chart)).toEqual(['rgb(82, 196, 26)', 'rgb(255, 77, 79)']);
    expect(CHART_COLORS[1]).toBe('#ff4d4f');
  });

  it('draws instants (epoch ms) as UTC times, summarising each series by its latest value', async () => {
    stubCanvas();
    const t0 = Date.parse('2024-06-01T08:00:00Z');
    render(
      <TimeSeriesChart
        title="QPS"
        x={[t0, t0 + 60_000, t0 + 120_000]}
        series={[{ name: 'tidb-0', values: [120.5, 130, null] }]}
      />,
    );
    const chart = await drawn(/^QPS:/);
    expect(chart).toHaveAccessibleName('QPS: tidb-0 latest 130 from 2024-06-01 08:00 to 2024-06-01 08:02');
    expect(labels(chart)).toEqual(['Time (UTC)', 'tidb-0']);
  });

  it('takes new values into the same plot, and builds a new one for new series', async () => {
    stubCanvas();
    const x = ['2024-06-01', '2024-06-02'];
    const { rerender } = render(<TimeSeriesChart title="C" x={x} series={[{ name: 'A', values: [1, 2] }]} integers />);
    const chart = await drawn(/^C:/);
    const plot = chart.querySelector('.uplot');
    rerender(<TimeSeriesChart title="C" x={x} series={[{ name: 'A', values: [5, 5] }]} integers />);
    expect(screen.getByRole('img', { name: /^C:/ })).toHaveAccessibleName(
      'C: A 10 in total from 2024-06-01 to 2024-06-02',
    );
    expect(chart.querySelector('.uplot')).toBe(plot);
    rerender(<TimeSeriesChart title="C" x={x} series={[{ name: 'B', values: [5, 5] }]} integers />);
    expect(chart.querySelector('.uplot')).not.toBe(plot);
    expect(chart.querySelectorAll('.uplot')).toHaveLength(1);
    expect(labels(chart)).toEqual(['Day', 'B']);
  });

  it('says so when there is nothing to draw', () => {
    render(<TimeSeriesChart title="Empty" x={[]} series={[{ name: 'A', values: [] }]} emptyText="No deliveries" />);
    expect(screen.getByRole('figure', { name: 'Empty' })).toHaveTextContent('No deliveries');
  });
});

describe('fittedRange (fitValues)', () => {
  const u = {} as Parameters<typeof fittedRange>[0];
  it('spans the values with a tenth of their band as room, so a dip near 100% shows', () => {
    const [lo, hi] = fittedRange(u, 91.5, 100);
    expect(lo).toBeCloseTo(90.65, 9);
    expect(hi).toBeCloseTo(100.85, 9);
  });
  it('gives a flat line a band of 1% of its value, or 1 at zero', () => {
    const [flatLo, flatHi] = fittedRange(u, 100, 100);
    expect(flatLo).toBeCloseTo(99.9, 9);
    expect(flatHi).toBeCloseTo(100.1, 9);
    expect(fittedRange(u, 0, 0)).toEqual([-0.1, 0.1]);
  });
});
