import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { configcenterApi, Profile, RouteResponse } from '@portal/contract';
import { mockFetch } from '../../../test/fetchMock';
import type { Reply } from '../../../test/fetchMock';
import { operatorProfile, viewerProfile } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { VersionPage } from './VersionPage';

vi.setConfig({ testTimeout: 60_000 });

const P = '/api/v1/devops/cloudconfig';

const rules: RouteResponse<typeof configcenterApi.versionRules> = {
  items: [
    { id: 'r1', component: 'TIDB', cloud_provider: null, region: null, cluster_version: null, version: 'v8.5.1' },
    { id: 'r2', component: 'TIKV', cloud_provider: 'AWS', region: null, cluster_version: 'v8.1.2', version: 'v8.1.3' },
    {
      id: 'r3',
      component: 'PD',
      cloud_provider: 'GCP',
      region: 'us-central1',
      cluster_version: 'v7.5.4',
      version: 'v7.5.6',
    },
  ],
  total: 23,
};

const versions: RouteResponse<typeof configcenterApi.versions> = {
  versions: [
    {
      cluster_type: 'DEDICATED_TIDB',
      version: 'v8.1.2',
      is_default: false,
      source: 'seed',
      environments: ['dev', 'staging', 'prod'],
      created_at: '2026-01-05T10:00:00Z',
    },
    {
      cluster_type: 'DEDICATED_TIDB',
      version: 'v8.5.1',
      is_default: true,
      source: 'gitops',
      environments: ['prod'],
      created_at: '2026-02-05T10:00:00Z',
    },
    {
      cluster_type: 'DEDICATED_TIDB',
      version: 'v8.1.3',
      is_default: false,
      source: 'release',
      environments: [],
      created_at: '2026-03-05T10:00:00Z',
    },
  ],
};

const changes: RouteResponse<typeof configcenterApi.changes> = {
  items: [
    {
      id: '7001',
      applicant: 'olivia@example.com',
      reason: 'Release v8.1.3',
      phase: 'in_progress',
      phase_reason: null,
      created_at: '2026-03-05T10:00:00Z',
      closed_at: null,
      item_types: ['version_release'],
      environments: [],
    },
  ],
  total: 1,
};

function serve(profile: Profile = operatorProfile, overrides: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/v1/devops/me': { body: profile },
    [`GET ${P}/versions/rules`]: { body: rules },
    [`GET ${P}/versions`]: { body: versions },
    [`GET ${P}/default_config/changes`]: { body: changes },
    [`POST ${P}/versions/default`]: { body: { instance_id: '9001' } },
    [`POST ${P}/versions/sync`]: { body: { instance_id: '9002' } },
    [`POST ${P}/versions/release`]: { status: 201, body: { change_id: '7002' } },
    ...overrides,
  });
}

const render = (path = '/version') => renderWithProviders(<VersionPage />, { path, routePath: '/version' });

async function openDialog(button: string, title: string) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(button) }));
  return screen.findByRole('dialog', { name: title });
}

/** The open dialog showing `text` (jsdom gives every antd dialog title the same id, so names are not unique). */
function dialogWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) =>
      d.textContent?.includes(text),
    );
    if (!found) throw new Error(`no dialog with "${text}"`);
    return found;
  });
}

async function pickOption(field: HTMLElement, text: string) {
  await userEvent.click(field);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) =>
      o.textContent?.startsWith(text),
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  await userEvent.click(option);
}

describe('/version', () => {
  it('labels unset regions and cluster versions as "Any …" and pages the rules on the server', async () => {
    const { calls } = serve();
    const { router } = render();
    const table = await screen.findByRole('table', { name: 'Default Version Rules' });
    const row = (component: string) => within(table).getByText(component).closest('tr') as HTMLElement;
    await waitFor(() => expect(row('TIDB')).toHaveTextContent('Any Cloud Region'));
    expect(row('TIDB')).toHaveTextContent('Any Cluster Version');
    expect(row('TIDB')).toHaveTextContent('v8.5.1');
    expect(row('TIKV')).toHaveTextContent('Any AWS Region');
    expect(row('TIKV')).toHaveTextContent('v8.1.2');
    expect(row('PD')).toHaveTextContent('us-central1');
    expect(row('PD')).not.toHaveTextContent('Any');
    const first = calls('GET', `${P}/versions/rules`)[0]?.url.searchParams;
    expect(first?.get('per_page')).toBe('10');
    expect(first?.get('page')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls('GET', `${P}/versions/rules`).at(-1)?.url.searchParams.get('page')).toBe('2'));
    expect(router.state.location.search).toBe('?rules_page=2');
  });

  it('lists the versions of a cluster type newest first, the default tagged, and the version changes', async () => {
    serve();
    render();
    const table = await screen.findByRole('table', { name: 'Cluster versions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('v8.5.1');
    expect(first).toHaveTextContent('Default');
    expect(first).toHaveTextContent('Gitops');
    expect(second).toHaveTextContent('v8.1.3');
    expect(second).not.toHaveTextContent('Default');
    expect(third).toHaveTextContent('v8.1.2');
    expect(third).toHaveTextContent('staging');
    const link = await screen.findByRole('link', { name: '7001' });
    expect(link).toHaveAttribute('href', '/version/modify/7001');
  });

  it('hides the actions from a user who may only read', async () => {
    serve(viewerProfile);
    render();
    await screen.findByRole('table', { name: 'Default Version Rules' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Sync from Gitops/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Set Default Version/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New TiDB Version/ })).not.toBeInTheDocument();
  });

  it('Set Default Version: validates, sends is_default for DEDICATED_TIDB, links the operation', async () => {
    const { calls } = serve();
    render();
    const dialog = await openDialog('Set Default Version', 'Set Default Version');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Default' }));
    expect(await within(dialog).findByText('version is required')).toBeInTheDocument();
    expect(calls('POST', `${P}/versions/default`)).toHaveLength(0);

    await pickOption(within(dialog).getByRole('combobox'), 'v8.1.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Default' }));
    const link = await screen.findByRole('link', { name: '9001' });
    expect(link).toHaveAttribute('href', '/operations/9001');
    expect(calls('POST', `${P}/versions/default`).map((r) => r.body)).toEqual([
      { cluster_type: 'DEDICATED_TIDB', version: 'v8.1.2', is_default: true },
    ]);
  });

  it('a refused request opens the error dialog and keeps the form', async () => {
    serve(operatorProfile, {
      [`POST ${P}/versions/default`]: {
        status: 404,
        body: { code: 'version.notFound', message: 'no such version', requestId: 'r' },
      },
    });
    render();
    const dialog = await openDialog('Set Default Version', 'Set Default Version');
    await pickOption(within(dialog).getByRole('combobox'), 'v8.1.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Default' }));
    const failure = await dialogWith('version.notFound');
    expect(failure).toHaveTextContent('no such version');
    expect(dialog).toBeInTheDocument();
    expect(dialog.querySelector('.ant-select-content')).toHaveTextContent('v8.1.2');
    expect(screen.queryByRole('link', { name: /^9/ })).not.toBeInTheDocument();
  });

  it('Sync from Gitops: defaults 3layer-prod and v99.99.99, requires a reason, then links the operation', async () => {
    const { calls } = serve();
    render();
    const dialog = await openDialog('Sync from Gitops', 'Sync from Gitops');
    expect(within(dialog).getByLabelText('Gitops branch')).toHaveValue('3layer-prod');
    expect(within(dialog).getByLabelText('Max version')).toHaveValue('v99.99.99');
    expect(within(dialog).getByLabelText('Min version')).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(await within(dialog).findByText('change reason is required')).toBeInTheDocument();
    expect(calls('POST', `${P}/versions/sync`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Min version'), { target: { value: '6.5' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'pick up v8.5.2' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(await within(dialog).findByText('a version looks like v8.1.1')).toBeInTheDocument();
    expect(calls('POST', `${P}/versions/sync`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Min version'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Tier branch'), { target: { value: 'tier-1' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByRole('link', { name: '9002' })).toHaveAttribute('href', '/operations/9002');
    expect(calls('POST', `${P}/versions/sync`).map((r) => r.body)).toEqual([
      { gitops_branch: '3layer-prod', max_version: 'v99.99.99', tier_branch: 'tier-1', reason: 'pick up v8.5.2' },
    ]);
  });

  it('New TiDB Version: the chooser validates the target, then the version change opens', async () => {
    const { calls } = serve();
    const { router } = render();
    const dialog = await openDialog('New TiDB Version', 'New TiDB Version');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('target version is required')).toBeInTheDocument();
    expect(within(dialog).getByText('source version is required')).toBeInTheDocument();
    expect(calls('POST', `${P}/versions/release`)).toHaveLength(0);

    await pickOption(within(dialog).getByLabelText('Source version'), 'v8.1.2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose' }));
    const chooser = await dialogWith('Choose the target version');
    // Suggestions skip what exists: v8.1.3 exists, so the next patch is v8.1.4; the next minor after v8.5 is v8.6.0.
    expect(within(chooser).getByText('v8.1.4')).toBeInTheDocument();
    expect(within(chooser).getByText('v8.6.0')).toBeInTheDocument();
    const choose = () => userEvent.click(within(chooser).getByRole('button', { name: 'Choose' }));
    await choose();
    expect(await within(chooser).findByText('target version is required')).toBeInTheDocument();
    fireEvent.change(within(chooser).getByLabelText('Target version'), { target: { value: '8.2' } });
    await choose();
    expect(await within(chooser).findByText('a version looks like v8.1.1')).toBeInTheDocument();
    fireEvent.change(within(chooser).getByLabelText('Target version'), { target: { value: 'v8.1.3' } });
    await choose();
    expect(await within(chooser).findByText('v8.1.3 already exists')).toBeInTheDocument();
    await userEvent.click(within(chooser).getByText('Next patch:'));
    await choose();
    await waitFor(() => expect(chooser).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Target version')).toHaveValue('v8.1.4');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/version/modify/7002'));
    expect(calls('POST', `${P}/versions/release`).map((r) => r.body)).toEqual([
      { cluster_type: 'DEDICATED_TIDB', source_version: 'v8.1.2', target_version: 'v8.1.4', reason: '' },
    ]);
  });
});
