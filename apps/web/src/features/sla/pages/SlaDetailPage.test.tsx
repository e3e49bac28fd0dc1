import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { monthLabel, slaMonths } from '@portal/contract';
import { stubCanvas } from '../../../test/canvas';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { detail, monthly, P } from '../testing';
import { SlaDetailPage } from './SlaDetailPage';

vi.setConfig({ testTimeout: 60_000 });

const ID = '1034298374651829101';
const DETAIL = `${P}/sla/dedicated/${ID}`;

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${DETAIL}`]: { body: detail() },
    [`GET ${DETAIL}/monthly`]: { body: monthly() },
  });
}

const render = (path: string) => renderWithProviders(<SlaDetailPage />, { path, routePath: '/sla/:clusterId/detail' });
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));

describe('/sla/:clusterId/detail', () => {
  it("charts the month's days against the objective and lists the downtime with its incidents", async () => {
    stubCanvas();
    const { requests } = serve();
    render(`/sla/${ID}/detail?month=2026-10`);
    expect(await screen.findByRole('heading', { name: 'SLA: orders-prod' })).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === DETAIL)!.url.searchParams.get('month')).toBe('2026-10');

    const chart = await screen.findByRole('img', { name: /^Daily availability, October 2026:/ });
    expect(chart).toHaveAccessibleName(
      'Daily availability, October 2026: Availability % latest 100, Objective 99.99% latest 99.99 ' +
        'from 2026-10-01 to 2026-10-03',
    );
    // uPlot draws in an effect, a moment after the chart's box is in the document.
    await waitFor(() =>
      expect([...chart.querySelectorAll('.u-legend .u-label')].map((l) => l.textContent)).toEqual([
        'Day',
        'Availability %',
        'Objective 99.99%',
      ]),
    );

    // The table takes new rows in a transition: they may come in after the chart (whose code may be loaded already).
    await waitFor(() => expect(rowsOf('Downtime windows')).toHaveLength(2));
    const windows = rowsOf('Downtime windows');
    expect(windows[0]!.slice(2)).toEqual(['2', 'INC-1012 ResolvedTiKV store down on az-bSEV1 · Critical']);
    expect(windows[1]!.slice(2)).toEqual(['4 (2 this month)', 'No incidentLoad balancer health checks flapped']);
    expect(screen.getByRole('link', { name: 'INC-1012' })).toHaveAttribute('href', '/incidents/INC-1012');

    await waitFor(() => expect(rowsOf('Months')).toHaveLength(2));
    expect(rowsOf('Months')).toEqual([
      ['October 2026', '99.9866%', '6', '4.46', 'Breached'],
      ['September 2026', 'Not measured: the cluster did not exist yet', '0', '0', '-'],
    ]);
    expect(screen.getByRole('link', { name: 'September 2026' })).toHaveAttribute(
      'href',
      `/sla/${ID}/detail?month=2026-09`,
    );
    expect(screen.getByRole('link', { name: 'SLA summary' })).toHaveAttribute('href', '/sla/summary');
    expect(screen.getByText('Dedicated · 99.99%')).toBeInTheDocument();
  });

  it('picks another month: the URL keeps it and the page asks for it; the current month leaves the URL bare', async () => {
    stubCanvas();
    const { requests } = serve();
    const { router } = render(`/sla/${ID}/detail?month=2026-10`);
    const picker = await screen.findByRole('combobox', { name: 'Month' });
    expect(picker).toHaveValue('2026-10');
    const [current, previous] = slaMonths();
    expect(within(picker).getAllByRole('option')[0]).toHaveTextContent(`${monthLabel(current!)} (this month)`);
    await userEvent.selectOptions(picker, previous!);
    await waitFor(() => expect(router.state.location.search).toBe(`?month=${previous}`));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname === DETAIL)
          .at(-1)!
          .url.searchParams.get('month'),
      ).toBe(previous),
    );
    await userEvent.selectOptions(picker, current!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks for the current month when the URL names none, and shows a failure with a retry', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${DETAIL}`]: {
        status: 404,
        body: { code: 'sla.clusterNotFound', message: `No dedicated cluster ${ID}`, requestId: 't' },
      },
      [`GET ${DETAIL}/monthly`]: { body: monthly() },
    });
    render(`/sla/${ID}/detail`);
    expect(await screen.findByText(`No dedicated cluster ${ID}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
