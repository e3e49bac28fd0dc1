import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { O11Y, o11yCluster, o11yDetail } from '../testing';
import { O11yDetailPage } from './O11yDetailPage';
import { O11yListPage } from './O11yListPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const down = o11yCluster({
  name: 'o11y-alicloud-cn-hangzhou',
  provider: 'ALICLOUD',
  region_id: 'alicloud.cn-hangzhou',
  region: 'cn-hangzhou',
  health: 'down',
  health_message: 'No samples received for 3 days',
  ingestion_rate: 0,
  active_series: 0,
});

describe('/o11y', () => {
  it('lists the o11y clusters with health, coverage and load, linked to their pages and regions', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${O11Y}`]: { body: { items: [down, o11yCluster()], total: 2 } },
    });
    renderWithProviders(<O11yListPage />, { path: '/o11y?health=down&provider=ALICLOUD' });
    const link = await screen.findByRole('link', { name: 'o11y-aws-us-east-1' });
    expect(link).toHaveAttribute('href', '/o11y/o11y-aws-us-east-1');
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('185K');
    expect(row).toHaveTextContent('2.78M');
    expect(row).toHaveTextContent('561 / 4,096 GiB (14%)');
    expect(within(row).getByRole('link', { name: 'us-east-1' })).toHaveAttribute(
      'href',
      '/certification?region=aws.us-east-1',
    );
    const downRow = screen.getByRole('link', { name: 'o11y-alicloud-cn-hangzhou' }).closest('tr') as HTMLElement;
    expect(downRow).toHaveTextContent('down');
    const query = calls('GET', O11Y)[0]?.url.searchParams;
    expect(query?.getAll('health')).toEqual(['down']);
    expect(query?.getAll('provider')).toEqual(['ALICLOUD']);
  });
});

describe('/o11y/:name', () => {
  it('shows the facts, the stack with its unready parts and the clusters it covers', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${O11Y}/o11y-aws-us-east-1`]: { body: o11yDetail({ health: 'degraded', health_message: 'vmstorage-2' }) },
      [`GET ${O11Y}/o11y-aws-us-east-1/clusters`]: {
        body: {
          items: [
            {
              id: '1034298374651830001',
              name: 'production-orders',
              status: 'USER_CLUSTER_STATUS_AVAILABLE',
              cluster_type: 'DEDICATED_TIDB',
              version: 'v8.1.1',
              tenant_id: '1372813090000000001',
              tenant_name: 'Northwind Traders',
              created_at: '2025-03-01T00:00:00.000Z',
            },
          ],
          total: 1,
        },
      },
    });
    renderWithProviders(<O11yDetailPage />, {
      path: '/o11y/o11y-aws-us-east-1?covered_search=orders',
      routePath: '/o11y/:name',
    });
    expect(await screen.findByText('vmstorage-2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'aws.us-east-1' })).toHaveAttribute(
      'href',
      '/certification?region=aws.us-east-1',
    );
    const covered = await screen.findByRole('table', { name: 'Covered clusters' });
    expect(await within(covered).findByText('production-orders')).toBeInTheDocument();
    expect(within(covered).getByText('AVAILABLE')).toBeInTheDocument();
    expect(calls('GET', `${O11Y}/o11y-aws-us-east-1/clusters`)[0]?.url.searchParams.get('search')).toBe('orders');
    expect(screen.getByRole('tab', { name: 'Covered Clusters (67)' })).toBeInTheDocument();
  });
});
