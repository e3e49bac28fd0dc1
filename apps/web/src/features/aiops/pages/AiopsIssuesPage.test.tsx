import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { issue, P, report } from '../testing';
import { AiopsIssuesPage } from './AiopsIssuesPage';

vi.setConfig({ testTimeout: 60_000 });

const {
  by_severity: _s,
  by_rule: _r,
  by_status: _t,
  top_clusters: _c,
  trend: _d,
  new_issues: _n,
  ...summary
} = report();

function serve() {
  return mockFetch({
    'GET /api/v1/devops/me': { body: operatorProfile },
    [`GET ${P}/issues`]: { body: { items: [issue(), issue({ key: 'AIOPS-1043', status: 'resolved' })], total: 2 } },
    [`GET ${P}/reports`]: { body: { items: [summary], total: 1 } },
  });
}

describe('/aiops/issues', () => {
  it('lists the issues with links, and sends the filters from the URL', async () => {
    const api = serve();
    renderWithProviders(<AiopsIssuesPage />, { path: '/aiops/issues?status=open&rule=qps_drop' });
    const table = await screen.findByRole('table', { name: 'AIOps issues' });
    expect(await within(table).findByRole('link', { name: 'AIOPS-1042' })).toHaveAttribute(
      'href',
      '/aiops/issues/AIOPS-1042',
    );
    expect(within(table).getByText('Resolved')).toBeInTheDocument();
    const sent = api.calls('GET', `${P}/issues`).at(-1)!.url.searchParams;
    expect(sent.getAll('status')).toEqual(['open']);
    expect(sent.getAll('rule')).toEqual(['qps_drop']);
    expect(sent.get('sort')).toBe('-last_seen');
  });

  it('lists the reports in their tab, each linking to its page', async () => {
    serve();
    renderWithProviders(<AiopsIssuesPage />, { path: '/aiops/issues' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Reports' }));
    const table = await screen.findByRole('table', { name: 'AIOps reports' });
    expect(await within(table).findByRole('link', { name: 'daily-2024-06-01' })).toHaveAttribute(
      'href',
      '/aiops/reports/daily-2024-06-01',
    );
  });
});
