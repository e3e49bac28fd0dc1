import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateMaintenanceBody } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { cluster, operatorProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { BASE, maintenance } from '../testing';
import { ClusterMaintenanceTab } from './ClusterMaintenanceTab';

vi.setConfig({ testTimeout: 60_000 });

describe("the cluster page's Maintenance tab", () => {
  it("lists the cluster's maintenances and starts a new one for it, in its project", async () => {
    const { calls } = mockFetch({
      'GET /api/v1/devops/me': { body: operatorProfile },
      [`GET ${BASE}`]: { body: { items: [maintenance()], total: 1 } },
      'GET /api/v1/admin/orgs': { body: { items: [], total: 0 } },
      'GET /api/v1/admin/orgs/:id/projects': { body: { items: [], total: 0 } },
      'GET /api/v1/devops/cluster/clusters': { body: { items: [cluster()], total: 1 } },
      [`POST ${BASE}`]: { status: 201, body: maintenance({ id: '43' }) },
    });
    const { router } = renderWithProviders(<ClusterMaintenanceTab cluster={cluster()} />, {
      path: '/orgs/1372813089189341184/clusters/10086?tab=maintenance',
      routePath: '*',
    });
    const table = await screen.findByRole('table', { name: 'Maintenances' });
    expect(await within(table).findByRole('link', { name: '7' })).toHaveAttribute('href', '/maintenance/7');
    expect(calls('GET', BASE).at(-1)!.url.searchParams.get('cluster_id')).toBe('10086');

    await userEvent.click(screen.getByRole('button', { name: 'New Maintenance' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Acme Corp')).toBeInTheDocument();
    expect(within(dialog).getByText('Default Project')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance/43'));
    expect(calls('POST', BASE)[0]!.body as CreateMaintenanceBody).toMatchObject({
      project_id: 'p-1',
      cluster_ids: ['10086'],
    });
  });
});
