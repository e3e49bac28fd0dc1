import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@portal/contract';
import { stubCanvas } from '../../../test/canvas';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { P, statistics, workflow } from '../testing';
import { WorkflowStatisticsPage } from './WorkflowStatisticsPage';

vi.setConfig({ testTimeout: 60_000 });

const STATS = `${P}/workflows/3/statistics`;

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${P}/workflows/3`]: { body: { workflow: workflow() } },
    [`GET ${STATS}`]: { body: statistics() },
  });
}

const render = (path = '/notification/3/statistics') =>
  renderWithProviders(<WorkflowStatisticsPage />, { path, routePath: '/notification/:workflowId/statistics' });

describe('/notification/:workflowId/statistics', () => {
  it('charts sent, failed and opened per day and lists the days, newest first, with the totals', async () => {
    stubCanvas();
    const { requests } = serve();
    render();
    expect(await screen.findByRole('heading', { name: 'Statistics: Approvals to the approvers' })).toBeInTheDocument();
    // The chart (uPlot, loaded on first render) with its series and a text summary of what it shows.
    const chart = await screen.findByRole('img', { name: /^Deliveries per day: sent, failed, opened:/ });
    expect(chart).toHaveAccessibleName(
      'Deliveries per day: sent, failed, opened: Sent 10 in total, Failed 1 in total, Opened 5 in total ' +
        'from 2024-06-01 to 2024-06-03',
    );
    // uPlot draws in an effect, a moment after the chart's box is in the document.
    await waitFor(() =>
      expect([...chart.querySelectorAll('.u-legend .u-label')].map((l) => l.textContent)).toEqual([
        'Day',
        'Sent',
        'Failed',
        'Opened',
      ]),
    );

    const table = screen.getByRole('table', { name: 'Deliveries per day' });
    // The table takes new rows in a transition: they may come in after the chart (whose code may be loaded already).
    await within(table).findByText('2024-06-01');
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    // Day, sent, failed, opened, pending, open rate.
    expect(cells).toEqual([
      ['2024-06-03', '6', '0', '3', '1', '50%'],
      ['2024-06-02', '0', '0', '0', '0', '-'],
      ['2024-06-01', '4', '1', '2', '0', '50%'],
    ]);

    const totals = screen.getByLabelText('Totals');
    expect(totals).toHaveTextContent('Sent10');
    expect(totals).toHaveTextContent('Failed1');
    expect(totals).toHaveTextContent('Open Rate50%');
    expect(screen.getByText('2024-06-01 to 2024-06-03 (UTC)')).toBeInTheDocument();
    // Without a range the server's default (the last 30 days) applies.
    const asked = requests.find((r) => r.url.pathname === STATS)!;
    expect(asked.url.searchParams.has('from')).toBe(false);
    expect(asked.url.searchParams.has('to')).toBe(false);
  });

  it('asks for the range of the URL, and a preset puts its range there', async () => {
    stubCanvas();
    const { requests } = serve();
    const { router } = render('/notification/3/statistics?from=2024-05-01&to=2024-05-31');
    await screen.findByRole('table', { name: 'Deliveries per day' });
    const asked = requests.find((r) => r.url.pathname === STATS)!;
    expect(asked.url.searchParams.get('from')).toBe('2024-05-01');
    expect(asked.url.searchParams.get('to')).toBe('2024-05-31');

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${weekAgo}&to=${today}`));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === STATS && r.url.searchParams.get('from') === weekAgo)).toBe(true),
    );
  });

  it('says what is wrong with a range the server would refuse, and asks nothing', async () => {
    const { requests } = serve();
    render('/notification/3/statistics?from=2024-06-10&to=2024-06-01');
    expect(await screen.findByText(NOTIFICATION_MESSAGES.rangeOrder)).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === STATS)).toHaveLength(0);
  });
});
