import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { K8sInfo, ListResult } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { INFOS, k8sInfo, k8sInfoDetail } from '../testing';
import { InfraDetailPage } from './InfraDetailPage';
import { InfraListPage } from './InfraListPage';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 4000 });

const busy = k8sInfo({
  open_task: { task_id: '7', name: 'AWS us-east-1 prod to 1.30', status: 'running', cluster_status: 'upgrading' },
});

describe('/infraInformation', () => {
  it('lists the k8s clusters with the filters and search of the URL', async () => {
    const page: ListResult<K8sInfo> = { items: [busy], total: 1 };
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${INFOS}`]: { body: page },
    });
    const { router } = renderWithProviders(<InfraListPage />, {
      path: '/infraInformation?provider=AWS&provider=GCP&environment=prod&version=1.29&region=us-east-1&search=prod&sort=-version',
    });
    expect(await screen.findByRole('link', { name: busy.name })).toHaveAttribute(
      'href',
      '/infraInformation/aws-us-east-1-prod-01',
    );
    const row = screen.getByRole('link', { name: busy.name }).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'AWS us-east-1 prod to 1.30' })).toHaveAttribute(
      'href',
      '/k8sUpgradeTask/7',
    );
    expect(row).toHaveTextContent('upgrading');
    const query = calls('GET', INFOS)[0]?.url.searchParams;
    expect(query?.getAll('provider')).toEqual(['AWS', 'GCP']);
    expect(query?.getAll('environment')).toEqual(['prod']);
    expect(query?.getAll('version')).toEqual(['1.29']);
    expect(query?.get('region')).toBe('us-east-1');
    expect(query?.get('search')).toBe('prod');
    expect(query?.get('sort')).toBe('-version');
    expect(screen.getByLabelText('Provider')).toHaveValue('AWS, GCP');

    // Sorting by name (the default order) takes the sort out of the URL.
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('sort')).toBe(false));
    await waitFor(() => expect(calls('GET', INFOS).at(-1)?.url.searchParams.get('sort')).toBe('name'));
  });
});

describe('/infraInformation/:k8sName', () => {
  it('shows the facts, the node pools, the hosted clusters linked to their pages and the upgrade history', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${INFOS}/aws-us-east-1-prod-01`]: {
        body: k8sInfoDetail({
          upgrade_history: [
            {
              task_id: '4',
              task_name: 'AWS us-east-1 to 1.29',
              task_status: 'closed',
              batch: 2,
              status: 'succeeded',
              from_version: '1.28',
              to_version: '1.29',
              operation_id: '88',
              reason: null,
              started_at: '2024-05-01T08:00:00.000Z',
              finished_at: '2024-05-01T08:20:00.000Z',
              created_at: '2024-05-01T07:00:00.000Z',
            },
          ],
        }),
      },
    });
    const { router } = renderWithProviders(<InfraDetailPage />, {
      path: '/infraInformation/aws-us-east-1-prod-01',
      routePath: '/infraInformation/:k8sName',
    });
    const pools = await screen.findByRole('table', { name: 'Node pools' });
    expect(screen.getByRole('heading', { name: 'Kubernetes Cluster aws-us-east-1-prod-01' })).toBeVisible();
    expect(within(pools).getByText('r6i.4xlarge')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /Hosted Clusters/ }));
    const hosted = await screen.findByRole('table', { name: 'Hosted clusters' });
    expect(within(hosted).getByRole('link', { name: 'orders-prod' })).toHaveAttribute(
      'href',
      '/orgs/1372813089189341184/clusters/10086',
    );
    expect(router.state.location.search).toBe('?tab=hosted');

    await userEvent.click(screen.getByRole('tab', { name: 'Upgrade History' }));
    const history = await screen.findByRole('table', { name: 'Upgrade history' });
    expect(within(history).getByRole('link', { name: 'AWS us-east-1 to 1.29' })).toHaveAttribute(
      'href',
      '/k8sUpgradeTask/4',
    );
    expect(within(history).getByRole('link', { name: 'Upgrade by task 4' })).toHaveAttribute(
      'href',
      '/k8sUpgradeTask/4/k8sCluster/aws-us-east-1-prod-01',
    );
    expect(within(history).getByRole('link', { name: '88' })).toHaveAttribute('href', '/operations/88');
  });
});
