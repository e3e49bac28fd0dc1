import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubCanvas } from '../../../test/canvas';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { P, report } from '../testing';
import { AiopsReportPage } from './AiopsReportPage';

vi.setConfig({ testTimeout: 60_000 });

describe('/aiops/reports/:reportId', () => {
  it('shows the totals, the breakdowns, the trend chart, the top clusters and the new issues', async () => {
    stubCanvas();
    mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${P}/reports/daily-2024-06-01`]: { body: { report: report() } },
    });
    renderWithProviders(<AiopsReportPage />, {
      path: '/aiops/reports/daily-2024-06-01',
      routePath: '/aiops/reports/:reportId',
    });
    await screen.findByRole('heading', { name: 'Daily Report 2024-06-01' });
    const severity = screen.getByRole('list', { name: 'Issues by severity' });
    expect([...severity.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Critical2',
      'Warning1',
      'Info1',
    ]);
    const chart = await screen.findByRole('img', { name: /^New vs resolved issues/ });
    expect(chart).toHaveAccessibleName(/New 4 in total, Resolved 1 in total from 2024-05-31 to 2024-06-01/);
    // The tables take new rows in a transition: they may come in after the chart (whose code may be loaded already).
    const top = screen.getByRole('table', { name: 'Top clusters' });
    expect(await within(top).findByText('Acme Corp')).toBeInTheDocument();
    const issues = screen.getByRole('table', { name: 'New issues' });
    expect(await within(issues).findByRole('link', { name: 'AIOPS-1042' })).toHaveAttribute(
      'href',
      '/aiops/issues/AIOPS-1042',
    );
  });
});
