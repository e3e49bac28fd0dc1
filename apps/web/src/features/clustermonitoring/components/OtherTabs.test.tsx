import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { cluster, operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { CLUSTER_BASE, CRITICAL_URL, criticalAlert, dmNamespace, topology } from '../testing';
import { ClusterDmTab } from './ClusterDmTab';
import { ClusterTopologyTab } from './ClusterTopologyTab';
import { CriticalAlertsPanel } from './CriticalAlertsPanel';

vi.setConfig({ testTimeout: 60_000 });

describe("the cluster page's Topology tab", () => {
  it('shows the zones, the stores with their state and usage, and where each instance runs', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${CLUSTER_BASE}/topology`]: { body: topology() },
    });
    renderWithProviders(<ClusterTopologyTab cluster={cluster()} />);
    const zone = await screen.findByRole('region', { name: 'Zone us-east-1c' });
    expect(within(zone).getByText('Stores up').nextSibling).toHaveTextContent('0 / 1');
    const stores = screen.getByRole('table', { name: 'Stores' });
    const down = within(stores).getAllByRole('row')[3]!;
    expect(within(down).getByText('Down')).toBeInTheDocument();
    expect(within(down).getByText('950 GiB / 1000 GiB (95%)')).toBeInTheDocument();
    const comps = screen.getByRole('table', { name: 'Topology components' });
    expect(within(comps).getByText('db-tikv-1 (us-east-1b)')).toBeInTheDocument();
    expect(screen.queryByText('The stores could not be read from PD')).not.toBeInTheDocument();
  });

  it('says why the stores are missing when PD could not be read, still showing the rest, and retries', async () => {
    const failed = topology({
      stores: [],
      stores_error: 'PD of cluster 10086 did not answer within 5 s',
      zones: topology().zones.map((z) => ({ ...z, stores: 0, stores_up: 0, region_count: 0, leader_count: 0 })),
    });
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${CLUSTER_BASE}/topology`]: { body: failed },
    });
    renderWithProviders(<ClusterTopologyTab cluster={cluster()} />);
    const error = await screen.findByRole('alert');
    expect(within(error).getByText('The stores could not be read from PD')).toBeInTheDocument();
    expect(within(error).getByText('PD of cluster 10086 did not answer within 5 s')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Stores' })).not.toBeInTheDocument();
    const zone = screen.getByRole('region', { name: 'Zone us-east-1c' });
    expect(within(zone).queryByText('Stores up')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Topology components' })).getByText('db-tikv-1 (us-east-1b)'),
    ).toBeInTheDocument();
    const topologyCalls = () => calls('GET', '/api/v1/devops/cluster/clusters/10086/topology').length;
    const before = topologyCalls();
    expect(before).toBeGreaterThan(0);
    await userEvent.click(within(error).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(topologyCalls()).toBe(before + 1));
  });
});

describe("the cluster page's DM Namespaces tab", () => {
  it('lists the namespaces with their tasks, or says there are none', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${CLUSTER_BASE}/dm-ns`]: { body: { items: [dmNamespace()], total: 1 } },
    });
    const { unmount } = renderWithProviders(<ClusterDmTab cluster={cluster()} />);
    const ns = await screen.findByRole('region', { name: 'DM namespace dm-10086' });
    expect(within(ns).getByText('Degraded')).toBeInTheDocument();
    expect(within(ns).getByText(/workers 1\/2/)).toBeInTheDocument();
    const tasks = within(ns).getByRole('table', { name: 'Tasks of dm-10086' });
    expect(within(tasks).getByText('crm-sync')).toBeInTheDocument();
    expect(within(tasks).getByText('lag 90 min')).toBeInTheDocument();
    unmount();

    mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${CLUSTER_BASE}/dm-ns`]: { body: { items: [], total: 0 } },
    });
    renderWithProviders(<ClusterDmTab cluster={cluster()} />);
    expect(await screen.findByText('No DM namespaces: no data migration runs into this cluster')).toBeInTheDocument();
  });
});

describe("the overview's Critical Alerts panel", () => {
  it('links each alert to its cluster page on the Alerts tab and pages through them', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${CRITICAL_URL}`]: (req) => ({
        body: {
          items: [criticalAlert({ id: req.url.searchParams.get('page') === '2' ? '601' : '501' })],
          total: 7,
        },
      }),
    });
    renderWithProviders(<CriticalAlertsPanel />);
    const link = await screen.findByRole('link', { name: 'TiKV db-tikv-2 is down' });
    expect(link).toHaveAttribute('href', '/orgs/1372813089189341184/clusters/10086?tab=alerts');
    expect(screen.getByText(/orders-prod · Acme Corp · TiKV_server_is_down/)).toBeInTheDocument();
    expect(screen.getByText('7 firing · page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByText('7 firing · page 2 of 2')).toBeInTheDocument());
    expect(calls('GET', CRITICAL_URL).at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(calls('GET', CRITICAL_URL).at(-1)!.url.searchParams.get('per_page')).toBe('5');
  });

  it('says when nothing critical fires, and offers a retry when the call fails', async () => {
    mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${CRITICAL_URL}`]: { body: { items: [], total: 0 } },
    });
    const { unmount } = renderWithProviders(<CriticalAlertsPanel />);
    expect(await screen.findByText('No critical alerts are firing.')).toBeInTheDocument();
    unmount();
    mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${CRITICAL_URL}`]: { status: 500, body: { code: 'internal', message: 'boom', requestId: 'r' } },
    });
    renderWithProviders(<CriticalAlertsPanel />);
    expect(await screen.findByText('Failed to load the critical alerts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
