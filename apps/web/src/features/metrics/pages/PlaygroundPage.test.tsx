import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MetricsRangeResult } from '@portal/contract';
import { stubCanvas } from '../../../test/canvas';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PlaygroundPage } from './PlaygroundPage';

vi.setConfig({ testTimeout: 60_000 });

const P = '/api/v1/devops/metrics/query_range';
const T0 = Date.parse('2026-11-24T14:00:00Z');

const answer = (over: Partial<MetricsRangeResult> = {}): MetricsRangeResult => ({
  query: 'sum by (region) (tidb_qps)',
  metric: 'tidb_qps',
  unit: 'req/s',
  source: 'embedded',
  start: '2026-11-24T14:00:00.000Z',
  end: '2026-11-24T14:02:00.000Z',
  step: 60,
  timestamps: [T0, T0 + 60_000, T0 + 120_000],
  series: [
    { labels: { region: 'us-east-1' }, values: [100, 120, 110] },
    { labels: { region: 'eu-central-1' }, values: [50, null, 70] },
  ],
  total_series: 2,
  warnings: [],
  ...over,
});

function serve(reply: { status?: number; body: unknown } = { body: answer() }) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${P}`]: reply,
  });
}
const render = (path: string) => renderWithProviders(<PlaygroundPage />, { path, routePath: '/playground' });

describe('/playground', () => {
  it('runs the query of the URL and shows it as a chart and a table', async () => {
    stubCanvas();
    const { calls } = serve();
    render('/playground?query=sum%20by%20(region)%20(tidb_qps)&range=6h');
    const chart = await screen.findByRole('img', { name: /^sum by \(region\) \(tidb_qps\):/ });
    expect(chart).toHaveAccessibleName(
      'sum by (region) (tidb_qps): us-east-1 latest 110, eu-central-1 latest 70 from 2026-11-24 14:00 to 2026-11-24 14:02',
    );
    const table = screen.getByRole('table', { name: 'Series' });
    // The table takes new rows in a transition: they may come in after the chart (whose code may be loaded already).
    await within(table).findByText('eu-central-1');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['us-east-1', '110', '100', '120', '110'],
      ['eu-central-1', '70', '50', '70', '60'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Last (req/s)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Query summary')).toHaveTextContent(
      'sum by (region) (tidb_qps) · 2026-11-24 14:00 to 2026-11-24 14:02 UTC, every 1m · 2 series · req/s · embedded model',
    );
    const asked = calls('GET', P)[0]!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ query: 'sum by (region) (tidb_qps)', range: '6h' });
    expect(screen.getByRole('textbox', { name: 'PromQL query' })).toHaveValue('sum by (region) (tidb_qps)');
    expect(screen.getByRole('button', { name: '6h' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('checks the query as it is typed, with the parser’s position, and puts a valid one in the URL', async () => {
    stubCanvas();
    const { calls } = serve();
    const { router } = render('/playground');
    expect(screen.getByRole('link', { name: 'sum by (region) (tidb_qps)' })).toHaveAttribute(
      'href',
      '/playground?query=sum+by+%28region%29+%28tidb_qps%29&range=1h',
    );
    const input = screen.getByRole('textbox', { name: 'PromQL query' });
    await userEvent.type(input, 'tidb_qps{{region}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Expected a label matcher operator (=, !=, =~, !~) at column 16, found "}"',
    );
    expect(screen.getByRole('button', { name: 'Run Query' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'topk(3, tidb_qps)');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Run Query' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=topk%283%2C+tidb_qps%29'));
    await waitFor(() => expect(calls('GET', P)).toHaveLength(1));
    expect(calls('GET', P)[0]!.url.searchParams.get('range')).toBe('1h');
    // A range preset keeps the query and drops an explicit step.
    await userEvent.click(screen.getByRole('button', { name: '24h' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=topk%283%2C+tidb_qps%29&range=24h'));
  });

  it('does not send a query of the URL that does not parse, and says why', async () => {
    const { calls } = serve();
    render('/playground?query=rate(tidb_qps)');
    expect(await screen.findByText('The query cannot run')).toBeInTheDocument();
    expect(screen.getAllByText(/Unknown function "rate" at column 1/).length).toBeGreaterThan(0);
    expect(calls('GET', P)).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'Series' })).toBeNull();
  });

  it('shows the server’s refusal and its warnings', async () => {
    serve({
      status: 400,
      body: { code: 'metrics.limitExceeded', message: 'The query would read 2000000 samples', requestId: 'r' },
    });
    render('/playground?query=tidb_qps&range=31d');
    expect(await screen.findByText('The query was refused')).toBeInTheDocument();
    expect(screen.getByText('The query would read 2000000 samples')).toBeInTheDocument();
  });

  it('shows warnings, and an empty answer as such', async () => {
    stubCanvas();
    serve({ body: answer({ series: [], total_series: 0, warnings: ['Only the first 5000 series were read.'] }) });
    render('/playground?query=tidb_qps%7Bregion%3D%22nowhere%22%7D');
    expect(await screen.findByText('Only the first 5000 series were read.')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'sum by (region) (tidb_qps)' })).toHaveTextContent(
      'No series match the query in this range',
    );
  });

  it('lists the metric catalogue and puts a picked metric in the query', async () => {
    serve();
    render('/playground');
    const catalogue = screen.getByRole('table', { name: 'Metrics' });
    await userEvent.click(within(catalogue).getByRole('button', { name: 'tikv_storage_usage_ratio' }));
    expect(screen.getByRole('textbox', { name: 'PromQL query' })).toHaveValue('tikv_storage_usage_ratio');
  });
});
