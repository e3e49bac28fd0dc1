import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { clusterMonth, fleet, P } from '../testing';
import { SlaSummaryPage } from './SlaSummaryPage';

vi.setConfig({ testTimeout: 60_000 });

const LIST = `${P}/sla/dedicated`;

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${P}/sla`]: { body: fleet() },
    [`GET ${LIST}`]: {
      body: {
        total: 412,
        items: [
          clusterMonth(),
          clusterMonth({
            cluster_id: '1034298374651829303',
            cluster_name: 'billing-db',
            downtime_minutes: 0,
            allowed_downtime_minutes: 4.46,
            availability_percent: 100,
            breached: false,
            windows: 0,
          }),
        ],
      },
    },
  });
}

const render = (path = '/sla/summary') => renderWithProviders(<SlaSummaryPage />, { path, routePath: '/sla/summary' });

describe('/sla/summary', () => {
  it("lists the month's clusters worst first, with the month's figures, each row leading to its detail", async () => {
    const { requests } = serve();
    render('/sla/summary?month=2026-10');
    const table = await screen.findByRole('table', { name: "Dedicated clusters' SLA" });
    await within(table).findByRole('link', { name: 'orders-prod' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    // Cluster, tenant, provider, objective, availability, downtime, allowed, windows, SLO.
    expect(cells[0]!.slice(2)).toEqual([
      'AWS · us-east-1',
      'Dedicated · 99.99%',
      '99.9866%',
      '6',
      '4.46',
      '2',
      'Breached',
    ]);
    expect(cells[1]!.slice(4)).toEqual(['100%', '0', '4.46', '0', 'Met']);
    expect(within(rows[0]!).getByRole('link', { name: 'orders-prod' })).toHaveAttribute(
      'href',
      '/sla/1034298374651829101/detail?month=2026-10',
    );

    const figures = screen.getByLabelText('Month figures');
    expect(figures).toHaveTextContent('Fleet Availability99.9998%');
    expect(figures).toHaveTextContent('Clusters Measured412');
    expect(figures).toHaveTextContent('Breaches1');
    expect(screen.getByRole('region', { name: 'October 2026' })).toBeInTheDocument();

    const listAsked = requests.find((r) => r.url.pathname === LIST)!.url.searchParams;
    expect(Object.fromEntries(listAsked)).toEqual({
      page: '1',
      per_page: '10',
      sort: 'availability',
      month: '2026-10',
    });
    expect(Object.fromEntries(requests.find((r) => r.url.pathname === `${P}/sla`)!.url.searchParams)).toEqual({
      month: '2026-10',
    });
  });

  it("links each row to the detail of the month it belongs to, not to the filter's (rows still shown from another month)", async () => {
    serve();
    // The filter says September; the rows on screen are October's (what keeps showing while September loads).
    render('/sla/summary?month=2026-09');
    const table = await screen.findByRole('table', { name: "Dedicated clusters' SLA" });
    expect(await within(table).findByRole('link', { name: 'orders-prod' })).toHaveAttribute(
      'href',
      '/sla/1034298374651829101/detail?month=2026-10',
    );
  });

  it('keeps the filters in the URL and asks the server with them', async () => {
    const { requests } = serve();
    const { router } = render('/sla/summary?provider=GCP&breached=true&tenant_id=42');
    await screen.findByRole('table', { name: "Dedicated clusters' SLA" });
    const asked = requests.filter((r) => r.url.pathname === LIST).at(-1)!.url.searchParams;
    expect(asked.get('provider')).toBe('GCP');
    expect(asked.get('breached')).toBe('true');
    expect(asked.get('tenant_id')).toBe('42');
    expect(asked.has('month')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'SLO' })).toHaveValue('Breached only');

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname === LIST)
          .at(-1)!
          .url.searchParams.has('provider'),
      ).toBe(false),
    );
  });

  it('sorts best first from the availability column', async () => {
    const { requests } = serve();
    const { router } = render();
    const table = await screen.findByRole('table', { name: "Dedicated clusters' SLA" });
    await userEvent.click(within(table).getByText('Availability'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-availability'));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.url.pathname === LIST)
          .at(-1)!
          .url.searchParams.get('sort'),
      ).toBe('-availability'),
    );
  });
});
