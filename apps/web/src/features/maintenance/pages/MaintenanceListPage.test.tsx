import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreateMaintenanceBody } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import { cluster, operatorProfile, tenant, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { BASE, maintenance } from '../testing';
import { MaintenanceListPage } from './MaintenanceListPage';

vi.setConfig({ testTimeout: 60_000 });

const PROJECT = {
  id: 'p-1',
  tenant_id: '1372813089189341184',
  name: 'Default Project',
  region: 'us-east-1',
  created_at: '2024-03-01T10:00:00.000Z',
  cluster_count: 2,
};

function serve(
  profile = operatorProfile,
  create?: (body: CreateMaintenanceBody) => { status?: number; body: unknown },
) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${BASE}`]: {
      body: { items: [maintenance(), maintenance({ id: '8', status: 'Pending' })], total: 2 },
    },
    'GET /api/v1/admin/orgs': { body: { items: [tenant()], total: 1 } },
    'GET /api/v1/admin/orgs/:id/projects': { body: { items: [PROJECT], total: 1 } },
    'GET /api/v1/devops/cluster/clusters': {
      body: {
        items: [
          cluster(),
          cluster({ id: '10087', name: 'orders-dr' }),
          cluster({ id: '10088', name: 'old-one', status: 'USER_CLUSTER_STATUS_DELETED' }),
        ],
        total: 3,
      },
    },
    [`POST ${BASE}`]: (req) => create?.(req.body as CreateMaintenanceBody) ?? { status: 201, body: maintenance() },
  });
}

/** Opens an antd Select (by its field) and picks the option whose text holds `text`. */
async function choose(field: HTMLElement, text: string) {
  // A field waiting for the one before it (the project for its tenant) is disabled until then.
  await waitFor(() => expect(field).toBeEnabled());
  fireEvent.mouseDown(field);
  const option = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((o) => (o.textContent ?? '').includes(text));
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

const render = (path = '/maintenance') =>
  renderWithProviders(<MaintenanceListPage />, { path, routePath: '/maintenance' });

describe('/maintenance', () => {
  it('lists maintenances with the filters of the URL, each linked to its page', async () => {
    const { calls } = serve();
    render('/maintenance?status=Running&status=Pending&schedule_from=2026-11-01&project_id=p-1');
    const table = await screen.findByRole('table', { name: 'Maintenances' });
    expect(await within(table).findByRole('link', { name: '8' })).toHaveAttribute('href', '/maintenance/8');
    const query = calls('GET', BASE).at(-1)!.url.searchParams;
    expect(query.getAll('status')).toEqual(['Running', 'Pending']);
    expect(query.get('schedule_from')).toBe('2026-11-01');
    expect(query.get('project_id')).toBe('p-1');
    expect(query.get('sort')).toBe('-schedule_time');
    expect(query.get('per_page')).toBe('10');
  });

  it('does not offer New Maintenance to a user who may not operate', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Maintenances' });
    await screen.findByRole('link', { name: '8' });
    expect(screen.queryByRole('button', { name: 'New Maintenance' })).toBeNull();
  });

  it('creates a maintenance of a project’s clusters and opens it', async () => {
    const { calls } = serve(operatorProfile, () => ({ status: 201, body: maintenance({ id: '42' }) }));
    const { router } = renderWithProviders(<MaintenanceListPage />, {
      path: '/maintenance',
      routePath: '/maintenance/*',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New Maintenance' }));
    const dialog = await screen.findByRole('dialog');
    await choose(await within(dialog).findByLabelText('Tenant'), 'Acme Corp');
    await choose(within(dialog).getByLabelText('Project'), 'Default Project');
    await choose(within(dialog).getByLabelText('Clusters'), 'orders-dr');
    // A deleted cluster is offered but cannot be chosen.
    fireEvent.mouseDown(within(dialog).getByLabelText('Clusters'));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option-disabled')].map((o) => o.textContent)).toContain(
        'old-one (10088)',
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maintenance/42'));
    const [post] = calls('POST', BASE);
    const body = post!.body as CreateMaintenanceBody;
    expect(body).toMatchObject({ project_id: 'p-1', cluster_ids: ['10087'], description: '' });
    // Defaults: from now (to the minute, UTC) for four hours.
    const schedule = Date.parse(body.schedule_time);
    expect(Math.abs(schedule - Date.now())).toBeLessThan(2 * 60_000);
    expect(Date.parse(body.deadline) - schedule).toBe(4 * 3_600_000);
  });

  it('shows the server’s refusals in the dialog: on the field, or above the form', async () => {
    let answer = {
      status: 400,
      body: {
        code: 'maintenance.clusterNotInProject',
        message: 'Cluster 10086 is not in project Default Project (p-1)',
        details: [{ field: 'body.cluster_ids', message: 'Cluster 10086 is not in project Default Project (p-1)' }],
      },
    };
    serve(operatorProfile, () => answer);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'New Maintenance' }));
    const dialog = await screen.findByRole('dialog');
    await choose(await within(dialog).findByLabelText('Tenant'), 'Acme Corp');
    await choose(within(dialog).getByLabelText('Project'), 'Default Project');
    await choose(within(dialog).getByLabelText('Clusters'), 'orders-prod');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('Cluster 10086 is not in project Default Project (p-1)'),
    ).toBeInTheDocument();
    answer = {
      status: 409,
      body: {
        code: 'maintenance.overlap',
        message: 'Cluster 10086 is already in maintenance 7, whose window overlaps this one',
        details: [] as never,
      },
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already in maintenance 7');
  });

  it('asks for the fields it needs before sending anything', async () => {
    const { calls } = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'New Maintenance' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('project is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('choose at least one cluster')).toBeInTheDocument();
    expect(calls('POST', BASE)).toHaveLength(0);
  });
});
