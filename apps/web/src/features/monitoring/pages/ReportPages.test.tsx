import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMPONENT_DIFF_STATUSES } from '@portal/contract';
import type { ComponentDiffReport, ComponentDiffStatus, Profile } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { diffRow, report, REPORTS } from '../testing';
import { ReportDetailPage } from './ReportDetailPage';
import { ReportListPage } from './ReportListPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const aws = report({ id: '1', scope: { provider: 'AWS', tenant_id: null, tenant_name: null }, note: 'AWS check' });
const tenantScoped = report({
  id: '4',
  scope: { provider: null, tenant_id: '1372813090000000001', tenant_name: 'Northwind Traders' },
  status: 'running',
  finished_at: null,
});

describe('/component-diff', () => {
  function serve(profile: Profile = operatorProfile) {
    return mockFetch({
      'GET /api/v1/devops/me': { body: profile },
      [`GET ${REPORTS}`]: { body: { items: [tenantScoped, report(), aws], total: 3 } },
      [`POST ${REPORTS}`]: { status: 202, body: report({ id: '9', status: 'queued', started_at: null }) },
      [`GET ${REPORTS}/9`]: { body: report({ id: '9', status: 'queued', started_at: null }) },
    });
  }

  it('lists the reports with their scope and status, filtered from the URL', async () => {
    const { calls } = serve();
    renderWithProviders(<ReportListPage />, {
      path: '/component-diff?status=completed&status=running&provider=AWS&tenant_id=42',
    });
    const link = await screen.findByRole('link', { name: '4' });
    expect(link).toHaveAttribute('href', '/component-diff/4');
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Clusters of tenant Northwind Traders');
    expect(row).toHaveTextContent('running');
    expect(screen.getByRole('link', { name: '1' }).closest('tr')).toHaveTextContent('AWS clusters');
    expect(screen.getByRole('link', { name: '3' }).closest('tr')).toHaveTextContent('All clusters');
    const query = calls('GET', REPORTS)[0]?.url.searchParams;
    expect(query?.getAll('status')).toEqual(['completed', 'running']);
    expect(query?.get('provider')).toBe('AWS');
    expect(query?.get('tenant_id')).toBe('42');
    expect(query?.get('sort')).toBe('-created_at');
  });

  it('generates a report for a scope and opens it', async () => {
    const { calls } = serve();
    const { router } = renderWithProviders(<ReportListPage />, { path: '/component-diff' });
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Report' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Tenant ID'), ' 1372813090000000001 ');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'before the review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/component-diff/9'));
    expect(calls('POST', REPORTS)[0]?.body).toEqual({ tenant_id: '1372813090000000001', note: 'before the review' });
  });

  it('offers Generate Report only to those who may operate', async () => {
    serve(viewerProfile);
    renderWithProviders(<ReportListPage />, { path: '/component-diff' });
    expect(await screen.findByRole('link', { name: '4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Report' })).toBeNull();
  });
});

describe('/component-diff/:reportId', () => {
  const CANCELLABLE: readonly string[] = ['queued', 'running'];
  function serve(r: ComponentDiffReport | (() => ComponentDiffReport)) {
    return mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${REPORTS}/3`]: () => ({ body: typeof r === 'function' ? r() : r }),
      [`GET ${REPORTS}/3/diffs`]: { body: { items: [diffRow()], total: 1 } },
      [`POST ${REPORTS}/3/cancel`]: { body: report({ status: 'cancelled' }) },
      'GET /api/v1/devops/audit': { body: { items: [], total: 0 } },
    });
  }
  const render = (path = '/component-diff/3') =>
    renderWithProviders(<ReportDetailPage />, { path, routePath: '/component-diff/:reportId' });

  it.each(COMPONENT_DIFF_STATUSES.map((s) => [s]))(
    'in status %s enables Cancel only while queued or running',
    async (status) => {
      serve(report({ status: status as ComponentDiffStatus }));
      render();
      expect((await screen.findAllByText(status)).length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: /Cancel$/ })).toHaveProperty('disabled', !CANCELLABLE.includes(status));
    },
  );

  it('shows the diff rows with what was expected and what runs, filtered from the URL', async () => {
    const { calls } = serve(report());
    render('/component-diff/3?provider=AWS&component=TIKV&difference=version&tenant_id=7&search=orders&sort=-cluster');
    const table = await screen.findByRole('table', { name: 'Diff rows' });
    const row = (await within(table).findByText('production-orders')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Northwind Traders');
    expect(row).toHaveTextContent('version + image');
    expect(within(row).getByText('pingcap/tikv:v8.1.2')).toBeInTheDocument();
    expect(within(row).getByText('v8.1.1-20240301-a1b2c3d')).toBeInTheDocument();
    const query = calls('GET', `${REPORTS}/3/diffs`)[0]?.url.searchParams;
    expect(query?.getAll('provider')).toEqual(['AWS']);
    expect(query?.getAll('component')).toEqual(['TIKV']);
    expect(query?.getAll('difference')).toEqual(['version']);
    expect(query?.get('tenant_id')).toBe('7');
    expect(query?.get('search')).toBe('orders');
    expect(query?.get('sort')).toBe('-cluster');
    expect(screen.getByText('150 (90 version, 110 image)')).toBeInTheDocument();
  });

  it('cancels a running report after confirmation', async () => {
    let current = report({ status: 'running', finished_at: null });
    const { calls } = serve(() => current);
    render();
    await userEvent.click(await screen.findByRole('button', { name: /Cancel$/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Cancel report 3?');
    current = report({ status: 'cancelled' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel the report' }));
    await waitFor(() => expect(calls('POST', `${REPORTS}/3/cancel`)).toHaveLength(1));
    expect(await screen.findByText('Successfully Cancel')).toBeInTheDocument();
  });
});
