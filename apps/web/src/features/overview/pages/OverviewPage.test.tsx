import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { FeatureManifest } from '../../../shared/lib/feature';
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { renderWithProviders } from '../../../test/render';
import { OverviewPage } from './OverviewPage';

const stats: DashboardStats = {
  generated_at: '2024-05-01T10:00:00Z',
  tenants: {
    total: 12345,
    by_status: [
      { key: 'ACTIVE', count: 12000 },
      { key: 'SUSPENDED', count: 345 },
    ],
  },
  projects: { total: 67890 },
  clusters: {
    total: 1234567,
    by_status: [
      { key: 'AVAILABLE', count: 1234000 },
      { key: 'PAUSED', count: 567 },
    ],
    by_provider: [{ key: 'aws', count: 1234567 }],
    by_cluster_type: [{ key: 'DEDICATED', count: 1234567 }],
  },
};

describe('overview', () => {
  it('shows the platform totals with thousands separators and one chart per breakdown', async () => {
    mockFetch({ 'GET /api/v1/admin/dashboard/stats': { body: stats } });
    renderWithProviders(<OverviewPage />, { path: '/overview' });
    expect(await screen.findByText('12,345')).toBeInTheDocument();
    expect(screen.getByText('67,890')).toBeInTheDocument();
    expect(screen.getByText('1,234,567')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tenants' })).toHaveAttribute('href', '/orgs');
    const byStatus = screen.getByRole('list', { name: 'Tenants by status' });
    expect(within(byStatus).getByText('SUSPENDED')).toBeInTheDocument();
    // Each bar says what it stands for on hover.
    expect(byStatus.querySelector('[title="SUSPENDED: 345 (2.8%)"]')).not.toBeNull();
    for (const title of ['Clusters by status', 'Clusters by provider', 'Clusters by cluster type'])
      expect(screen.getByRole('list', { name: title })).toBeInTheDocument();
  });

  it('shows the panels other areas add; one that fails (its query or its code) leaves the page and the rest', async () => {
    mockFetch({
      'GET /api/v1/admin/dashboard/stats': { body: stats },
      'GET /api/v1/test/oncall': { body: { name: 'Ada on call' } },
      'GET /api/v1/test/broken': { status: 500, body: { code: 'internal', message: 'boom' } },
    });
    function OnCall() {
      const q = useQuery({
        queryKey: ['oncall'],
        queryFn: () => fetch('/api/v1/test/oncall').then((r) => r.json() as Promise<{ name: string }>),
      });
      return <span>{q.data?.name ?? 'loading'}</span>;
    }
    const panels: FeatureManifest = {
      key: 'panels',
      requires: 'overview.read',
      routes: [],
      overviewPanels: [
        { key: 'later', title: 'Second panel', order: 20, load: () => Promise.reject(new Error('chunk gone')) },
        { key: 'first', title: 'Cloud on-call', order: 10, load: () => Promise.resolve(OnCall) },
        { key: 'admin', title: 'Admins only', order: 5, requires: 'admin.audits', load: () => Promise.resolve(OnCall) },
      ],
    };
    renderWithProviders(<OverviewPage />, { path: '/overview', features: [panels] });
    expect(await screen.findByText('Ada on call')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load Second panel')).toBeInTheDocument();
    // In order, and only those the user may see (the test user is no admin).
    const titles = [...document.querySelectorAll('.overview-panels .panel-title')].map((t) => t.textContent);
    expect(titles).toEqual(['Cloud on-call', 'Second panel']);
    expect(screen.getByText('1,234,567')).toBeInTheDocument();
  });
});
