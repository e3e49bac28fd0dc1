import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { fleet, P } from '../testing';
import { SlaPanel } from './SlaPanel';

describe('SLA overview panel', () => {
  it("shows this month's fleet availability, breaches and worst clusters, each leading to its detail", async () => {
    const { requests } = mockFetch({ [`GET ${P}/sla`]: { body: fleet() } });
    renderWithProviders(<SlaPanel />, { path: '/overview' });
    const figures = await screen.findByLabelText('SLA this month');
    expect(figures).toHaveTextContent('Fleet availability99.9998%');
    expect(figures).toHaveTextContent('Breaches1');
    expect(figures).toHaveTextContent('Clusters with downtime2 / 412');
    const worst = screen.getByRole('list', { name: 'Worst clusters this month' });
    const items = within(worst).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'orders-prodNorthwind Traders99.9866% · 6 min · breached',
      'byoc-analyticsNorthwind Traders99.944% · 25 min',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'orders-prod' })).toHaveAttribute(
      'href',
      '/sla/1034298374651829101/detail',
    );
    expect(screen.getByRole('link', { name: 'SLA summary' })).toHaveAttribute('href', '/sla/summary');
    // This month: no month asked for.
    expect(requests.find((r) => r.url.pathname === `${P}/sla`)!.url.search).toBe('');
  });

  it('says when nothing was down, and offers a retry when it fails', async () => {
    let fail = true;
    mockFetch({
      [`GET ${P}/sla`]: () =>
        fail
          ? { status: 500, body: { code: 'internal', message: 'Internal server error', requestId: 't' } }
          : { body: fleet({ worst: [], breaches: 0, clusters_with_downtime: 0, availability_percent: 100 }) },
    });
    renderWithProviders(<SlaPanel />, { path: '/overview' });
    expect(await screen.findByText('Failed to load the SLA')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No downtime this month')).toBeInTheDocument();
    expect(screen.getByLabelText('SLA this month')).toHaveTextContent('Fleet availability100%');
  });
});
